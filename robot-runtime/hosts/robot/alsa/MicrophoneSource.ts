/**
 * @file The main thread's side of a microphone: starts its capture worker and hands the Audio thread the shared
 * ring; the worker's reports become events.
 */
import { DeviceSource } from '../workers/DeviceSource';
import { AudioShared } from './AudioShared';
import type { MicrophoneWorkerMessage } from './microphoneWorker';

/** One ALSA capture device read by a worker; its reports are messages for the robot's log. */
export class MicrophoneSource extends DeviceSource<string, MicrophoneWorkerMessage> {
  readonly shared = new AudioShared();

  constructor(
    readonly device: string,
    readonly channels = 2,
  ) {
    // A read in progress ends within one block (about 43 ms), so the worker stops well within 2 s.
    super(import.meta.url, 'microphoneWorker', 2000);
  }

  protected workerData(): object {
    return { device: this.device, channels: this.channels, audio: this.shared.buffer };
  }

  protected reportOf(message: MicrophoneWorkerMessage): string {
    return message.message;
  }

  protected failure(error: Error): string {
    return `microphone ${this.device}: ${error.message}`;
  }
}
