import type { FixedCodec } from '../Codec';
import type { InBinary } from '../InBinary';
import type { OutBinary } from '../OutBinary';
import type { ScalarAccess } from './numeric';

/** Reads at `offset` without bounds checks into `target`, as readInto would (the caller has checked them). */
export type GetInto<V> = (view: DataView, bytes: Uint8Array, offset: number, target: V) => V;

/** A fixed-size codec plus, for primitives, the bulk accessors that arrays of it use. */
export interface FixedCodecWithScalar<V> extends FixedCodec<V> {
  /** Set for fixed-size primitives and enums: lets arrays read and write all elements in one tight loop. */
  readonly scalar?: ScalarAccess;
  /**
   * readInto without bounds checks, where the codec has it: a class or array made only of such codecs reads in
   * place after one bounds check for all of it, instead of one check and one call per field.
   */
  readonly getInto?: GetInto<V>;
}

/**
 * Builds a fixed-size codec from unchecked accessors: every read checks the whole size once, every write
 * reserves it once, then the accessors run without further bounds checks. `readInto` comes from `getInto` when
 * only that is given; without either, values are read fresh (primitives), which `getInto` then does too.
 */
export function fixedCodec<V>(
  typeName: string,
  size: number,
  getAt: (view: DataView, bytes: Uint8Array, offset: number) => V,
  putAt: (view: DataView, bytes: Uint8Array, offset: number, value: V) => void,
  readInto?: (inp: InBinary, target: V) => V,
  scalar?: ScalarAccess,
  getInto?: GetInto<V>,
): FixedCodecWithScalar<V> {
  const read = (inp: InBinary): V => {
    inp.need(size, typeName);
    const v = getAt(inp.view, inp.bytes, inp.offset);
    inp.offset += size;
    return v;
  };
  if (!readInto && !getInto) getInto = (view, bytes, offset) => getAt(view, bytes, offset);
  const unchecked = getInto;
  const readIntoChecked =
    readInto ??
    (unchecked
      ? (inp: InBinary, target: V): V => {
          inp.need(size, typeName);
          const v = unchecked(inp.view, inp.bytes, inp.offset, target);
          inp.offset += size;
          return v;
        }
      : read);
  return {
    typeName,
    fixedSize: size,
    minSize: size,
    scalar,
    getInto,
    getAt,
    putAt,
    read,
    readInto: readIntoChecked,
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
