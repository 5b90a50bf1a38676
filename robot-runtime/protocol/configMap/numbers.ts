/**
 * Number and angle literals of config maps: C literal syntax in, shortest round-tripping text out. Pure string
 * work, shared by the typed reader and writer so that what one writes the other reads back bit-exactly.
 */

const INT_SUFFIX = '(?:[uU](?:ll|LL|l|L)?|(?:ll|LL|l|L)[uU]?)?';
const HEX = new RegExp(`^([+-]?)0[xX]([0-9a-fA-F]+)${INT_SUFFIX}$`);
const OCTAL = new RegExp(`^([+-]?)0([0-7]*)${INT_SUFFIX}$`);
const DECIMAL = new RegExp(`^([+-]?)([1-9][0-9]*)${INT_SUFFIX}$`);
const FLOAT = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[fFlL]?$/;
const NON_FINITE = /^([+-]?)(inf|infinity|nan)$/i;
const ANGLE = /^(.*?)\s*(deg|rad|pi)?$/;

/**
 * An integer in C literal syntax: decimal, hex (`0x1F`), octal (leading `0`, as C reads it), optional sign and
 * `u`/`l` suffixes. Returns undefined for anything else (including `08`, which is not valid octal). Values beyond
 * 2^53 lose precision, which is harmless: they are out of range for every integer type we stream.
 */
export function parseCInteger(text: string): number | undefined {
  const m = HEX.exec(text) ?? DECIMAL.exec(text);
  if (m) {
    const magnitude = m[0].match(/^[+-]?0[xX]/) ? parseInt(m[2]!, 16) : Number(m[2]);
    return m[1] === '-' ? -magnitude : magnitude;
  }
  const o = OCTAL.exec(text);
  if (!o) return undefined;
  const magnitude = o[2] ? parseInt(o[2], 8) : 0;
  return o[1] === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * A floating-point number in C literal syntax (`1`, `-2.5`, `.5`, `1.`, `3e-4`, `2.5f`, integer forms incl. hex),
 * plus `inf`/`nan` so that non-finite values the writer emits read back. Undefined if malformed.
 */
export function parseCFloat(text: string): number | undefined {
  if (FLOAT.test(text)) return Number(text.replace(/[fFlL]$/, ''));
  const nonFinite = NON_FINITE.exec(text);
  if (nonFinite) return nonFinite[2]!.toLowerCase() === 'nan' ? NaN : nonFinite[1] === '-' ? -Infinity : Infinity;
  return parseCInteger(text);
}

const DEG = Math.PI / 180;

/** An angle in radians from `<number>[deg|rad|pi]` (no suffix means radians); undefined if malformed. */
export function parseAngleLiteral(text: string): number | undefined {
  const m = ANGLE.exec(text);
  if (!m) return undefined;
  const value = parseCFloat(m[1]!);
  if (value === undefined) return undefined;
  return m[2] === 'deg' ? value * DEG : m[2] === 'pi' ? value * Math.PI : value;
}

function nonFiniteText(v: number): string {
  return Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf';
}

/** Shortest decimal text that reads back as the same double. */
export function formatDouble(v: number): string {
  return Number.isFinite(v) ? String(v) : nonFiniteText(v);
}

/**
 * Shortest decimal text that reads back as the same float32: `Math.fround(0.1)` prints as `0.1`, not
 * `0.10000000149011612`. The value is rounded to float32 first, as the robot would store it.
 */
export function formatFloat32(v: number): string {
  const f = Math.fround(v);
  if (!Number.isFinite(f)) return nonFiniteText(f);
  for (let p = 1; p <= 9; p++) {
    const candidate = Number(f.toPrecision(p));
    if (Math.fround(candidate) === f) return String(candidate);
  }
  return String(f); // unreachable: 9 significant digits always identify a float32
}

/** Angle values that mean "sensor off" / "ignore" and are written as plain numbers, not degrees. */
const SPECIAL_ANGLES = new Set([10000, 20000]);

/**
 * An angle (radians, float32) as config text: `<degrees>deg` with the fewest digits that read back to the same
 * float32, except the special values 10000 and 20000, written plain (and so read back as radians).
 */
export function formatAngle(radians: number): string {
  const f = Math.fround(radians);
  if (SPECIAL_ANGLES.has(f)) return String(f);
  if (!Number.isFinite(f)) return nonFiniteText(f);
  const degrees = f / DEG;
  for (let p = 1; p <= 17; p++) {
    const candidate = Number(degrees.toPrecision(p));
    if (Math.fround(candidate * DEG) === f) return `${candidate}deg`;
  }
  return `${formatFloat32(f)}rad`; // no decimal degree value maps back exactly; radians always do
}
