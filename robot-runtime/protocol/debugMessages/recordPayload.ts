/**
 * @file Debug message payloads that are a fixed sequence of fields (idPlot, idRobotName, idStopwatch, …), declared
 * as a table of field codecs: the binary codecs encode and decode them, so each message states only its layout.
 */
import type { Codec } from '../binary/Codec';
import { classCodec } from '../binary/codecs/classes';
import type { InBinary } from '../binary/InBinary';
import { OutBinary } from '../binary/OutBinary';
import { ValueError } from '../binary/ValueError';
import { getCodec } from '../binary/getCodec';
import { t } from '../types/define';
import { checkCount, expectEnd, payloadReader } from './payload';

/** The field codecs the payload tables use (B-Human's streamed primitives). */
export const wire = {
  bool: getCodec(t.bool),
  uint8: getCodec(t.uint8),
  uint16: getCodec(t.uint16),
  int32: getCodec(t.int32),
  uint32: getCodec(t.uint32),
  float: getCodec(t.float),
  string: getCodec(t.string),
};

/** The codec of each field of a record `V`, in streaming order. */
export type FieldCodecs<V> = { [K in keyof V]: Codec<V[K]> };

/** A record of fields streamed in the order of `fields`' keys (no names on the wire). */
function record<V extends object>(what: string, fields: FieldCodecs<V>): Codec<V> {
  const list = Object.entries(fields).map(([name, codec]) => ({ name, codec: codec as Codec }));
  return classCodec(what, list) as unknown as Codec<V>;
}

/** How a list's element count travels: B-Human writes `int n` in some tables and `unsigned short` in others. */
type CountKind = 'uint16' | 'int32';

/**
 * A list of records (`fields`, as in `record`) preceded by its count. The count is checked against the input left
 * (at the record's smallest size) before anything is allocated, so a hostile count costs nothing.
 */
export function recordList<V extends object>(countKind: CountKind, what: string, fields: FieldCodecs<V>): Codec<V[]> {
  const element = record(what, fields);
  const countSize = countKind === 'uint16' ? 2 : 4;
  const limit = countKind === 'uint16' ? 0xffff : 0x7fffffff;
  const readCount = (inp: InBinary): number => {
    const at = inp.offset;
    return checkCount(inp, countKind === 'uint16' ? inp.uint16() : inp.int32(), at, element.minSize, what);
  };
  const read = (inp: InBinary): V[] => {
    const n = readCount(inp);
    const out: V[] = [];
    for (let i = 0; i < n; i++) out.push(element.read(inp));
    return out;
  };
  return {
    typeName: what,
    fixedSize: -1,
    minSize: countSize,
    read,
    readInto: read,
    write(out: OutBinary, xs: V[]): void {
      if (xs.length > limit) throw new ValueError(`${xs.length} ${what} entries do not fit a ${countKind} count`);
      if (countKind === 'uint16') out.uint16(xs.length);
      else out.int32(xs.length);
      for (const x of xs) element.write(out, x);
    },
    skip(inp: InBinary): void {
      const n = readCount(inp);
      for (let i = 0; i < n; i++) element.skip(inp);
    },
    sizeOf: (xs) => xs.reduce((n, x) => n + element.sizeOf(x), countSize),
  };
}

/** The encoder and decoder of one payload layout. */
export interface PayloadCodec<V> {
  /** The payload bytes of `value` (exactly its size). */
  encode(value: V): Uint8Array;
  /** Decodes a whole payload; StreamError (offsets plus `baseOffset`) on truncation or trailing bytes. */
  decode(payload: Uint8Array, baseOffset?: number): V;
}

/** A payload that is one record: `what` names it in errors. */
export function recordPayload<V extends object>(what: string, fields: FieldCodecs<V>): PayloadCodec<V> {
  const codec = record(what, fields);
  return {
    encode(value: V): Uint8Array {
      const out = new OutBinary(codec.sizeOf(value));
      codec.write(out, value);
      return out.toBytes();
    },
    decode(payload: Uint8Array, baseOffset = 0): V {
      const inp = payloadReader(payload, baseOffset);
      const value = codec.read(inp);
      expectEnd(inp, what);
      return value;
    },
  };
}
