import { isFixed, type Codec } from '../Codec';
import type { InBinary } from '../InBinary';
import type { OutBinary } from '../OutBinary';
import { StreamError } from '../StreamError';
import { describeValue, ValueError } from '../ValueError';
import { fixedCodec, type FixedCodecWithScalar } from './fixed';

/**
 * Elements that take no bytes (empty classes) cannot be bounded by the input size, so their counts get a
 * fixed ceiling instead; no real representation comes near it.
 */
export const MAX_ZERO_SIZE_ELEMENTS = 1 << 16;

function notArray(v: unknown, expected: string): ValueError {
  return new ValueError(`expected ${expected}, got ${describeValue(v)}`);
}

function isArrayLike(v: unknown): v is ArrayLike<unknown> {
  return Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));
}

/** Reads a uint32 element count and checks it against the remaining input before anything is allocated. */
function readCount(inp: InBinary, elem: Codec, typeName: string): number {
  const at = inp.offset;
  const n = inp.count(elem.minSize, typeName);
  if (elem.minSize === 0) {
    if (n > MAX_ZERO_SIZE_ELEMENTS)
      throw new StreamError(
        `${typeName} count ${n} of empty elements exceeds ${MAX_ZERO_SIZE_ELEMENTS}`,
        inp.baseOffset + at,
      );
    inp.chargeEmpty(n, typeName);
  }
  return n;
}

/** Charges the decode's work budget for `length` elements that may take no bytes (see InBinary.chargeEmpty). */
function chargeElements(inp: InBinary, elem: Codec, length: number, typeName: string): void {
  if (elem.minSize === 0) inp.chargeEmpty(length, typeName);
}

/** Writes `n` elements with a variable-size codec, naming the failing index in errors. */
function writeEach(out: OutBinary, elem: Codec, xs: ArrayLike<unknown>, n: number): void {
  let i = 0;
  try {
    for (; i < n; i++) elem.write(out, xs[i]);
  } catch (e) {
    if (e instanceof ValueError) e.within(`[${i}]`);
    throw e;
  }
}

/** Writes `n` fixed-size elements at `offset` (room already reserved). */
function putEach(
  elem: FixedCodecWithScalar<unknown>,
  view: DataView,
  bytes: Uint8Array,
  offset: number,
  xs: ArrayLike<unknown>,
  n: number,
): void {
  const scalar = elem.scalar;
  if (scalar) {
    scalar.putMany(view, bytes, offset, xs, n);
    return;
  }
  const size = elem.fixedSize;
  let i = 0;
  try {
    for (; i < n; i++) elem.putAt(view, bytes, offset + i * size, xs[i]);
  } catch (e) {
    if (e instanceof ValueError) e.within(`[${i}]`);
    throw e;
  }
}

/** Reads `n` fixed-size elements at `offset` into `out` (bounds already checked). */
function getEach(
  elem: FixedCodecWithScalar<unknown>,
  view: DataView,
  bytes: Uint8Array,
  offset: number,
  n: number,
  out: unknown[],
): void {
  const scalar = elem.scalar;
  if (scalar) {
    scalar.getMany(view, bytes, offset, n, out);
    return;
  }
  const size = elem.fixedSize;
  for (let i = 0; i < n; i++) out[i] = elem.getAt(view, bytes, offset + i * size);
}

/**
 * Gives `target` `n` elements. Storing an array's length is a slow generic operation even when nothing changes,
 * and decoding into the same arrays frame after frame (the exchange between threads) almost never changes it.
 */
function setLength(target: unknown[], n: number): void {
  if (target.length !== n) target.length = n;
}

/** Reads `n` elements into `target` in place, reusing element objects. */
function readEachInto(inp: InBinary, elem: Codec, n: number, target: unknown[]): void {
  setLength(target, n);
  for (let i = 0; i < n; i++) target[i] = elem.readInto(inp, target[i]);
}

/** A C array / std::array / ENUM_INDEXED_ARRAY: exactly `length` elements, no count on the wire. */
export function arrayCodec(typeName: string, elem: Codec, length: number): Codec<unknown[]> {
  if (elem.minSize === 0 && length > MAX_ZERO_SIZE_ELEMENTS) throw new Error(`${typeName}: too many empty elements`);
  const expected = `an array of ${length}`;
  // Zero-size elements take the variable path, whose reads see the input and charge its work budget.
  if (isFixed(elem) && elem.fixedSize > 0) {
    const fixedElem = elem as FixedCodecWithScalar<unknown>;
    const elemSize = elem.fixedSize;
    const size = elemSize * length;
    const elemGetInto = fixedElem.getInto;
    return fixedCodec<unknown[]>(
      typeName,
      size,
      (view, bytes, offset) => {
        const out = new Array<unknown>(length);
        getEach(fixedElem, view, bytes, offset, length, out);
        return out;
      },
      (view, bytes, offset, xs) => {
        if (!isArrayLike(xs) || xs.length !== length) throw notArray(xs, expected);
        putEach(fixedElem, view, bytes, offset, xs, length);
      },
      elemGetInto
        ? undefined
        : (inp, target) => {
            inp.need(size, typeName);
            const array = Array.isArray(target) ? target : new Array<unknown>(length);
            readEachInto(inp, elem, length, array);
            return array;
          },
      undefined,
      elemGetInto &&
        ((view, bytes, offset, target) => {
          const array = Array.isArray(target) ? target : new Array<unknown>(length);
          setLength(array, length);
          if (fixedElem.scalar) getEach(fixedElem, view, bytes, offset, length, array);
          else for (let i = 0; i < length; i++) array[i] = elemGetInto(view, bytes, offset + i * elemSize, array[i]);
          return array;
        }),
    );
  }
  const read = (inp: InBinary): unknown[] => {
    inp.need(elem.minSize * length, typeName);
    chargeElements(inp, elem, length, typeName);
    const out = new Array<unknown>(length);
    for (let i = 0; i < length; i++) out[i] = elem.read(inp);
    return out;
  };
  return {
    typeName,
    fixedSize: -1,
    minSize: elem.minSize * length,
    read,
    readInto(inp: InBinary, target: unknown[]): unknown[] {
      if (!Array.isArray(target)) return read(inp);
      inp.need(elem.minSize * length, typeName);
      chargeElements(inp, elem, length, typeName);
      readEachInto(inp, elem, length, target);
      return target;
    },
    write(out: OutBinary, xs: unknown[]): void {
      if (!isArrayLike(xs) || xs.length !== length) throw notArray(xs, expected);
      writeEach(out, elem, xs, length);
    },
    skip(inp: InBinary): void {
      inp.need(elem.minSize * length, typeName);
      chargeElements(inp, elem, length, typeName);
      for (let i = 0; i < length; i++) elem.skip(inp);
    },
    sizeOf(xs: unknown[]): number {
      let n = 0;
      for (let i = 0; i < length; i++) n += elem.sizeOf(xs[i]);
      return n;
    },
  };
}

/** std::vector / std::list: uint32 count, then the elements. */
export function vectorCodec(typeName: string, elem: Codec): Codec<unknown[]> {
  const expected = 'an array';
  if (isFixed(elem) && elem.fixedSize > 0) {
    const fixedElem = elem as FixedCodecWithScalar<unknown>;
    const size = elem.fixedSize;
    return {
      typeName,
      fixedSize: -1,
      minSize: 4,
      read(inp: InBinary): unknown[] {
        const n = readCount(inp, elem, typeName);
        const out = new Array<unknown>(n);
        getEach(fixedElem, inp.view, inp.bytes, inp.offset, n, out);
        inp.offset += n * size;
        return out;
      },
      readInto(inp: InBinary, target: unknown[]): unknown[] {
        // readCount checked that all n elements are there.
        const n = readCount(inp, elem, typeName);
        if (!Array.isArray(target)) target = new Array<unknown>(n);
        const getInto = fixedElem.getInto;
        if (fixedElem.scalar) {
          setLength(target, n);
          getEach(fixedElem, inp.view, inp.bytes, inp.offset, n, target);
          inp.offset += n * size;
        } else if (getInto) {
          setLength(target, n);
          const { view, bytes, offset } = inp;
          for (let i = 0; i < n; i++) target[i] = getInto(view, bytes, offset + i * size, target[i]);
          inp.offset += n * size;
        } else readEachInto(inp, elem, n, target);
        return target;
      },
      write(out: OutBinary, xs: unknown[]): void {
        if (!isArrayLike(xs)) throw notArray(xs, expected);
        const n = xs.length;
        out.reserve(4 + n * size);
        out.uint32(n);
        putEach(fixedElem, out.view, out.buffer, out.length, xs, n);
        out.length += n * size;
      },
      skip(inp: InBinary): void {
        const n = readCount(inp, elem, typeName);
        inp.offset += n * size;
      },
      sizeOf: (xs) => 4 + xs.length * size,
    };
  }
  const read = (inp: InBinary): unknown[] => {
    const n = readCount(inp, elem, typeName);
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = elem.read(inp);
    return out;
  };
  return {
    typeName,
    fixedSize: -1,
    minSize: 4,
    read,
    readInto(inp: InBinary, target: unknown[]): unknown[] {
      if (!Array.isArray(target)) return read(inp);
      readEachInto(inp, elem, readCount(inp, elem, typeName), target);
      return target;
    },
    write(out: OutBinary, xs: unknown[]): void {
      if (!isArrayLike(xs)) throw notArray(xs, expected);
      out.uint32(xs.length);
      writeEach(out, elem, xs, xs.length);
    },
    skip(inp: InBinary): void {
      const n = readCount(inp, elem, typeName);
      for (let i = 0; i < n; i++) elem.skip(inp);
    },
    sizeOf(xs: unknown[]): number {
      let n = 4;
      for (let i = 0; i < xs.length; i++) n += elem.sizeOf(xs[i]);
      return n;
    },
  };
}

/** std::optional: uint32 0 (absent) or 1 followed by the value. `undefined` (or null) is absent in JS. */
export function optionalCodec(typeName: string, elem: Codec): Codec<unknown> {
  const flag = (inp: InBinary): boolean => {
    const at = inp.offset;
    const f = inp.uint32();
    if (f > 1) throw new StreamError(`${typeName} presence flag ${f} is neither 0 nor 1`, inp.baseOffset + at);
    return f === 1;
  };
  return {
    typeName,
    fixedSize: -1,
    minSize: 4,
    read: (inp) => (flag(inp) ? elem.read(inp) : undefined),
    readInto: (inp, target) => (flag(inp) ? elem.readInto(inp, target) : undefined),
    write(out: OutBinary, v: unknown): void {
      if (v === undefined || v === null) {
        out.uint32(0);
        return;
      }
      out.uint32(1);
      elem.write(out, v);
    },
    skip(inp: InBinary): void {
      if (flag(inp)) elem.skip(inp);
    },
    sizeOf: (v) => (v === undefined || v === null ? 4 : 4 + elem.sizeOf(v)),
  };
}
