import { describeValue, ValueError } from '../ValueError';

/**
 * Unchecked accessors for one fixed-size primitive. Each kind has its own function literals (not one generic
 * closure over a DataView method name) so that V8 can inline them in tight loops over large arrays.
 */
export interface ScalarAccess {
  readonly size: number;
  get(view: DataView, bytes: Uint8Array, offset: number): unknown;
  put(view: DataView, bytes: Uint8Array, offset: number, value: unknown): void;
  /** Reads `n` values starting at `offset` into `out[0..n)`. */
  getMany(view: DataView, bytes: Uint8Array, offset: number, n: number, out: unknown[]): void;
  /** Writes `values[0..n)` starting at `offset`. */
  putMany(view: DataView, bytes: Uint8Array, offset: number, values: ArrayLike<unknown>, n: number): void;
}

function notNumber(v: unknown): ValueError {
  return new ValueError(`expected a number, got ${describeValue(v)}`);
}

function notBool(v: unknown): ValueError {
  return new ValueError(`expected a boolean, got ${describeValue(v)}`);
}

const bool: ScalarAccess = {
  size: 1,
  get: (_v, b, o) => b[o] !== 0,
  put: (_v, b, o, x) => {
    if (typeof x !== 'boolean') throw notBool(x);
    b[o] = x ? 1 : 0;
  },
  getMany: (_v, b, o, n, out) => {
    for (let i = 0; i < n; i++) out[i] = b[o + i] !== 0;
  },
  putMany: (_v, b, o, xs, n) => {
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      if (typeof x !== 'boolean') throw notBool(x).within(`[${i}]`);
      b[o + i] = x ? 1 : 0;
    }
  },
};

const int8: ScalarAccess = {
  size: 1,
  get: (v, _b, o) => v.getInt8(o),
  put: (v, _b, o, x) => {
    if (typeof x !== 'number') throw notNumber(x);
    v.setInt8(o, x);
  },
  getMany: (v, _b, o, n, out) => {
    for (let i = 0; i < n; i++) out[i] = v.getInt8(o + i);
  },
  putMany: (v, _b, o, xs, n) => {
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      if (typeof x !== 'number') throw notNumber(x).within(`[${i}]`);
      v.setInt8(o + i, x);
    }
  },
};

const uint8: ScalarAccess = {
  size: 1,
  get: (_v, b, o) => b[o],
  put: (_v, b, o, x) => {
    if (typeof x !== 'number') throw notNumber(x);
    b[o] = x;
  },
  getMany: (_v, b, o, n, out) => {
    for (let i = 0; i < n; i++) out[i] = b[o + i];
  },
  putMany: (_v, b, o, xs, n) => {
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      if (typeof x !== 'number') throw notNumber(x).within(`[${i}]`);
      b[o + i] = x;
    }
  },
};

const int16: ScalarAccess = {
  size: 2,
  get: (v, _b, o) => v.getInt16(o, true),
  put: (v, _b, o, x) => {
    if (typeof x !== 'number') throw notNumber(x);
    v.setInt16(o, x, true);
  },
  getMany: (v, _b, o, n, out) => {
    for (let i = 0; i < n; i++) out[i] = v.getInt16(o + 2 * i, true);
  },
  putMany: (v, _b, o, xs, n) => {
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      if (typeof x !== 'number') throw notNumber(x).within(`[${i}]`);
      v.setInt16(o + 2 * i, x, true);
    }
  },
};

const uint16: ScalarAccess = {
  size: 2,
  get: (v, _b, o) => v.getUint16(o, true),
  put: (v, _b, o, x) => {
    if (typeof x !== 'number') throw notNumber(x);
    v.setUint16(o, x, true);
  },
  getMany: (v, _b, o, n, out) => {
    for (let i = 0; i < n; i++) out[i] = v.getUint16(o + 2 * i, true);
  },
  putMany: (v, _b, o, xs, n) => {
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      if (typeof x !== 'number') throw notNumber(x).within(`[${i}]`);
      v.setUint16(o + 2 * i, x, true);
    }
  },
};

const int32: ScalarAccess = {
  size: 4,
  get: (v, _b, o) => v.getInt32(o, true),
  put: (v, _b, o, x) => {
    if (typeof x !== 'number') throw notNumber(x);
    v.setInt32(o, x, true);
  },
  getMany: (v, _b, o, n, out) => {
    for (let i = 0; i < n; i++) out[i] = v.getInt32(o + 4 * i, true);
  },
  putMany: (v, _b, o, xs, n) => {
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      if (typeof x !== 'number') throw notNumber(x).within(`[${i}]`);
      v.setInt32(o + 4 * i, x, true);
    }
  },
};

const uint32: ScalarAccess = {
  size: 4,
  get: (v, _b, o) => v.getUint32(o, true),
  put: (v, _b, o, x) => {
    if (typeof x !== 'number') throw notNumber(x);
    v.setUint32(o, x >>> 0, true);
  },
  getMany: (v, _b, o, n, out) => {
    for (let i = 0; i < n; i++) out[i] = v.getUint32(o + 4 * i, true);
  },
  putMany: (v, _b, o, xs, n) => {
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      if (typeof x !== 'number') throw notNumber(x).within(`[${i}]`);
      v.setUint32(o + 4 * i, x >>> 0, true);
    }
  },
};

const float: ScalarAccess = {
  size: 4,
  get: (v, _b, o) => v.getFloat32(o, true),
  put: (v, _b, o, x) => {
    if (typeof x !== 'number') throw notNumber(x);
    v.setFloat32(o, x, true);
  },
  getMany: (v, _b, o, n, out) => {
    for (let i = 0; i < n; i++) out[i] = v.getFloat32(o + 4 * i, true);
  },
  putMany: (v, _b, o, xs, n) => {
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      if (typeof x !== 'number') throw notNumber(x).within(`[${i}]`);
      v.setFloat32(o + 4 * i, x, true);
    }
  },
};

const double: ScalarAccess = {
  size: 8,
  get: (v, _b, o) => v.getFloat64(o, true),
  put: (v, _b, o, x) => {
    if (typeof x !== 'number') throw notNumber(x);
    v.setFloat64(o, x, true);
  },
  getMany: (v, _b, o, n, out) => {
    for (let i = 0; i < n; i++) out[i] = v.getFloat64(o + 8 * i, true);
  },
  putMany: (v, _b, o, xs, n) => {
    for (let i = 0; i < n; i++) {
      const x = xs[i];
      if (typeof x !== 'number') throw notNumber(x).within(`[${i}]`);
      v.setFloat64(o + 8 * i, x, true);
    }
  },
};

/**
 * Accessors per fixed-size primitive kind (all but `string`). `char` is a signed byte and `angle` a float in
 * radians, as in B-Human's OutBinary.
 */
export const SCALARS = {
  bool,
  char: int8,
  int8,
  uint8,
  int16,
  uint16,
  int32,
  uint32,
  float,
  double,
  angle: float,
} as const;

/** The primitive kinds with a fixed size. */
export type ScalarKind = keyof typeof SCALARS;
