/**
 * @file Finds penalty marks among white ground points: a mark is a small white spot with no other white around
 * it (the nearest line, the penalty area's front line, is 350 mm away), seen completely inside the image (a
 * line cut off by the image border would otherwise look like a spot).
 */
import type { Vec2 } from '@robot-runtime/math/types';
import type { LinePoint } from './scanWhite';

/** Tuning of the mark search. */
export interface MarkOptions {
  /** All points of a mark lie within this distance of its centre (mm). */
  spotRadius: number;
  /** No white point may lie between spotRadius and this distance of the centre (mm). */
  clearRadius: number;
  /** Marks farther than this (mm) are ignored. */
  maxDistance: number;
  /** The spot's pixels must lie this far inside the image border. */
  borderMargin: number;
  /** A spot needs at least this many points (a single one may be the tip of something larger). */
  minPoints: number;
}

/** Centres (robot frame, mm) of the penalty marks among `points`; `used` marks points that belong elsewhere. */
export function findPenaltyMarks(
  points: readonly LinePoint[],
  used: ReadonlySet<number>,
  size: { width: number; height: number },
  o: MarkOptions,
): Vec2[] {
  const marks: Vec2[] = [];
  const taken = new Set<number>(used);
  // Points by grid cell of the clear radius: every point a spot or its surroundings can contain lies in the
  // 3 × 3 cells around the spot's seed (the centroid stays within 2 spot radii of the seed).
  const cell = o.clearRadius + 2 * o.spotRadius;
  const grid = new Map<number, number[]>();
  const keyOf = (cx: number, cy: number): number => (cx + 1024) * 2048 + (cy + 1024);
  points.forEach((p, i) => {
    const key = keyOf(Math.floor(p.x / cell), Math.floor(p.y / cell));
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
  });
  const near: number[] = [];
  for (let i = 0; i < points.length; i++) {
    if (taken.has(i)) continue;
    const seed = points[i]!;
    if (Math.hypot(seed.x, seed.y) > o.maxDistance) continue;
    near.length = 0;
    const gx = Math.floor(seed.x / cell),
      gy = Math.floor(seed.y / cell);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) for (const j of grid.get(keyOf(gx + dx, gy + dy)) ?? []) near.push(j);
    // Gather the spot around the seed, then check its surroundings.
    const spot: number[] = [];
    let cx = 0,
      cy = 0;
    for (const j of near) {
      const p = points[j]!;
      if (Math.hypot(p.x - seed.x, p.y - seed.y) <= 2 * o.spotRadius) {
        spot.push(j);
        cx += p.x;
        cy += p.y;
      }
    }
    cx /= spot.length;
    cy /= spot.length;
    let isolated = true;
    for (const j of near) {
      const p = points[j]!;
      const d = Math.hypot(p.x - cx, p.y - cy);
      if (d > o.spotRadius && d < o.clearRadius) {
        isolated = false;
        break;
      }
    }
    for (const j of spot) {
      taken.add(j);
      const p = points[j]!;
      if (
        p.u < o.borderMargin ||
        p.v < o.borderMargin ||
        p.u > size.width - o.borderMargin ||
        p.v > size.height - o.borderMargin
      )
        isolated = false;
    }
    if (isolated && spot.length >= o.minPoints) marks.push({ x: cx, y: cy });
  }
  return marks;
}
