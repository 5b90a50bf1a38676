import { isFixed, type Codec, type FixedCodec } from '../Codec';
import type { InBinary } from '../InBinary';
import type { OutBinary } from '../OutBinary';
import { describeValue, ValueError } from '../ValueError';
import { fixedCodec, type FixedCodecWithScalar, type GetInto } from './fixed';

/** One streamed attribute of a class: its name and codec. */
export interface CodecField {
  readonly name: string;
  readonly codec: Codec;
}

type Obj = Record<string, unknown>;

function notObject(v: unknown): ValueError {
  return new ValueError(`expected an object, got ${describeValue(v)}`);
}

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

/**
 * A streamable class: its fields in declaration order, no names on the wire. When every field has a fixed
 * size the class does too, so arrays of it (points, poses) are read with one bounds check.
 */
export function classCodec(typeName: string, fields: readonly CodecField[]): Codec<Obj> {
  const names = fields.map((f) => f.name);
  const codecs = fields.map((f) => f.codec);
  const count = fields.length;
  const readInto = (inp: InBinary, target: Obj): Obj => {
    if (!isObject(target)) return read(inp);
    for (let i = 0; i < count; i++) target[names[i]!] = codecs[i]!.readInto(inp, target[names[i]!]);
    return target;
  };
  let read: (inp: InBinary) => Obj;
  const minSize = codecs.reduce((n, c) => n + c.minSize, 0);
  // A class of no bytes takes the variable path, whose reads see the input and charge its work budget.
  if (minSize > 0 && codecs.every((c) => isFixed(c))) {
    const fixed = codecs as FixedCodec[];
    const offsets: number[] = [];
    let size = 0;
    for (const c of fixed) {
      offsets.push(size);
      size += c.fixedSize;
    }
    // In place without per-field checks when every field can (exchanged poses, players, vectors).
    const getIntos = fixed.map((c) => (c as FixedCodecWithScalar<unknown>).getInto);
    let getInto: GetInto<Obj> | undefined;
    if (getIntos.every((g) => g !== undefined)) {
      const fields = getIntos as GetInto<unknown>[];
      getInto = (view, bytes, offset, target) => {
        if (!isObject(target)) return codec.getAt(view, bytes, offset);
        for (let i = 0; i < count; i++) {
          const name = names[i]!;
          target[name] = fields[i]!(view, bytes, offset + offsets[i]!, target[name]);
        }
        return target;
      };
    }
    const codec = fixedCodec<Obj>(
      typeName,
      size,
      (view, bytes, offset) => {
        const v: Obj = {};
        for (let i = 0; i < count; i++) v[names[i]!] = fixed[i]!.getAt(view, bytes, offset + offsets[i]!);
        return v;
      },
      (view, bytes, offset, v) => {
        if (!isObject(v)) throw notObject(v);
        let i = 0;
        try {
          for (; i < count; i++) fixed[i]!.putAt(view, bytes, offset + offsets[i]!, v[names[i]!]);
        } catch (e) {
          if (e instanceof ValueError) e.within(names[i]!);
          throw e;
        }
      },
      getInto ? undefined : readInto,
      undefined,
      getInto,
    );
    read = codec.read;
    return codec;
  }
  const charge = (inp: InBinary): void => {
    if (minSize === 0) inp.chargeEmpty(1, typeName);
  };
  read = (inp) => {
    charge(inp);
    const v: Obj = {};
    for (let i = 0; i < count; i++) v[names[i]!] = codecs[i]!.read(inp);
    return v;
  };
  return {
    typeName,
    fixedSize: -1,
    minSize,
    read,
    readInto: (inp, target) => {
      charge(inp);
      return readInto(inp, target);
    },
    write(out: OutBinary, v: Obj): void {
      if (!isObject(v)) throw notObject(v);
      let i = 0;
      try {
        for (; i < count; i++) codecs[i]!.write(out, v[names[i]!]);
      } catch (e) {
        if (e instanceof ValueError) e.within(names[i]!);
        throw e;
      }
    },
    skip(inp: InBinary): void {
      charge(inp);
      for (let i = 0; i < count; i++) codecs[i]!.skip(inp);
    },
    sizeOf(v: Obj): number {
      let n = 0;
      for (let i = 0; i < count; i++) n += codecs[i]!.sizeOf(v[names[i]!]);
      return n;
    },
  };
}

/** Converts between a JS value and its streamed field record (see ClassAdapter in protocol/types). */
export interface FieldAdapter<V> {
  toFields(value: V): Record<string, unknown>;
  fromFields(fields: Record<string, unknown>): V;
}

/**
 * A class whose JS form differs from its wire form (matrices). `readInto` keeps the identity of array or
 * object values by copying the freshly built value into the target.
 */
export function adaptedCodec<V>(inner: Codec<Obj>, adapter: FieldAdapter<V>): Codec<V> {
  const { toFields, fromFields } = adapter;
  const read = (inp: InBinary): V => fromFields(inner.read(inp));
  const readInto = (inp: InBinary, target: V): V => {
    const v = read(inp);
    if (Array.isArray(target) && Array.isArray(v)) {
      target.length = v.length;
      for (let i = 0; i < v.length; i++) target[i] = v[i];
      return target;
    }
    if (isObject(target) && isObject(v)) return Object.assign(target, v);
    return v;
  };
  const toFieldsChecked = (v: V): Record<string, unknown> => {
    try {
      return toFields(v);
    } catch (e) {
      throw new ValueError(`cannot convert ${describeValue(v)} to ${inner.typeName}: ${(e as Error).message}`);
    }
  };
  if (isFixed(inner)) {
    const { getAt, putAt } = inner;
    return fixedCodec<V>(
      inner.typeName,
      inner.fixedSize,
      (view, bytes, offset) => fromFields(getAt(view, bytes, offset)),
      (view, bytes, offset, v) => putAt(view, bytes, offset, toFieldsChecked(v)),
      readInto,
    );
  }
  return {
    typeName: inner.typeName,
    fixedSize: -1,
    minSize: inner.minSize,
    read,
    readInto,
    write: (out, v) => inner.write(out, toFieldsChecked(v)),
    skip: (inp) => inner.skip(inp),
    sizeOf: (v) => inner.sizeOf(toFieldsChecked(v)),
  };
}
