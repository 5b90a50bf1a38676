/**
 * @file The colour classes of the field that perceptors read pixels by: white (lines, posts) and the field's
 * green, on YUYV images addressed by pixel columns.
 */
import type { YuyvImage } from '../Infrastructure/CameraImage';

/** Colour limits of "white" in YUV. */
export interface WhiteClass {
  /** Minimum brightness. */
  minY: number;
  /** Maximum distance of U and V from the neutral 128. */
  maxChroma: number;
}

/** Colour limits of the field's green in YUV. */
export interface GreenClass {
  /** U and V must both lie at least this far below the neutral 128. */
  minChroma: number;
}

/** Whether pixel (x, y) of a YUYV image is white. */
export function isWhiteAt(img: YuyvImage, x: number, y: number, white: WhiteClass): boolean {
  const base = (y * img.width + (x & ~1)) << 1;
  const d = img.image;
  if (d[base + ((x & 1) << 1)]! < white.minY) return false;
  const u = d[base + 1]! - 128,
    v = d[base + 3]! - 128;
  return u <= white.maxChroma && u >= -white.maxChroma && v <= white.maxChroma && v >= -white.maxChroma;
}

/** Whether pixel (x, y) of a YUYV image is field green. */
export function isGreenAt(img: YuyvImage, x: number, y: number, green: GreenClass): boolean {
  const base = (y * img.width + (x & ~1)) << 1;
  const d = img.image;
  return d[base + 1]! <= 128 - green.minChroma && d[base + 3]! <= 128 - green.minChroma;
}
