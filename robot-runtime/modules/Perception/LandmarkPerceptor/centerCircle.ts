/**
 * @file Finds the centre circle among white ground points. Its radius is known, so every point votes for the
 * centres a circle through it could have (a ring of cells around it, a Hough transform with one free parameter
 * less); the best cell is refined by fitting the circle to the points near it. A straight line also gathers
 * votes, but only from a short stretch, so a candidate must be backed by points around a wide arc. The centre
 * line is then the elongated set of points inside the circle.
 */
import type { Vec2 } from '@robot-runtime/math/types';
import type { LinePoint } from './scanWhite';

/** Tuning of the circle search. */
export interface CircleOptions {
  /** Radius of the circle to the middle of its line (mm). */
  radius: number;
  /** Size of an accumulator cell (mm). */
  cellSize: number;
  /** A point belongs to the circle when its distance to the centre is within this of the radius (mm) … */
  tolerance: number;
  /** … plus this fraction of its distance from the robot (ground projection errors grow with distance). */
  tolerancePerDistance: number;
  /** At least this many points must lie on the circle … */
  minPoints: number;
  /** … spread over at least this many of 12 sectors (30° each). */
  minSectors: number;
  /** All points lie within this distance of the robot (mm): bounds the accumulator. */
  maxDistance: number;
  /** At most this many points vote (evenly picked); all of them are used for the fit. */
  maxVoters: number;
}

/** A found circle: its centre and, if the centre line was seen, the line's direction (rad, modulo pi). */
export interface FoundCircle {
  /** Centre relative to the robot (mm). */
  center: Vec2;
  /** Indices (into the points) of the points on the circle. */
  members: number[];
  /** Direction of the centre line (rad, wrapped into (-pi/2, pi/2]), if it was seen. */
  lineDirection: number | undefined;
}

const ANGLES = 64;
const COS = Array.from({ length: ANGLES }, (_, k) => Math.cos((2 * Math.PI * k) / ANGLES));
const SIN = Array.from({ length: ANGLES }, (_, k) => Math.sin((2 * Math.PI * k) / ANGLES));
/** The accumulator is reused between images (it only depends on the options). */
let accumulator = new Uint16Array(0);

/**
 * The centre circle, if the points show one and `confirm` (a check against the image) accepts it.
 */
export function findCenterCircle(
  points: readonly LinePoint[],
  o: CircleOptions,
  confirm: (center: Vec2) => boolean = () => true,
): FoundCircle | undefined {
  if (points.length < o.minPoints) return undefined;
  // Square grid of centre cells around the robot, wide enough for circles through the farthest points.
  const half = Math.ceil((o.maxDistance + o.radius) / o.cellSize);
  const side = 2 * half + 1;
  if (accumulator.length !== side * side) accumulator = new Uint16Array(side * side);
  else accumulator.fill(0);
  const votes = accumulator;
  let best = -1,
    bestVotes = 0;
  const stride = Math.max(1, Math.ceil(points.length / o.maxVoters));
  for (let i = 0; i < points.length; i += stride) {
    const p = points[i]!;
    let last = -1;
    for (let k = 0; k < ANGLES; k++) {
      const cx = Math.round((p.x + o.radius * COS[k]!) / o.cellSize) + half;
      const cy = Math.round((p.y + o.radius * SIN[k]!) / o.cellSize) + half;
      if (cx < 0 || cy < 0 || cx >= side || cy >= side) continue;
      const cell = cy * side + cx;
      // Neighbouring angles often fall into the same cell: one vote per point and cell.
      if (cell === last) continue;
      last = cell;
      const n = ++votes[cell]!;
      if (n > bestVotes) {
        bestVotes = n;
        best = cell;
      }
    }
  }
  if (bestVotes * stride < o.minPoints / 2) return undefined;
  const center = { x: ((best % side) - half) * o.cellSize, y: (Math.floor(best / side) - half) * o.cellSize };
  let members: number[] = [];
  for (let iteration = 0; iteration < 4; iteration++) {
    members = onCircle(points, center, o);
    if (members.length < 3) return undefined;
    // Each member says where the centre is: radius away from it towards the current centre.
    let sx = 0,
      sy = 0;
    for (const i of members) {
      const p = points[i]!;
      const dx = center.x - p.x,
        dy = center.y - p.y;
      const d = Math.hypot(dx, dy) || 1;
      sx += p.x + (dx / d) * o.radius;
      sy += p.y + (dy / d) * o.radius;
    }
    center.x = sx / members.length;
    center.y = sy / members.length;
  }
  members = onCircle(points, center, o);
  if (members.length < o.minPoints || sectorsOf(points, members, center) < o.minSectors || !confirm(center))
    return undefined;
  return { center, members, lineDirection: centerLineDirection(points, center, o.radius) };
}

function onCircle(points: readonly LinePoint[], center: Vec2, o: CircleOptions): number[] {
  const out: number[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const tolerance = o.tolerance + o.tolerancePerDistance * Math.hypot(p.x, p.y);
    if (Math.abs(Math.hypot(p.x - center.x, p.y - center.y) - o.radius) <= tolerance) out.push(i);
  }
  return out;
}

function sectorsOf(points: readonly LinePoint[], members: readonly number[], center: Vec2): number {
  let mask = 0;
  for (const i of members) {
    const a = Math.atan2(points[i]!.y - center.y, points[i]!.x - center.x);
    mask |= 1 << Math.min(11, Math.floor(((a + Math.PI) / (2 * Math.PI)) * 12));
  }
  let n = 0;
  for (; mask; mask &= mask - 1) n++;
  return n;
}

/**
 * Direction of the centre line: the principal axis of the points well inside the circle, if they form a line
 * (several points, clearly elongated) through the centre. Wrapped into (-pi/2, pi/2].
 */
function centerLineDirection(points: readonly LinePoint[], center: Vec2, radius: number): number | undefined {
  const inside: Vec2[] = [];
  const limit = (radius * 0.8) ** 2;
  for (const p of points) {
    const dx = p.x - center.x,
      dy = p.y - center.y;
    if (dx * dx + dy * dy < limit) inside.push({ x: dx, y: dy });
  }
  if (inside.length < 4) return undefined;
  // Second moments about the centre (the line passes through it).
  let xx = 0,
    xy = 0,
    yy = 0;
  for (const p of inside) {
    xx += p.x * p.x;
    xy += p.x * p.y;
    yy += p.y * p.y;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const c = Math.cos(angle),
    s = Math.sin(angle);
  let along = 0,
    across = 0;
  for (const p of inside) {
    along += (p.x * c + p.y * s) ** 2;
    across += (-p.x * s + p.y * c) ** 2;
  }
  // A line: spread along it at least 0.3 of the circle's radius (RMS) and far more than across.
  if (along / inside.length < (0.3 * radius) ** 2 || across * 16 > along) return undefined;
  let a = angle;
  if (a > Math.PI / 2) a -= Math.PI;
  else if (a <= -Math.PI / 2) a += Math.PI;
  return a;
}
