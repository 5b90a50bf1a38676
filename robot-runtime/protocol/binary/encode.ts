import type { AnyType, ValueOf } from '../types';
import type { Codec } from './Codec';
import { getCodec } from './getCodec';
import { InBinary } from './InBinary';
import { OutBinary } from './OutBinary';
import { StreamError } from './StreamError';
import { ValueError } from './ValueError';

/**
 * Encodes one value into a buffer of exactly its size (measured first), so large byte fields are copied once.
 * A ValueError names the type and the field path of a value that does not fit.
 */
export function encode<T extends AnyType>(type: T, value: ValueOf<T>): Uint8Array {
  const codec = getCodec(type);
  try {
    const out = new OutBinary(codec.sizeOf(value));
    codec.write(out, value);
    return out.view8();
  } catch (e) {
    throw e instanceof ValueError ? e.within(type.typeName) : e;
  }
}

/** Appends one value to `out` (for writers that assemble several values, such as message queues); on failure nothing is appended. */
export function encodeTo<T extends AnyType>(out: OutBinary, type: T, value: ValueOf<T>): void {
  const start = out.length;
  try {
    getCodec(type).write(out, value);
  } catch (e) {
    out.length = start; // drop the partial value so that the stream stays well-formed
    throw e instanceof ValueError ? e.within(type.typeName) : e;
  }
}

function checkConsumed(inp: InBinary, codec: Codec): void {
  if (!inp.atEnd)
    throw new StreamError(`${inp.remaining} bytes left over after ${codec.typeName}`, inp.baseOffset + inp.offset);
}

/**
 * Decodes one value that must span `bytes` exactly (left-over bytes mean the data was written as a different
 * type). Throws StreamError with the byte offset on malformed input.
 */
export function decode<T extends AnyType>(type: T, bytes: Uint8Array): ValueOf<T> {
  const codec = getCodec(type);
  const inp = new InBinary(bytes);
  const v = codec.read(inp);
  checkConsumed(inp, codec);
  return v;
}

/**
 * Decodes `bytes` into an existing value, keeping the identity of `target` and of the objects and arrays inside
 * it (blackboard representations, MODIFY overrides). All-or-nothing: the input is validated completely first,
 * so malformed input throws StreamError without touching `target`. Returns the stored value (`target` for
 * classes).
 */
export function decodeInto<T extends AnyType>(type: T, bytes: Uint8Array, target: ValueOf<T>): ValueOf<T> {
  const codec = getCodec(type);
  const inp = new InBinary(bytes);
  // Validation pass (O(1) for fixed-size types): a failure here leaves `target` untouched.
  codec.skip(inp);
  checkConsumed(inp, codec);
  inp.offset = 0;
  return codec.readInto(inp, target);
}

/**
 * Reads the value of `length` bytes at the position of `inp` into `target` (as decodeInto does), for bytes this
 * program's own encoder produced (representations exchanged between threads): they cannot be malformed, so the
 * validation pass and a reader per value are left out. A length mismatch still throws, after `target` was written.
 */
export function readOwnInto<T extends AnyType>(type: T, inp: InBinary, length: number, target: ValueOf<T>): ValueOf<T> {
  const end = inp.offset + length;
  const codec = getCodec(type);
  const stored = codec.readInto(inp, target);
  if (inp.offset !== end) {
    throw new StreamError(`${codec.typeName} spans ${inp.offset - end + length} bytes, not ${length}`, inp.offset);
  }
  return stored;
}
