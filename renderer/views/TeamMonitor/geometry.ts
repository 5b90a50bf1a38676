/**
 * @file Field geometry of the team monitor's drawing, pure so it can be tested without a DOM: the field's lines
 * from its dimensions, a robot's heading wedge, and the arc a walk command would follow (NUbots' dashboard draws
 * the same to show where each robot is heading).
 */
import type { FieldGeometry } from '@app/ipc/simulation';
import type { MonitorPoint } from '@app/ipc/teamMonitor';
import { SPL_RULEBOOK_FIELD } from '@robot-runtime/representations/Configuration/splField';

/** The SPL rulebook field, for robots heard without a simulated scene. */
export const SPL_FIELD: FieldGeometry = SPL_RULEBOOK_FIELD;

/** A line segment (mm). */
export interface Segment {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** The markings of a field: segments, the centre circle and the marks. */
export interface FieldMarkings {
  readonly segments: readonly Segment[];
  readonly centerCircleRadius: number;
  /** Centre spot and penalty marks. */
  readonly spots: readonly MonitorPoint[];
}

/** The lines of `field` (centre origin, x along the length). */
export function fieldMarkings(field: FieldGeometry): FieldMarkings {
  const hx = field.length / 2;
  const hy = field.width / 2;
  const segments: Segment[] = [
    { x1: -hx, y1: -hy, x2: hx, y2: -hy },
    { x1: hx, y1: -hy, x2: hx, y2: hy },
    { x1: hx, y1: hy, x2: -hx, y2: hy },
    { x1: -hx, y1: hy, x2: -hx, y2: -hy },
    { x1: 0, y1: -hy, x2: 0, y2: hy },
  ];
  for (const side of [-1, 1]) {
    for (const [length, width] of [
      [field.penaltyAreaLength, field.penaltyAreaWidth],
      [field.goalAreaLength, field.goalAreaWidth],
    ] as const) {
      const inner = side * (hx - length);
      segments.push(
        { x1: side * hx, y1: -width / 2, x2: inner, y2: -width / 2 },
        { x1: inner, y1: -width / 2, x2: inner, y2: width / 2 },
        { x1: inner, y1: width / 2, x2: side * hx, y2: width / 2 },
      );
    }
  }
  const mark = hx - field.penaltyMarkDistance;
  return {
    segments,
    centerCircleRadius: field.centerCircleDiameter / 2,
    spots: [
      { x: 0, y: 0 },
      { x: -mark, y: 0 },
      { x: mark, y: 0 },
    ],
  };
}

/** The SVG path of a heading wedge: a sector of `radius` (mm) and ±`halfAngle` around `rotation` at (x, y). */
export function wedgePath(x: number, y: number, rotation: number, radius: number, halfAngle: number): string {
  const a = { x: x + radius * Math.cos(rotation - halfAngle), y: y + radius * Math.sin(rotation - halfAngle) };
  const b = { x: x + radius * Math.cos(rotation + halfAngle), y: y + radius * Math.sin(rotation + halfAngle) };
  return `M${r(x)} ${r(y)}L${r(a.x)} ${r(a.y)}A${r(radius)} ${r(radius)} 0 0 1 ${r(b.x)} ${r(b.y)}Z`;
}

function r(v: number): number {
  return Math.round(v);
}

/**
 * Where a robot at `pose` gets when it keeps walking with `walk` (mm/s, rad/s in its own frame) for up to
 * `seconds`: points of the arc, the pose's position first. A constant twist moves along a circle (a line
 * without turning).
 */
export function walkArc(
  pose: MonitorPoint & { rotation: number },
  walk: { x: number; y: number; theta: number },
  seconds = 2,
  steps = 12,
): MonitorPoint[] {
  const points: MonitorPoint[] = [];
  const c = Math.cos(pose.rotation);
  const s = Math.sin(pose.rotation);
  for (let i = 0; i <= steps; i++) {
    const t = (seconds * i) / steps;
    const w = walk.theta;
    let dx: number;
    let dy: number;
    if (Math.abs(w) < 1e-6) {
      dx = walk.x * t;
      dy = walk.y * t;
    } else {
      // The integral of the robot-frame velocity turned by w·t.
      dx = (walk.x * Math.sin(w * t) + walk.y * (Math.cos(w * t) - 1)) / w;
      dy = (walk.x * (1 - Math.cos(w * t)) + walk.y * Math.sin(w * t)) / w;
    }
    points.push({ x: pose.x + c * dx - s * dy, y: pose.y + s * dx + c * dy });
  }
  return points;
}

/** An SVG polyline's `points` attribute. */
export function polylinePoints(points: readonly MonitorPoint[]): string {
  return points.map((p) => `${r(p.x)},${r(p.y)}`).join(' ');
}
