/**
 * @file Copies of a module's kept state and of blackboard values, for the snapshots a log replay seeks with. A copy
 * is deep and keeps class prototypes (a HeadingSearch stays a HeadingSearch with its vote array copied), so the
 * restored module computes exactly what it would have. Only data is copied: a function or another resource in a
 * module's state is an error that names where it is, because a snapshot could not bring it back.
 * structuredClone drops prototypes and a general clone library copies functions by reference, hence this walk.
 */

/** Bytes a copy is counted at besides its content (object header and property slots), for memory budgets. */
const OBJECT_BYTES = 32;
const SLOT_BYTES = 8;

type Copier = (value: unknown, path: string) => unknown;
/** Registers a copy before its content is copied, so that cycles end. */
type Register = <C>(copy: C) => C;

function copyArrayBufferView(view: ArrayBufferView): ArrayBufferView {
  if (view instanceof DataView)
    return new DataView(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
  return (view as unknown as { slice(): ArrayBufferView }).slice();
}

function copyObject(value: object, path: string, copy: Copier, register: Register): unknown {
  if (Array.isArray(value)) {
    const out = register(new Array<unknown>(value.length));
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i], `${path}[${i}]`);
    return out;
  }
  if (ArrayBuffer.isView(value)) return copyArrayBufferView(value);
  if (value instanceof ArrayBuffer) return value.slice(0);
  if (value instanceof Map) {
    const out = register(new Map());
    for (const [k, v] of value) out.set(copy(k, `${path}.key`), copy(v, `${path}.get(${String(k)})`));
    return out;
  }
  if (value instanceof Set) {
    const out = register(new Set());
    for (const v of value) out.add(copy(v, `${path}.item`));
    return out;
  }
  if (value instanceof Date) return new Date(value.getTime());
  const proto = Object.getPrototypeOf(value) as object | null;
  if (
    proto !== null &&
    proto !== Object.prototype &&
    typeof (proto as { constructor?: unknown }).constructor !== 'function'
  )
    throw new Error(`${path}: an object without a class cannot be copied into a snapshot`);
  if (value instanceof Promise || value instanceof WeakMap || value instanceof WeakSet)
    throw new Error(`${path}: a ${proto?.constructor.name} is not data and cannot be copied into a snapshot`);
  const out = register(Object.create(proto) as Record<string, unknown>);
  for (const key of Object.keys(value)) out[key] = copy((value as Record<string, unknown>)[key], `${path}.${key}`);
  return out;
}

/**
 * A deep copy of `value` (numbers, strings, booleans, undefined, null, bigints, arrays, typed arrays, Map, Set,
 * Date, plain objects and class instances with their prototype). Throws, naming the place by `path`, for a
 * function, a symbol or another non-data value; shared references are copied once per reference.
 */
export function copyState<T>(value: T, path = 'state'): T {
  const seen = new Map<object, unknown>();
  const copy: Copier = (v, p) => {
    if (v === null || typeof v !== 'object') {
      if (typeof v === 'function' || typeof v === 'symbol')
        throw new Error(`${p}: a ${typeof v} is not data and cannot be copied into a snapshot`);
      return v;
    }
    const known = seen.get(v);
    if (known !== undefined) return known;
    return copyObject(v, p, copy, (out) => {
      seen.set(v, out);
      return out;
    });
  };
  return copy(value, path) as T;
}

/** Approximate bytes `value` occupies (content plus a fixed overhead per object and slot), for snapshot budgets. */
export function stateBytes(value: unknown): number {
  const seen = new Set<object>();
  const size = (v: unknown): number => {
    if (v === null || v === undefined) return SLOT_BYTES;
    if (typeof v === 'string') return SLOT_BYTES + 2 * v.length;
    if (typeof v !== 'object') return SLOT_BYTES;
    if (seen.has(v)) return SLOT_BYTES;
    seen.add(v);
    if (ArrayBuffer.isView(v)) return OBJECT_BYTES + v.byteLength;
    if (v instanceof ArrayBuffer) return OBJECT_BYTES + v.byteLength;
    let bytes = OBJECT_BYTES;
    if (v instanceof Map) for (const [k, x] of v) bytes += size(k) + size(x);
    else if (v instanceof Set) for (const x of v) bytes += size(x);
    else if (Array.isArray(v)) for (const x of v) bytes += size(x);
    else for (const key of Object.keys(v)) bytes += SLOT_BYTES + size((v as Record<string, unknown>)[key]);
    return bytes;
  };
  return size(value);
}
