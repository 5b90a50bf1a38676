import type { Codec } from '../Codec';
import type { InBinary } from '../InBinary';
import type { OutBinary } from '../OutBinary';
import { describeValue, ValueError } from '../ValueError';
import { fixedCodec, type FixedCodecWithScalar } from './fixed';
import { SCALARS, type ScalarKind } from './numeric';
import { utf8Length } from './utf8';

/** A codec for a fixed-size primitive kind (everything but `string`). */
export function scalarCodec(typeName: string, kind: ScalarKind): FixedCodecWithScalar<unknown> {
  const access = SCALARS[kind];
  return fixedCodec(typeName, access.size, access.get, access.put, undefined, access);
}

/** `std::string`: uint32 byte length, then UTF-8 bytes without a terminator. */
export function stringCodec(typeName: string): Codec<string> {
  return {
    typeName,
    fixedSize: -1,
    minSize: 4,
    read: (inp) => inp.string(),
    readInto: (inp) => inp.string(),
    write(out: OutBinary, v: string): void {
      if (typeof v !== 'string') throw new ValueError(`expected a string, got ${describeValue(v)}`);
      out.string(v);
    },
    skip(inp: InBinary): void {
      const n = inp.count(1, typeName);
      inp.offset += n;
    },
    sizeOf: (v) => 4 + utf8Length(v),
  };
}

/** An ENUM value: one byte holding the constant's index; the JS value is that index. */
export function enumCodec(typeName: string): FixedCodecWithScalar<number> {
  const access = SCALARS.uint8;
  return fixedCodec(typeName, 1, access.get as () => number, access.put, undefined, access);
}

/**
 * `unsigned char*` held as a Uint8Array: uint32 count, then the raw bytes. Reading copies exactly once (so the
 * caller owns the result and the input buffer can be reused; a reader with `borrowBytes` returns a view); writing copies exactly once into the output.
 */
export function bytesCodec(typeName: string): Codec<Uint8Array> {
  const read = (inp: InBinary): Uint8Array => {
    const n = inp.count(1, typeName);
    return inp.byteRun(n);
  };
  return {
    typeName,
    fixedSize: -1,
    minSize: 4,
    read,
    readInto(inp: InBinary, target: Uint8Array): Uint8Array {
      // Same length: overwrite in place so that holders of the buffer see the new data without a new allocation.
      const at = inp.offset;
      const n = inp.count(1, typeName);
      if (target instanceof Uint8Array && target.length === n) {
        target.set(inp.bytes.subarray(inp.offset, inp.offset + n));
        inp.offset += n;
        return target;
      }
      inp.offset = at;
      return read(inp);
    },
    write(out: OutBinary, v: Uint8Array): void {
      if (!(v instanceof Uint8Array)) throw new ValueError(`expected a Uint8Array, got ${describeValue(v)}`);
      out.reserve(4 + v.length);
      out.uint32(v.length);
      out.bytes(v);
    },
    skip(inp: InBinary): void {
      const n = inp.count(1, typeName);
      inp.offset += n;
    },
    sizeOf: (v) => 4 + v.length,
  };
}
