/**
 * Physical quantities in scene attributes: a number optionally followed by a unit; no unit means the SI base unit
 * (metres, radians, kilograms, …), as in SimRobot scene files. Values are returned in SI.
 */

/** The kinds of quantity an attribute can hold. */
export type Quantity =
  | 'length'
  | 'angle'
  | 'angularVelocity'
  | 'velocity'
  | 'acceleration'
  | 'mass'
  | 'inertia'
  | 'force'
  | 'time'
  | 'number';

/** Unit → factor to SI for each quantity; the first entry is the default unit. */
export const UNITS: Record<Quantity, Record<string, number>> = {
  length: { m: 1, mm: 0.001, cm: 0.01, dm: 0.1, km: 1000 },
  angle: { radian: 1, degree: Math.PI / 180 },
  angularVelocity: { 'radian/s': 1, 'degree/s': Math.PI / 180 },
  velocity: { 'm/s': 1, 'mm/s': 0.001, 'cm/s': 0.01, 'dm/s': 0.1, 'km/s': 1000, 'km/h': 1 / 3.6 },
  acceleration: { 'm/s^2': 1, 'mm/s^2': 0.001 },
  mass: { kg: 1, g: 0.001 },
  inertia: { 'kg*m^2': 1, 'g*mm^2': 1e-9 },
  force: { N: 1 },
  time: { s: 1 },
  number: {},
};

const NUMBER = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(\S*)\s*$/;

/**
 * Parses `value` as a quantity; returns the SI value or an error message (never throws, so the caller can attach
 * the file/line/element location).
 */
export function parseQuantity(value: string, quantity: Quantity): number | string {
  const m = NUMBER.exec(value);
  if (!m) return `'${value}' is not a number${value.includes('$') ? ' (undefined placeholder?)' : ''}`;
  const number = Number(m[1]);
  const unit = m[2]!;
  if (unit === '') return number;
  const factor = UNITS[quantity][unit];
  if (factor === undefined) {
    const allowed = Object.keys(UNITS[quantity]);
    return allowed.length === 0
      ? `'${value}' must be a plain number`
      : `unknown ${quantity} unit '${unit}' (expected one of ${allowed.join(', ')})`;
  }
  return number * factor;
}
