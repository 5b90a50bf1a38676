/**
 * @file Units of the 3-D scene: the world model speaks millimetres, the 3-D scene metres (three.js' lights,
 * near/far planes and controls are tuned for human-sized scenes in metres). Z is up, as in the field frame.
 */

/** Millimetres to scene units. */
export const MM = 0.001;

/** Converts a length in mm to scene units. */
export function mm(value: number): number {
  return value * MM;
}
