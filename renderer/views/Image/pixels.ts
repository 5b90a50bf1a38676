/**
 * @file Pixel formats of robot images to RGBA for the canvas, and the values of one pixel for the tooltip. Pure
 * functions, shared by the decoding worker and the view (which keeps the raw bytes for the tooltip).
 * Colour conversion is the simulator camera's (robot-runtime/math/colorSpace.ts).
 */
import type { ImagePixelFormat } from '@app/ipc/simulation';
import { rgbToYuv, YUV_TO_RGB, yuvToRgb } from '@robot-runtime/math/colorSpace';

// The conversion's coefficients as module constants: the per-image loop below reads them for every pixel pair.
const { rv: RV, gu: GU, gv: GV, bu: BU } = YUV_TO_RGB;

/** One pixel's values. */
export interface PixelValues {
  readonly y: number;
  readonly u: number;
  readonly v: number;
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/** Bytes a `width`×`height` image of `format` needs. */
export function byteSize(format: ImagePixelFormat, width: number, height: number): number {
  switch (format) {
    case 'yuyv':
      return Math.ceil(width / 2) * 4 * height;
    case 'gray':
      return width * height;
    default:
      return width * height * 4;
  }
}

/** The pixel values at (x, y). */
export function pixelAt(format: ImagePixelFormat, bytes: Uint8Array, width: number, x: number, y: number): PixelValues {
  switch (format) {
    case 'yuyv': {
      const pair = (y * width + (x & ~1)) * 2;
      const yy = bytes[pair + (x & 1) * 2] ?? 0;
      const u = bytes[pair + 1] ?? 128;
      const v = bytes[pair + 3] ?? 128;
      const [r, g, b] = yuvToRgb(yy, u, v);
      return { y: yy, u, v, r, g, b };
    }
    case 'yuv': {
      const i = (y * width + x) * 4;
      const [yy, u, v] = [bytes[i] ?? 0, bytes[i + 1] ?? 128, bytes[i + 2] ?? 128];
      const [r, g, b] = yuvToRgb(yy, u, v);
      return { y: yy, u, v, r, g, b };
    }
    case 'gray': {
      const yy = bytes[y * width + x] ?? 0;
      return { y: yy, u: 128, v: 128, r: yy, g: yy, b: yy };
    }
    default: {
      const i = (y * width + x) * 4;
      const [r, g, b] =
        format === 'bgra'
          ? [bytes[i + 2] ?? 0, bytes[i + 1] ?? 0, bytes[i] ?? 0]
          : [bytes[i] ?? 0, bytes[i + 1] ?? 0, bytes[i + 2] ?? 0];
      const { y: yy, u, v } = rgbToYuv({ r, g, b });
      return { y: yy, u, v, r, g, b };
    }
  }
}

/** Converts a whole image to RGBA (opaque). */
export function toRgba(
  format: ImagePixelFormat,
  bytes: Uint8Array,
  width: number,
  height: number,
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(width * height * 4);
  if (format === 'yuyv') {
    // Hot loop: two pixels per four bytes, conversion inlined.
    const pairs = Math.floor(width / 2);
    for (let row = 0; row < height; row++) {
      let src = row * width * 2;
      let dst = row * width * 4;
      for (let p = 0; p < pairs; p++, src += 4, dst += 8) {
        const cu = bytes[src + 1]! - 128;
        const cv = bytes[src + 3]! - 128;
        const r = RV * cv;
        const g = GU * cu + GV * cv;
        const b = BU * cu;
        const y0 = bytes[src]!;
        const y1 = bytes[src + 2]!;
        out[dst] = y0 + r;
        out[dst + 1] = y0 + g;
        out[dst + 2] = y0 + b;
        out[dst + 3] = 255;
        out[dst + 4] = y1 + r;
        out[dst + 5] = y1 + g;
        out[dst + 6] = y1 + b;
        out[dst + 7] = 255;
      }
    }
    return out;
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = pixelAt(format, bytes, width, x, y);
      const i = (y * width + x) * 4;
      out[i] = p.r;
      out[i + 1] = p.g;
      out[i + 2] = p.b;
      out[i + 3] = 255;
    }
  }
  return out;
}
