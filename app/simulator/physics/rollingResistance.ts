/**
 * Rolling resistance for the ball. The physics engine has no rolling friction, so a ball on the ground is slowed
 * by a constant deceleration μ_r·g (Coulomb-like rolling resistance of a foam ball on artificial turf) until it
 * stops; with μ_r = 0.1 a ball kicked at 2 m/s rolls about 2 m, at 4 m/s about 8 m.
 */
import type { Vec3 } from '@robot-runtime/math/types';

/**
 * The horizontal velocity scale factor for one step: 0 when the ball stops within this step.
 * `speed` in m/s, `g` in m/s² (positive).
 */
export function rollingScale(speed: number, rollingFriction: number, g: number, dt: number): number {
  if (speed <= 0) return 0;
  const slowed = speed - rollingFriction * g * dt;
  return slowed > 0 ? slowed / speed : 0;
}

/** Horizontal speed of a velocity. */
export const horizontalSpeed = (v: Vec3): number => Math.hypot(v.x, v.y);
