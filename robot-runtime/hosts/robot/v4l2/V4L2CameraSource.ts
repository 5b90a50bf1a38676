/**
 * @file The main thread's side of a V4L2 camera: starts its capture worker, hands the camera thread the shared
 * image buffer (the same CameraShared an image stream fills, so the camera threads do not care where images come
 * from) and turns the worker's reports into events.
 */
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { CameraShared } from '../camera/CameraShared';
import { spawnWorker } from '../workers/spawnTsWorker';
import type { CaptureWorkerData, CaptureWorkerMessage } from './captureWorker';
import type { CameraEvent } from './CameraSupervisor';
import type { CameraRequest } from './V4L2Camera';

/** Events: every report of the supervisor. */
export interface V4L2CameraSourceEvents {
  event: [event: CameraEvent];
}

/** One camera device read by a worker. */
export class V4L2CameraSource extends EventEmitter<V4L2CameraSourceEvents> {
  readonly shared = new CameraShared();
  private readonly stopFlag = new SharedArrayBuffer(4);
  private worker: Worker | undefined;

  constructor(
    readonly device: string,
    readonly request: CameraRequest,
  ) {
    super();
  }

  /** Starts capturing. */
  start(): void {
    if (this.worker) return;
    const workerData: CaptureWorkerData = {
      device: this.device,
      request: this.request,
      image: this.shared.buffer,
      stop: this.stopFlag,
    };
    const entry = new URL(`./captureWorker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
    this.worker = spawnWorker(entry, { workerData });
    this.worker.on('message', (message: CaptureWorkerMessage) => {
      if (message.kind === 'event') this.emit('event', message.event);
    });
    this.worker.on('error', (error) =>
      this.emit('event', { kind: 'lost', device: this.device, reason: `capture thread failed: ${error.message}` }),
    );
  }

  /** Stops the worker (it closes the device) and waits for it. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    Atomics.store(new Int32Array(this.stopFlag), 0, 1);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 3000);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
