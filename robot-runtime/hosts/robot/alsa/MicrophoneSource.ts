/**
 * @file The main thread's side of a microphone: starts its capture worker and hands the Audio thread the shared
 * ring; the worker's reports become events.
 */
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../workers/spawnTsWorker';
import { AudioShared } from './AudioShared';
import type { MicrophoneWorkerData, MicrophoneWorkerMessage } from './microphoneWorker';

/** Events: the worker's reports. */
export interface MicrophoneSourceEvents {
  report: [message: string];
}

/** One ALSA capture device read by a worker. */
export class MicrophoneSource extends EventEmitter<MicrophoneSourceEvents> {
  readonly shared = new AudioShared();
  private readonly stopFlag = new SharedArrayBuffer(4);
  private worker: Worker | undefined;

  constructor(
    readonly device: string,
    readonly channels = 2,
  ) {
    super();
  }

  /** Starts capturing. */
  start(): void {
    if (this.worker) return;
    const workerData: MicrophoneWorkerData = {
      device: this.device,
      channels: this.channels,
      audio: this.shared.buffer,
      stop: this.stopFlag,
    };
    const entry = new URL(`./microphoneWorker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
    this.worker = spawnWorker(entry, { workerData });
    this.worker.on('message', (message: MicrophoneWorkerMessage) => this.emit('report', message.message));
    this.worker.on('error', (error) => this.emit('report', `microphone ${this.device}: ${error.message}`));
  }

  /** Stops the worker (a read in progress ends within one block, about 43 ms). */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    Atomics.store(new Int32Array(this.stopFlag), 0, 1);
    Atomics.notify(new Int32Array(this.stopFlag), 0);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 2000);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
