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

/** Unit tables without a prototype, so that a unit spelled `constructor` is unknown rather than Object's. */
const table = (units: Record<string, number>): Record<string, number> =>
  Object.assign(Object.create(null) as Record<string, number>, units);

/** Unit → factor to SI for each quantity; the first entry is the default unit. */
export const UNITS: Record<Quantity, Record<string, number>> = {
  length: table({ m: 1, mm: 0.001, cm: 0.01, dm: 0.1, km: 1000 }),
  angle: table({ radian: 1, degree: Math.PI / 180 }),
  angularVelocity: table({ 'radian/s': 1, 'degree/s': Math.PI / 180 }),
  velocity: table({ 'm/s': 1, 'mm/s': 0.001, 'cm/s': 0.01, 'dm/s': 0.1, 'km/s': 1000, 'km/h': 1 / 3.6 }),
  acceleration: table({ 'm/s^2': 1, 'mm/s^2': 0.001 }),
  mass: table({ kg: 1, g: 0.001 }),
  inertia: table({ 'kg*m^2': 1, 'g*mm^2': 1e-9 }),
  force: table({ N: 1 }),
  time: table({ s: 1 }),
  number: table({}),
};

/**
 * The largest magnitude (SI) of each quantity. Far beyond any robot scene (SimRobot's farthest distance sensor
 * range is 999 999 m), but finite values like 1e300 kg make the physics engine's state NaN, so they are refused
 * like infinite ones.
 */
export const MAX_MAGNITUDE: Record<Quantity, number> = {
  length: 1e6,
  angle: 1e6,
  angularVelocity: 1e6,
  velocity: 1e6,
  acceleration: 1e6,
  mass: 1e6,
  inertia: 1e6,
  force: 1e6,
  time: 1e6,
  number: 1e9,
};

const NUMBER = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(\S*)\s*$/;

/**
 * Parses `value` as a quantity; returns the SI value (always finite) or an error message (never throws, so the
 * caller can attach the file/line/element location).
 */
export function parseQuantity(value: string, quantity: Quantity): number | string {
  const m = NUMBER.exec(value);
  if (!m) return `'${value}' is not a number${value.includes('$') ? ' (undefined placeholder?)' : ''}`;
  const number = Number(m[1]);
  const unit = m[2]!;
  // `1e999` is Infinity, which passes every `>= 0` check and turns the simulation into NaN.
  if (unit === '') return bounded(value, number, quantity);
  const factor = UNITS[quantity][unit];
  if (factor === undefined) {
    const allowed = Object.keys(UNITS[quantity]);
    return allowed.length === 0
      ? `'${value}' must be a plain number`
      : `unknown ${quantity} unit '${unit}' (expected one of ${allowed.join(', ')})`;
  }
  return bounded(value, number * factor, quantity);
}

/** `si` if it is finite and within the quantity's magnitude, else why not. */
function bounded(value: string, si: number, quantity: Quantity): number | string {
  if (!Number.isFinite(si)) return `'${value}' is not a finite number`;
  if (Math.abs(si) > MAX_MAGNITUDE[quantity])
    return `'${value}' is out of range (a ${quantity} of at most ${MAX_MAGNITUDE[quantity]} in SI units)`;
  return si;
}
