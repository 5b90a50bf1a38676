/**
 * @file A camera's capture thread (a worker, as B-Human gives each camera a thread of its own): runs the
 * supervisor until told to stop, publishes each image with the moment the driver stamped it (moved from
 * CLOCK_MONOTONIC onto the epoch clock the robot's threads share) and posts the supervisor's reports.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CameraShared } from '../camera/CameraShared';
import { CameraSupervisor, type CameraEvent } from './CameraSupervisor';
import { monotonicMicroseconds } from './libc';
import type { CameraRequest } from './V4L2Camera';

/** What the capture worker is started with. */
export interface CaptureWorkerData {
  device: string;
  request: CameraRequest;
  /** CameraShared's buffer. */
  image: SharedArrayBuffer;
  /** One Int32: non-zero asks the worker to stop. */
  stop: SharedArrayBuffer;
}

/** Messages the worker posts. */
export type CaptureWorkerMessage = { kind: 'event'; event: CameraEvent } | { kind: 'stopped'; images: number };

const data = workerData as CaptureWorkerData;
const shared = new CameraShared(data.image);
const stop = new Int32Array(data.stop);
const post = (message: CaptureWorkerMessage) => parentPort?.postMessage(message);
const supervisor = new CameraSupervisor(data.device, data.request, (event) => post({ kind: 'event', event }));

while (Atomics.load(stop, 0) === 0) {
  const frame = supervisor.step();
  if (!frame) continue;
  const ageMs = (monotonicMicroseconds() - frame.timestampUs) / 1000;
  const camera = supervisor.current!;
  shared.write(camera.width, camera.height, frame.bytes, performance.timeOrigin + performance.now() - ageMs);
}
supervisor.close();
post({ kind: 'stopped', images: supervisor.images });
