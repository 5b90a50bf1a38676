/**
 * @file Confirms a penalty mark candidate in the image: the ground around it, where the field has no other white,
 * must be seen as field (green). A piece of a field line seen between two robots is a white spot with no white
 * around it as well (the robots hide the rest of the line), but around it lie robots, not grass.
 */
import type { Vec2 } from '@robot-runtime/math/types';
import type { ImageGeometry } from './imageGeometry';
import type { YuyvImage } from './scanWhite';

/** Colour limits of the field's green in YUV. */
export interface GreenClass {
  /** U and V must both lie at least this far below the neutral 128. */
  minChroma: number;
}

/** Tuning of the check. */
export interface MarkSurroundingsOptions {
  /** The ground between these distances (mm) from the candidate's centre is sampled. */
  innerRadius: number;
  outerRadius: number;
  /** What counts as field. */
  green: GreenClass;
  /** At least this many of the samples must be visible (inside the image, below the horizon) … */
  minVisible: number;
  /** … and this fraction of them green. */
  minGreenRatio: number;
}

/** Directions sampled per ring, and the rings between the inner and outer radius. */
const DIRECTIONS = 16;
const RINGS = 2;

/** Whether pixel (x, y) of a YUYV image is field green. */
export function isGreenAt(img: YuyvImage, x: number, y: number, green: GreenClass): boolean {
  const base = (y * img.width + (x & ~1)) << 1;
  const d = img.image;
  return d[base + 1]! <= 128 - green.minChroma && d[base + 3]! <= 128 - green.minChroma;
}

/** Whether the ground around `center` (robot frame, mm) is field wherever it is visible. */
export function surroundedByField(
  img: YuyvImage,
  geometry: ImageGeometry,
  center: Vec2,
  o: MarkSurroundingsOptions,
): boolean {
  let visible = 0,
    green = 0;
  const pixel: Vec2 = { x: 0, y: 0 };
  for (let ring = 0; ring < RINGS; ring++) {
    const r = o.innerRadius + ((o.outerRadius - o.innerRadius) * ring) / (RINGS - 1);
    for (let k = 0; k < DIRECTIONS; k++) {
      // The rings are offset by half a step, so that together they sample 2 × DIRECTIONS directions.
      const a = (2 * Math.PI * (k + ring / RINGS)) / DIRECTIONS;
      if (!geometry.toImage(center.x + r * Math.cos(a), center.y + r * Math.sin(a), 0, pixel)) continue;
      const u = Math.floor(pixel.x),
        v = Math.floor(pixel.y);
      if (u < 0 || v < 0 || u >= img.width || v >= img.height || v < geometry.horizonRow(pixel.x) + 1) continue;
      visible++;
      if (isGreenAt(img, u, v, o.green)) green++;
    }
  }
  return visible >= o.minVisible && green >= o.minGreenRatio * visible;
}
