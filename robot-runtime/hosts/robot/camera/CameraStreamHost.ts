/**
 * @file A camera thread's host when its images come from an image stream or a V4L2 camera: each frame blocks until
 * the next image arrives (as a NAO's camera thread waits for its device), then injects it as CameraImage (width in
 * YUYV pixel pairs, time stamped on the thread's clock: when the camera took it, where the source says) with the
 * CameraInfo of its size. Without an image for a
 * while the frame runs on the previous one, so the thread stays responsive to the debug link.
 */
import type { InjectedData } from '@robot-runtime/core/module/defineModule';
import { naoCameraInfo } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { CameraShared } from './CameraShared';

/** Longest wait for one image before the frame runs without a new one (ms). */
const WAIT_SLICE_MS = 100;

/** Produces a camera thread's image from the shared buffer. */
export class CameraStreamHost {
  private readonly shared: CameraShared;
  private seen = 0;
  private lastTime = -1;

  constructor(
    buffer: SharedArrayBuffer,
    /** 0 upper, 1 lower. */
    private readonly camera: number,
    /** The thread's clock (ms): the wall clock, or the cycle count against a simulator in lock-step. */
    private readonly now: () => number,
  ) {
    this.shared = new CameraShared(buffer);
  }

  /** One frame: the new image's values, or none when none came in time. */
  frame(): InjectedData {
    const sequence = this.shared.waitForImage(this.seen, WAIT_SLICE_MS);
    const values: Record<string, unknown> = {};
    if (sequence !== this.seen) {
      this.seen = sequence;
      const image = this.shared.read();
      // A camera says when it took the image (epoch ms); a stream only when it arrived. Either moves onto the
      // thread's clock.
      const age =
        image && Number.isFinite(image.takenAtMs) ? performance.timeOrigin + performance.now() - image.takenAtMs : 0;
      const time = Math.max(this.lastTime + 1, Math.round(this.now() - Math.max(0, age)));
      this.lastTime = time;
      if (image) {
        values.FrameInfo = { time };
        values.CameraInfo = naoCameraInfo(this.camera, image.width, image.height);
        values.CameraImage = { width: image.width / 2, height: image.height, image: image.image, timestamp: time };
      }
    }
    return { get: (name) => values[name] };
  }
}
