import type { Pose2, Vec2 } from './types';

export const vec2 = (x = 0, y = 0): Vec2 => ({ x, y });
export const add = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Vec2, s: number): Vec2 => ({ x: a.x * s, y: a.y * s });
export const norm = (a: Vec2): number => Math.hypot(a.x, a.y);
export const angleOf = (a: Vec2): number => Math.atan2(a.y, a.x);
export const rotate = (a: Vec2, angle: number): Vec2 => {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { x: c * a.x - s * a.y, y: s * a.x + c * a.y };
};

/** Maps a point from the pose's local frame into the frame the pose is expressed in. */
export const poseToGlobal = (pose: Pose2, local: Vec2): Vec2 => add(pose.translation, rotate(local, pose.rotation));

/** Maps a point from the pose's parent frame into the pose's local frame. */
export const poseToLocal = (pose: Pose2, global: Vec2): Vec2 => rotate(sub(global, pose.translation), -pose.rotation);

/** Composes two poses: `b` expressed in `a`'s frame. */
export const poseCompose = (a: Pose2, b: Pose2): Pose2 => ({
  rotation: normalizeAngle(a.rotation + b.rotation),
  translation: poseToGlobal(a, b.translation),
});

/** Normalizes an angle to [-pi, pi). */
export function normalizeAngle(angle: number): number {
  if (angle >= -Math.PI && angle < Math.PI) return angle;
  const twoPi = 2 * Math.PI;
  const a = (angle + Math.PI) % twoPi;
  return (a < 0 ? a + twoPi : a) - Math.PI;
}

export const deg = (degrees: number): number => (degrees * Math.PI) / 180;
export const toDeg = (radians: number): number => (radians * 180) / Math.PI;

/**
 * One step of a first-order low-pass filter: moves `previous` towards `next` by `weight` (clamped to 0..1), the
 * weight of the newest reading.
 */
export function lowPass(previous: Vec2, next: Vec2, weight: number): Vec2 {
  const a = Math.min(1, Math.max(0, weight));
  return { x: previous.x + a * (next.x - previous.x), y: previous.y + a * (next.y - previous.y) };
}
