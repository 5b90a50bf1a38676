/**
 * @file The main thread's side of a microphone: starts its capture worker and hands the Audio thread the shared
 * ring; the worker's reports become events.
 */
import { EventEmitter } from 'node:events';
import { startDeviceWorker, type DeviceWorker } from '../workers/deviceWorker';
import { AudioShared } from './AudioShared';
import type { MicrophoneWorkerMessage } from './microphoneWorker';

/** Events: the worker's reports. */
export interface MicrophoneSourceEvents {
  report: [message: string];
}

/** One ALSA capture device read by a worker. */
export class MicrophoneSource extends EventEmitter<MicrophoneSourceEvents> {
  readonly shared = new AudioShared();
  private worker: DeviceWorker | undefined;

  constructor(
    readonly device: string,
    readonly channels = 2,
  ) {
    super();
  }

  /** Starts capturing. */
  start(): void {
    this.worker ??= startDeviceWorker<MicrophoneWorkerMessage>(
      import.meta.url,
      'microphoneWorker',
      { device: this.device, channels: this.channels, audio: this.shared.buffer },
      (message) => this.emit('report', message.message),
      (error) => this.emit('report', `microphone ${this.device}: ${error.message}`),
    );
  }

  /** Stops the worker (a read in progress ends within one block, about 43 ms). */
  async stop(): Promise<void> {
    await this.worker?.stop(2000);
    this.worker = undefined;
  }
}
