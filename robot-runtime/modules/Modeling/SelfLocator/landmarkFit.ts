/**
 * @file The one test of whether a seen feature fits the field under an assumed pose: it lies within a tolerance of
 * an instance of its type, and a corner's lines run within an angle of that instance's. The heading search and the
 * sideline choice both count such fits.
 */
import type { FieldLandmark } from '@robot-runtime/representations/Configuration/FieldDimensions';
import {
  LandmarkType,
  orientationPeriod,
  wrapToPeriod,
  type SeenLandmark,
} from '@robot-runtime/representations/Perception/LandmarkPercept';

/** After how much turn (rad) the feature's lines repeat; 0 when they do not count. */
export function fitPeriod(l: SeenLandmark): number {
  return l.hasOrientation && l.type !== LandmarkType.centerCircle ? orientationPeriod(l.type) : 0;
}

/**
 * Whether `l`, which under the assumed pose lies at field position (`x`, `y`) seen from a robot facing `heading`,
 * is within `tolerance` (mm) of an instance of its type whose lines fit within `angleTolerance` (rad).
 */
export function fitsInstance(
  l: SeenLandmark,
  period: number,
  heading: number,
  x: number,
  y: number,
  known: readonly FieldLandmark[],
  tolerance: number,
  angleTolerance: number,
): boolean {
  for (const k of known) {
    if (k.type !== l.type) continue;
    if (period > 0 && Math.abs(wrapToPeriod(l.orientation - (k.direction - heading), period)) > angleTolerance)
      continue;
    if (Math.hypot(k.position.x - x, k.position.y - y) <= tolerance) return true;
  }
  return false;
}
