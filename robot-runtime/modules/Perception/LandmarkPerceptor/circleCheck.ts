/**
 * @file Confirms a centre circle candidate in the image: wherever the circle should be visible (inside the
 * image, below the horizon), a white pixel must be found near it. Straight lines and corners can gather the
 * votes of a circle, but never look like one all along the arc that should be visible.
 */
import type { Vec2 } from '@robot-runtime/math/types';
import type { ImageGeometry } from '@robot-runtime/representations/Perception/imageGeometry';
import { isWhiteAt, type WhiteClass } from '@robot-runtime/representations/Perception/fieldColors';
import type { YuyvImage } from './scanWhite';

/** Tuning of the check. */
export interface CircleCheckOptions {
  /** Radius of the circle (mm). */
  radius: number;
  /** What counts as white. */
  white: WhiteClass;
  /** Samples are searched this far (mm) inside and outside the radius. */
  tolerance: number;
  /** At least this many samples must be visible … */
  minVisible: number;
  /** … and this fraction of them white. */
  minWhiteRatio: number;
}

const SAMPLES = 48;
/** Radial offsets tried per sample, as fractions of the tolerance. */
const OFFSETS = [0, -0.5, 0.5, -1, 1];

/** Whether the circle around `center` (robot frame, mm) is white where it is visible. */
export function circleIsInImage(img: YuyvImage, geometry: ImageGeometry, center: Vec2, o: CircleCheckOptions): boolean {
  let visible = 0,
    white = 0;
  const pixel: Vec2 = { x: 0, y: 0 };
  for (let k = 0; k < SAMPLES; k++) {
    const c = Math.cos((2 * Math.PI * k) / SAMPLES),
      s = Math.sin((2 * Math.PI * k) / SAMPLES);
    let seen = false,
      found = false;
    for (const f of OFFSETS) {
      const r = o.radius + f * o.tolerance;
      if (!geometry.toImage(center.x + r * c, center.y + r * s, 0, pixel)) continue;
      const u = Math.floor(pixel.x),
        v = Math.floor(pixel.y);
      if (u < 1 || v < 1 || u >= img.width - 1 || v >= img.height - 1 || v < geometry.horizonRow(pixel.x) + 1) continue;
      seen = true;
      if (isWhiteAt(img, u, v, o.white)) {
        found = true;
        break;
      }
    }
    if (seen) visible++;
    if (found) white++;
  }
  return visible >= o.minVisible && white >= o.minWhiteRatio * visible;
}
