/**
 * @file The main thread's side of a V4L2 camera: starts its capture worker, hands the camera thread the shared
 * image buffer (the same CameraShared an image stream fills, so the camera threads do not care where images come
 * from) and turns the worker's reports into events.
 */
import { EventEmitter } from 'node:events';
import { CameraShared } from '../camera/CameraShared';
import { startDeviceWorker, type DeviceWorker } from '../workers/deviceWorker';
import type { CaptureWorkerMessage } from './captureWorker';
import type { CameraEvent } from './CameraSupervisor';
import type { CameraRequest } from './V4L2Camera';

/** Events: every report of the supervisor. */
export interface V4L2CameraSourceEvents {
  event: [event: CameraEvent];
}

/** One camera device read by a worker. */
export class V4L2CameraSource extends EventEmitter<V4L2CameraSourceEvents> {
  readonly shared = new CameraShared();
  private worker: DeviceWorker | undefined;

  constructor(
    readonly device: string,
    readonly request: CameraRequest,
  ) {
    super();
  }

  /** Starts capturing. */
  start(): void {
    this.worker ??= startDeviceWorker<CaptureWorkerMessage>(
      import.meta.url,
      'captureWorker',
      { device: this.device, request: this.request, image: this.shared.buffer },
      (message) => {
        if (message.kind === 'event') this.emit('event', message.event);
      },
      (error) =>
        this.emit('event', { kind: 'lost', device: this.device, reason: `capture thread failed: ${error.message}` }),
    );
  }

  /** Stops the worker (it closes the device) and waits for it. */
  async stop(): Promise<void> {
    await this.worker?.stop();
    this.worker = undefined;
  }
}
