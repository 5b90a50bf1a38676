/** Colour conversion to the NAO camera's YUV (full-range BT.601, U/V centred on 128). */
import type { ColorRGBA } from '../../../robot-runtime/math/types';

/** A YUV triple, each 0..255. */
export interface Yuv {
  y: number;
  u: number;
  v: number;
}

const clamp = (x: number): number => (x < 0 ? 0 : x > 255 ? 255 : Math.round(x));

/** Converts RGB (0..255) to YUV. */
export function rgbToYuv(c: Pick<ColorRGBA, 'r' | 'g' | 'b'>): Yuv {
  return {
    y: clamp(0.299 * c.r + 0.587 * c.g + 0.114 * c.b),
    u: clamp(128 - 0.168736 * c.r - 0.331264 * c.g + 0.5 * c.b),
    v: clamp(128 + 0.5 * c.r - 0.418688 * c.g - 0.081312 * c.b),
  };
}

/** Reads pixel (x, y) of a YUYV image (2 bytes per pixel; U and V shared by each horizontal pixel pair). */
export function yuyvPixel(image: Uint8Array, width: number, x: number, y: number): Yuv {
  const pair = (y * width + (x & ~1)) * 2;
  return { y: image[pair + (x & 1) * 2]!, u: image[pair + 1]!, v: image[pair + 3]! };
}
