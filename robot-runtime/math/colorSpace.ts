/**
 * @file Colour conversion between RGB and the NAO camera's YUV (full-range BT.601, U/V centred on 128): the one
 * conversion the simulated camera renders with and the image view decodes with.
 */

/** A YUV triple, each 0..255. */
export interface Yuv {
  y: number;
  u: number;
  v: number;
}

/** `x` rounded into 0..255, a colour channel's byte: conversions and image edits overshoot at saturated colours. */
export const toByte = (x: number): number => (x < 0 ? 0 : x > 255 ? 255 : Math.round(x));

/** Converts RGB (0..255) to YUV. */
export function rgbToYuv(c: { readonly r: number; readonly g: number; readonly b: number }): Yuv {
  return {
    y: toByte(0.299 * c.r + 0.587 * c.g + 0.114 * c.b),
    u: toByte(128 - 0.168736 * c.r - 0.331264 * c.g + 0.5 * c.b),
    v: toByte(128 + 0.5 * c.r - 0.418688 * c.g - 0.081312 * c.b),
  };
}

/**
 * The inverse conversion's coefficients, for loops over whole images that cannot afford a call per pixel: with
 * U' = U − 128 and V' = V − 128, R = Y + rv·V', G = Y + gu·U' + gv·V', B = Y + bu·U'.
 */
export const YUV_TO_RGB = { rv: 1.402, gu: -0.344136, gv: -0.714136, bu: 1.772 } as const;
const { rv, gu, gv, bu } = YUV_TO_RGB;

/** RGB (0..255) of a YUV triple. */
export function yuvToRgb(y: number, u: number, v: number): [number, number, number] {
  const cu = u - 128;
  const cv = v - 128;
  return [toByte(y + rv * cv), toByte(y + gu * cu + gv * cv), toByte(y + bu * cu)];
}

/** Reads pixel (x, y) of a YUYV image (2 bytes per pixel; U and V shared by each horizontal pixel pair). */
export function yuyvPixel(image: Uint8Array, width: number, x: number, y: number): Yuv {
  const pair = (y * width + (x & ~1)) * 2;
  return { y: image[pair + (x & 1) * 2]!, u: image[pair + 1]!, v: image[pair + 3]! };
}
