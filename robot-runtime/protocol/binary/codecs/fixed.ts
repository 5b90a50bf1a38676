import type { FixedCodec } from '../Codec';
import type { InBinary } from '../InBinary';
import type { OutBinary } from '../OutBinary';
import type { ScalarAccess } from './numeric';

/** A fixed-size codec plus, for primitives, the bulk accessors that arrays of it use. */
export interface FixedCodecWithScalar<V> extends FixedCodec<V> {
  /** Set for fixed-size primitives and enums: lets arrays read and write all elements in one tight loop. */
  readonly scalar?: ScalarAccess;
}

/**
 * Builds a fixed-size codec from unchecked accessors: every read checks the whole size once, every write
 * reserves it once, then the accessors run without further bounds checks.
 */
export function fixedCodec<V>(
  typeName: string,
  size: number,
  getAt: (view: DataView, bytes: Uint8Array, offset: number) => V,
  putAt: (view: DataView, bytes: Uint8Array, offset: number, value: V) => void,
  readInto?: (inp: InBinary, target: V) => V,
  scalar?: ScalarAccess,
): FixedCodecWithScalar<V> {
  const read = (inp: InBinary): V => {
    inp.need(size, typeName);
    const v = getAt(inp.view, inp.bytes, inp.offset);
    inp.offset += size;
    return v;
  };
  return {
    typeName,
    fixedSize: size,
    minSize: size,
    scalar,
    getAt,
    putAt,
    read,
    readInto: readInto ?? ((inp) => read(inp)),
    write(out: OutBinary, value: V): void {
      out.reserve(size);
      putAt(out.view, out.buffer, out.length, value);
      out.length += size;
    },
    skip(inp: InBinary): void {
      inp.need(size, typeName);
      inp.offset += size;
    },
    sizeOf: () => size,
  };
}
