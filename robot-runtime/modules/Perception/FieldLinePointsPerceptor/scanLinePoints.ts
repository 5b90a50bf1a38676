/**
 * @file Finds points in the middle of field lines: vertical scan lines every `step` columns and horizontal ones
 * every `step * rowFactor` rows look for white runs that have green on both sides (a line on the field, not a
 * robot or a goal, which have no green right above them or reach the image border). Scanning starts
 * `horizonMargin` rows above the horizon the camera matrix computes, because that matrix is exactly what a
 * calibration doubts. Each run gives its centre and the line's direction in the image, taken from the brightness
 * gradient (3×3 Sobel on Y) at its two edges; runs that are far too wide on the ground for a line (a line seen
 * lengthwise, a robot's body) are dropped.
 */
import type { Vec2 } from '@robot-runtime/math/types';
import type { YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import {
  isGreenAt,
  isWhiteAt,
  type GreenClass,
  type WhiteClass,
} from '@robot-runtime/representations/Perception/fieldColors';
import type { ImageGeometry } from '@robot-runtime/representations/Perception/imageGeometry';

/** A line point in the image (pixel coordinates are continuous: pixel (c, r) covers [c, c+1) × [r, r+1)). */
export interface ImageLinePoint {
  u: number;
  v: number;
  /** Direction of the line in the image (rad, from x towards y, in [−π/2, π/2)). */
  direction: number;
  /** The point on the ground relative to the robot (mm), by the camera matrix. */
  ground: Vec2;
}

/** Settings of the scan. */
export interface LineScanOptions {
  /** Distance (pixels) between vertical scan lines. */
  step: number;
  /** Horizontal scan lines are this many times farther apart than vertical ones. */
  rowFactor: number;
  /** What counts as white. */
  white: WhiteClass;
  /** What counts as field green. */
  green: GreenClass;
  /** Green must be found within this many pixels before and after a white run. */
  greenGap: number;
  /** Rows above the computed horizon that are scanned as well (the camera's pose is in doubt). */
  horizonMargin: number;
  /** Runs wider than this on the ground (mm, measured along the scan line) are not lines seen across. */
  maxRunLength: number;
  /** Points farther away than this (mm) are dropped: too few pixels per centimetre to help. */
  maxDistance: number;
}

/** Brightness of pixel (x, y). */
function yAt(img: YuyvImage, x: number, y: number): number {
  return img.image[(y * img.width + x) << 1]!;
}

/** Sobel gradient of Y at (x, y), clamped inside the image. */
function gradient(img: YuyvImage, x: number, y: number): Vec2 {
  const cx = Math.min(img.width - 2, Math.max(1, x)),
    cy = Math.min(img.height - 2, Math.max(1, y));
  const p = (dx: number, dy: number): number => yAt(img, cx + dx, cy + dy);
  return {
    x: p(1, -1) + 2 * p(1, 0) + p(1, 1) - p(-1, -1) - 2 * p(-1, 0) - p(-1, 1),
    y: p(-1, 1) + 2 * p(0, 1) + p(1, 1) - p(-1, -1) - 2 * p(0, -1) - p(1, -1),
  };
}

/** The line's direction from the gradients at its two edges (which point in opposite directions). */
function lineDirection(first: Vec2, last: Vec2): number {
  const gx = first.x - last.x,
    gy = first.y - last.y;
  let a = Math.atan2(gy, gx) + Math.PI / 2;
  while (a >= Math.PI / 2) a -= Math.PI;
  while (a < -Math.PI / 2) a += Math.PI;
  return a;
}

/** All line points of the image. */
export function scanLinePoints(img: YuyvImage, geometry: ImageGeometry, o: LineScanOptions): ImageLinePoint[] {
  const points: ImageLinePoint[] = [];
  const a: Vec2 = { x: 0, y: 0 };
  const b: Vec2 = { x: 0, y: 0 };
  const maxD2 = o.maxDistance ** 2;
  /** Adds the run from (u0, v0) to (u1, v1), inclusive, along one axis, when it looks like a line across. */
  const addRun = (u0: number, v0: number, u1: number, v1: number): void => {
    // Its outer edges on the ground: both must be below the horizon and close enough together.
    const vertical = u0 === u1;
    if (!geometry.toGround(u0 + (vertical ? 0.5 : 0), v0 + (vertical ? 0 : 0.5), a)) return;
    if (!geometry.toGround(u1 + (vertical ? 0.5 : 1), v1 + (vertical ? 1 : 0.5), b)) return;
    if (Math.hypot(b.x - a.x, b.y - a.y) > o.maxRunLength) return;
    const u = (u0 + u1 + 1) / 2,
      v = (v0 + v1 + 1) / 2;
    const ground: Vec2 = { x: 0, y: 0 };
    if (!geometry.toGround(u, v, ground) || ground.x * ground.x + ground.y * ground.y > maxD2) return;
    const direction = lineDirection(gradient(img, u0, v0), gradient(img, u1, v1));
    points.push({ u, v, direction, ground });
  };
  const { width, height } = img;
  for (let col = o.step >> 1; col < width; col += o.step) {
    const first = Math.max(0, Math.floor(geometry.horizonRow(col + 0.5)) - o.horizonMargin);
    let start = -1;
    for (let row = first; row < height; row++) {
      const white = isWhiteAt(img, col, row, o.white);
      if (white && start < 0) start = row;
      else if (!white && start >= 0) {
        if (greenAround(img, col, start, row - 1, true, o)) addRun(col, start, col, row - 1);
        start = -1;
      }
    }
  }
  const top = Math.max(0, Math.floor(Math.min(geometry.horizonRow(0), geometry.horizonRow(width))) - o.horizonMargin);
  for (let row = (o.step * o.rowFactor) >> 1; row < height; row += o.step * o.rowFactor) {
    if (row < top) continue;
    let start = -1;
    for (let col = 0; col < width; col++) {
      const white = isWhiteAt(img, col, row, o.white);
      if (white && start < 0) start = col;
      else if (!white && start >= 0) {
        if (greenAround(img, row, start, col - 1, false, o)) addRun(start, row, col - 1, row);
        start = -1;
      }
    }
  }
  return points;
}

/**
 * Whether green lies within `greenGap` pixels before `from` and after `to` along the scan line `line` (a column
 * when `vertical`, else a row). A run that touches the image border never counts: its width is unknown.
 */
function greenAround(
  img: YuyvImage,
  line: number,
  from: number,
  to: number,
  vertical: boolean,
  o: LineScanOptions,
): boolean {
  const end = vertical ? img.height : img.width;
  if (from === 0 || to >= end - 1) return false;
  const green = (i: number): boolean =>
    vertical ? isGreenAt(img, line, i, o.green) : isGreenAt(img, i, line, o.green);
  let before = false,
    after = false;
  for (let k = 1; k <= o.greenGap && !before; k++) before = from - k >= 0 && green(from - k);
  for (let k = 1; k <= o.greenGap && !after; k++) after = to + k < end && green(to + k);
  return before && after;
}
