/**
 * @file The memory a camera's image client (main thread, which owns the socket) shares with its camera thread (a
 * worker): the newest image behind a sequence counter (odd while being written) that the thread waits on, as a
 * NAO's camera thread waits for the V4L2 device. Sized for the largest NAO image (1280×960 YUYV).
 */

/** Largest image accepted (pixels per row and rows: the NAO V6's largest mode). */
export const MAX_IMAGE_WIDTH = 1280;
export const MAX_IMAGE_HEIGHT = 960;

const SEQ = 0;
const WIDTH = 1;
const HEIGHT = 2;
const CONTROL_WORDS = 4;
/** After the control words: when the image was taken (ms since the epoch, NaN when the source cannot say). */
const TIME_BYTES = 8;
const PIXEL_BYTES = MAX_IMAGE_WIDTH * MAX_IMAGE_HEIGHT * 2;

/** An image as the camera thread gets it. */
export interface SharedImage {
  /** Pixels per row and rows. */
  width: number;
  height: number;
  /** YUYV bytes (a copy the thread owns). */
  image: Uint8Array;
  /** When the image was taken (ms since the epoch, performance.timeOrigin + performance.now()), or NaN. */
  takenAtMs: number;
}

/** Views on the shared buffer; construct one on each side from the same buffer. */
export class CameraShared {
  private readonly control: Int32Array;
  private readonly takenAt: Float64Array;
  private readonly pixels: Uint8Array;

  constructor(
    readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(CONTROL_WORDS * 4 + TIME_BYTES + PIXEL_BYTES),
  ) {
    this.control = new Int32Array(buffer, 0, CONTROL_WORDS);
    this.takenAt = new Float64Array(buffer, CONTROL_WORDS * 4, 1);
    this.pixels = new Uint8Array(buffer, CONTROL_WORDS * 4 + TIME_BYTES, PIXEL_BYTES);
  }

  /** The image source (a stream client, a camera's capture worker): publishes an image (width × height, YUYV). */
  write(width: number, height: number, image: Uint8Array, takenAtMs = NaN): void {
    Atomics.add(this.control, SEQ, 1);
    this.takenAt[0] = takenAtMs;
    this.pixels.set(image.subarray(0, Math.min(image.length, PIXEL_BYTES)));
    Atomics.store(this.control, WIDTH, width);
    Atomics.store(this.control, HEIGHT, height);
    Atomics.add(this.control, SEQ, 1);
    Atomics.notify(this.control, SEQ);
  }

  /** The sequence counter (even: stable). */
  get sequence(): number {
    return Atomics.load(this.control, SEQ);
  }

  /** Camera thread: blocks until the counter differs from `seen` or `timeoutMs` passes; returns the counter. */
  waitForImage(seen: number, timeoutMs: number): number {
    Atomics.wait(this.control, SEQ, seen, timeoutMs);
    return Atomics.load(this.control, SEQ);
  }

  /** A consistent copy of the newest image, or undefined before the first. */
  read(): SharedImage | undefined {
    for (;;) {
      const before = Atomics.load(this.control, SEQ);
      if (before === 0) return undefined;
      if (before & 1) continue;
      const width = Atomics.load(this.control, WIDTH);
      const height = Atomics.load(this.control, HEIGHT);
      const image = this.pixels.slice(0, width * height * 2);
      const takenAtMs = this.takenAt[0]!;
      if (Atomics.load(this.control, SEQ) === before) return { width, height, image, takenAtMs };
    }
  }
}
