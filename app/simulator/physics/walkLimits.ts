/**
 * NAO-like walking limits. Speeds are those of competitive SPL walking engines on the NAO V6 (B-Human's walk
 * reaches roughly 250–300 mm/s forward on carpet; sideways steps are shorter; turning is limited by the hip
 * yaw-pitch joint): 250 mm/s forward, 150 mm/s backward, 200 mm/s sideways, 60°/s turning. Accelerations are
 * chosen so that full speed is reached within about two double steps (~0.5 s), as a walk engine that ramps its
 * step size up step by step does.
 */
import type { Pose2 } from '@robot-runtime/math/types';

/** Walk limits in mm/s, rad/s and their accelerations. */
export interface WalkLimits {
  forward: number;
  backward: number;
  sideways: number;
  turn: number;
  accelerationX: number;
  accelerationY: number;
  accelerationTurn: number;
}

/** The NAO V6 limits used by default. */
export const NAO_WALK_LIMITS: WalkLimits = {
  forward: 250,
  backward: 150,
  sideways: 200,
  turn: (60 * Math.PI) / 180,
  accelerationX: 500,
  accelerationY: 400,
  accelerationTurn: (120 * Math.PI) / 180,
};

/**
 * Clips a requested speed (robot frame) to the limits. The three components share one budget (an ellipsoid):
 * a robot cannot walk at full forward speed while also turning at full rate, as with real walk engines.
 */
export function clipWalkSpeed(speed: Pose2, limits: WalkLimits = NAO_WALK_LIMITS): Pose2 {
  const x = speed.translation.x,
    y = speed.translation.y,
    r = speed.rotation;
  if (![x, y, r].every(Number.isFinite)) return { rotation: 0, translation: { x: 0, y: 0 } };
  const nx = x / (x >= 0 ? limits.forward : limits.backward);
  const n = Math.hypot(nx, y / limits.sideways, r / limits.turn);
  const s = n > 1 ? 1 / n : 1;
  return { rotation: r * s, translation: { x: x * s, y: y * s } };
}

const approach = (current: number, target: number, maxDelta: number): number =>
  current + Math.max(-maxDelta, Math.min(maxDelta, target - current));

/** Moves the current speed towards the (clipped) target within one step's acceleration budget. */
export function accelerate(current: Pose2, target: Pose2, dt: number, limits: WalkLimits = NAO_WALK_LIMITS): Pose2 {
  return {
    rotation: approach(current.rotation, target.rotation, limits.accelerationTurn * dt),
    translation: {
      x: approach(current.translation.x, target.translation.x, limits.accelerationX * dt),
      y: approach(current.translation.y, target.translation.y, limits.accelerationY * dt),
    },
  };
}
