/**
 * @file Limits and ramps of single numbers, which the motion engines, the behaviour, the leg kinematics and the
 * team message codecs all need; one definition keeps their edge cases (NaN passes through `clamp`) alike.
 */

/** `v` limited to `[min, max]`; NaN stays NaN, so a bad input is not hidden as a limit. */
export function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}

/** `current` moved towards `target` by at most `maxStep` (a rate limit: speeds, head angles). */
export function approach(current: number, target: number, maxStep: number): number {
  return current + clamp(target - current, -maxStep, maxStep);
}

/**
 * A smooth 0..1 ramp over `p` in 0..1 with zero speed at both ends (a half cosine), so that joints start and stop
 * without a jerk; `p` outside 0..1 holds the ends.
 */
export function smoothRamp(p: number): number {
  return 0.5 - 0.5 * Math.cos(Math.PI * clamp(p, 0, 1));
}
