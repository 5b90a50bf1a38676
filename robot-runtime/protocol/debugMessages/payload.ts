import type { ColorRGBA, Vec2, Vec3 } from '../../math/types';
import { InBinary } from '../binary/InBinary';
import type { OutBinary } from '../binary/OutBinary';
import { StreamError } from '../binary/StreamError';

/** A reader over a whole message payload; `baseOffset` is the payload's position in a larger input (for errors). */
export function payloadReader(payload: Uint8Array, baseOffset = 0): InBinary {
  return new InBinary(payload, 0, payload.length, baseOffset);
}

/** Rejects trailing bytes: they mean the sender's layout differs from ours, so the decoded values are suspect. */
export function expectEnd(inp: InBinary, what: string): void {
  if (!inp.atEnd) throw new StreamError(`${what} has ${inp.remaining} trailing bytes`, inp.baseOffset + inp.offset);
}

/** ColorRGBA: 4 bytes r, g, b, a. */
export function writeColor(out: OutBinary, c: ColorRGBA): void {
  out.uint8(c.r);
  out.uint8(c.g);
  out.uint8(c.b);
  out.uint8(c.a);
}

/** Reads a ColorRGBA. */
export function readColor(inp: InBinary): ColorRGBA {
  inp.need(4, 'ColorRGBA');
  return { r: inp.uint8(), g: inp.uint8(), b: inp.uint8(), a: inp.uint8() };
}

/** Vector2f: x, y as floats. */
export function writeVec2f(out: OutBinary, v: Vec2): void {
  out.float(v.x);
  out.float(v.y);
}

/** Reads a Vector2f. */
export function readVec2f(inp: InBinary): Vec2 {
  return { x: inp.float(), y: inp.float() };
}

/** Vector3f: x, y, z as floats. */
export function writeVec3f(out: OutBinary, v: Vec3): void {
  out.float(v.x);
  out.float(v.y);
  out.float(v.z);
}

/** Reads a Vector3f. */
export function readVec3f(inp: InBinary): Vec3 {
  return { x: inp.float(), y: inp.float(), z: inp.float() };
}

/** A count stored as a signed int (B-Human `int n`): negative or larger than the input can hold is malformed. */
export function readIntCount(inp: InBinary, minElementSize: number, what: string): number {
  const at = inp.offset;
  return checkCount(inp, inp.int32(), at, minElementSize, what);
}

/** Returns the count `n` read at `at` if its elements can fit the input left; throws StreamError if not. */
export function checkCount(inp: InBinary, n: number, at: number, minElementSize: number, what: string): number {
  if (n < 0 || (minElementSize > 0 && n * minElementSize > inp.remaining)) {
    throw new StreamError(`${what} count ${n} does not fit the ${inp.remaining} bytes left`, inp.baseOffset + at);
  }
  return n;
}
