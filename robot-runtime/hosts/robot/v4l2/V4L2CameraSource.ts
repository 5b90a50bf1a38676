/**
 * @file The main thread's side of a V4L2 camera: starts its capture worker, hands the camera thread the shared
 * image buffer (the same CameraShared an image stream fills, so the camera threads do not care where images come
 * from) and turns the worker's reports into events.
 */
import { CameraShared } from '../camera/CameraShared';
import { DeviceSource } from '../workers/DeviceSource';
import type { CaptureWorkerMessage } from './captureWorker';
import type { CameraEvent } from './CameraSupervisor';
import type { CameraRequest } from './V4L2Camera';

/** One camera device read by a worker; its reports are every event of the supervisor. */
export class V4L2CameraSource extends DeviceSource<CameraEvent, CaptureWorkerMessage> {
  readonly shared = new CameraShared();

  constructor(
    readonly device: string,
    readonly request: CameraRequest,
  ) {
    // The worker closes the device when it stops; the default wait suits it.
    super(import.meta.url, 'captureWorker');
  }

  protected workerData(): object {
    return { device: this.device, request: this.request, image: this.shared.buffer };
  }

  protected reportOf(message: CaptureWorkerMessage): CameraEvent | undefined {
    return message.kind === 'event' ? message.event : undefined;
  }

  protected failure(error: Error): CameraEvent {
    return { kind: 'lost', device: this.device, reason: `capture thread failed: ${error.message}` };
  }
}
