/**
 * When a pushed robot falls. The robot bodies are upright capsules, so falling is decided by a model rather than
 * by the rigid-body dynamics: while a robot touches another robot, the part of its motion it did not command
 * (its actual minus its commanded velocity, without the part that merely blocks its own walking) counts as being
 * pushed. That pushed displacement is accumulated with a leaky integrator; a NAO standing on its feet tolerates
 * a few centimetres of shove (its feet are ~10 cm long), so it falls once the accumulated push exceeds 60 mm
 * within roughly half a second. A fallen robot lies still and stands up again after 6.5 s (falling and lying
 * ~1.5 s plus a ~5 s get-up motion, as NAO get-up motions take).
 */
import type { Vec2 } from '@robot-runtime/math/types';

/** Push displacement (mm) that makes a robot fall. */
export const FALL_PUSH_THRESHOLD = 60;
/** Time constant (s) of the leaky push integrator. */
export const PUSH_MEMORY = 0.5;
/** Time (s) from a fall until the robot stands again. */
export const GET_UP_DURATION = 6.5;

/**
 * The speed (mm/s) at which a robot is pushed: its velocity error, minus the component that opposes its own
 * commanded motion (being blocked while walking into something is not being pushed).
 */
export function pushedSpeed(commanded: Vec2, actual: Vec2): number {
  const dx = actual.x - commanded.x,
    dy = actual.y - commanded.y;
  const speed = Math.hypot(commanded.x, commanded.y);
  if (speed < 1) return Math.hypot(dx, dy);
  const ux = commanded.x / speed,
    uy = commanded.y / speed;
  const along = dx * ux + dy * uy;
  const blocked = Math.min(0, along);
  return Math.hypot(dx - blocked * ux, dy - blocked * uy);
}

/** One step of the leaky push integrator (mm). */
export const integratePush = (accumulated: number, speed: number, dt: number): number =>
  accumulated * Math.exp(-dt / PUSH_MEMORY) + speed * dt;
