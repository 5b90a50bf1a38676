/**
 * @file Finds white on the ground: vertical scan lines every `step` columns (from just below the horizon to the
 * bottom) and horizontal ones every `step` rows read every pixel along the line, so thin lines across the scan
 * direction are not skipped, while the image as a whole is read only sparsely. Each white run becomes one or
 * more ground points (long runs, i.e. lines seen lengthwise, are cut into pieces so that they weigh like other
 * lines). Runs that reach up to the horizon are goal posts or robots, not field lines, and are skipped.
 */
import type { Vec2 } from '@robot-runtime/math/types';
import type { YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import type { WhiteClass } from '@robot-runtime/representations/Perception/fieldColors';
import type { ImageGeometry } from '@robot-runtime/representations/Perception/imageGeometry';

/** A white spot on the ground: robot-relative position (mm) and where it was seen (pixels). */
export interface LinePoint {
  x: number;
  y: number;
  u: number;
  v: number;
}

/** The image addressed by pixel columns (see yuyvView). */
export type { YuyvImage };

/** Scan settings. */
export interface ScanOptions {
  /** Distance (pixels) between vertical scan lines. */
  step: number;
  /** What counts as white. */
  white: WhiteClass;
  /** Points farther than this (mm) are dropped: too imprecise to help. */
  maxDistance: number;
  /** Runs longer than this on the ground (mm) are cut into pieces of about this length. */
  pieceLength: number;
  /** Horizontal scan lines are this many times farther apart than vertical ones (they find lines seen lengthwise, which are long). */
  rowFactor: number;
}

/** All white ground points of the image. */
export function scanWhite(img: YuyvImage, geometry: ImageGeometry, options: ScanOptions): LinePoint[] {
  const points: LinePoint[] = [];
  const { width, height, image: d } = img;
  const step = options.step;
  const minY = options.white.minY,
    lo = 128 - options.white.maxChroma,
    hi = 128 + options.white.maxChroma;
  const a: Vec2 = { x: 0, y: 0 };
  const b: Vec2 = { x: 0, y: 0 };
  const maxD2 = options.maxDistance ** 2;
  /** Adds the run from pixel (u0, v0) to (u1, v1) (inclusive, along one axis) as ground points. */
  const addRun = (u0: number, v0: number, u1: number, v1: number): void => {
    if (!geometry.toGround(u0 + 0.5, v0 + 0.5, a) || !geometry.toGround(u1 + 0.5, v1 + 0.5, b)) return;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const pieces = Math.max(1, Math.round(length / options.pieceLength));
    for (let k = 0; k < pieces; k++) {
      const f = (k + 0.5) / pieces;
      const u = u0 + (u1 - u0) * f + 0.5,
        v = v0 + (v1 - v0) * f + 0.5;
      const p: Vec2 = { x: 0, y: 0 };
      if (!geometry.toGround(u, v, p) || p.x * p.x + p.y * p.y > maxD2) continue;
      points.push({ x: p.x, y: p.y, u, v });
    }
  };
  // Inlined classification (this loop reads ~100 000 pixels per image): Y of pixel x is byte 2x of its row,
  // U and V are bytes 1 and 3 of its pixel pair.
  const stride = width * 2;
  for (let col = step >> 1; col < width; col += step) {
    const first = Math.ceil(geometry.horizonRow(col + 0.5)) + 1;
    const yOffset = col * 2,
      pairOffset = (col & ~1) * 2;
    let start = -1;
    for (let row = first; row <= height; row++) {
      let white = false;
      if (row < height) {
        const rowBase = row * stride;
        if (d[rowBase + yOffset]! >= minY) {
          const u = d[rowBase + pairOffset + 1]!,
            v = d[rowBase + pairOffset + 3]!;
          white = u >= lo && u <= hi && v >= lo && v <= hi;
        }
      }
      if (white && start < 0) start = row;
      else if (!white && start >= 0) {
        if (start > first) addRun(col, start, col, row - 1);
        start = -1;
      }
    }
  }
  for (let row = step >> 1; row < height; row += step * options.rowFactor) {
    // Rows above the horizon at either end are left to the vertical scan (a tilted horizon crosses them).
    if (row < geometry.horizonRow(0) + 2 || row < geometry.horizonRow(width) + 2) continue;
    const rowBase = row * stride;
    let start = -1;
    for (let col = 0; col <= width; col++) {
      let white = false;
      if (col < width && d[rowBase + col * 2]! >= minY) {
        const pair = rowBase + (col & ~1) * 2;
        const u = d[pair + 1]!,
          v = d[pair + 3]!;
        white = u >= lo && u <= hi && v >= lo && v <= hi;
      }
      if (white && start < 0) start = col;
      else if (!white && start >= 0) {
        addRun(start, row, col - 1, row);
        start = -1;
      }
    }
  }
  return points;
}
