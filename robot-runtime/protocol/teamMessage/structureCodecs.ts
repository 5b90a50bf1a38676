/**
 * @file Codecs that combine others (formats §8.1): records, vectors, matrices (optionally symmetric) and bounded
 * arrays with a count prefix.
 */
import { bitLength } from './bits';
import type { FieldCodec } from './FieldCodec';
import { TeamMessageError } from './TeamMessageError';

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object')
    throw new TeamMessageError(`${what}: expected an object, got ${value === null ? 'null' : typeof value}`);
  return value as Record<string, unknown>;
}

function asArray(value: unknown, what: string): readonly unknown[] {
  if (!Array.isArray(value) && !ArrayBuffer.isView(value)) throw new TeamMessageError(`${what}: expected an array`);
  return value as unknown as readonly unknown[];
}

/** A record: its members in transmission order. */
export function recordCodec(name: string, members: readonly { name: string; codec: FieldCodec }[]): FieldCodec {
  return {
    minBits: members.reduce((n, m) => n + m.codec.minBits, 0),
    maxBits: members.reduce((n, m) => n + m.codec.maxBits, 0),
    write: (w, v, ctx) => {
      const o = asObject(v, name);
      for (const m of members) {
        if (!(m.name in o)) throw new TeamMessageError(`${name}.${m.name} is missing`);
        m.codec.write(w, o[m.name], ctx);
      }
    },
    read: (r, ctx) => {
      const o: Record<string, unknown> = {};
      for (const m of members) o[m.name] = m.codec.read(r, ctx);
      return o;
    },
    sample: (random, ctx) => Object.fromEntries(members.map((m) => [m.name, m.codec.sample(random, ctx)])),
    mismatch: (a, b, ctx) => {
      const x = asObject(a, name);
      const y = asObject(b, name);
      for (const m of members) {
        const why = m.codec.mismatch(x[m.name], y[m.name], ctx);
        if (why) return `${name}.${m.name}: ${why}`;
      }
      return undefined;
    },
  };
}

/** Exactly `n` elements kept as a plain array. */
function fixedList(element: FieldCodec, n: number, what: string): FieldCodec {
  return {
    minBits: element.minBits * n,
    maxBits: element.maxBits * n,
    write: (w, v, ctx) => {
      const a = asArray(v, what);
      if (a.length !== n) throw new TeamMessageError(`${what}: expected ${n} elements, got ${a.length}`);
      for (const e of a) element.write(w, e, ctx);
    },
    read: (r, ctx) => Array.from({ length: n }, () => element.read(r, ctx)),
    sample: (random, ctx) => Array.from({ length: n }, () => element.sample(random, ctx)),
    mismatch: (a, b, ctx) => {
      const x = asArray(a, what);
      const y = asArray(b, what);
      for (let i = 0; i < n; i++) {
        const why = element.mismatch(x[i], y[i], ctx);
        if (why) return `[${i}]: ${why}`;
      }
      return undefined;
    },
  };
}

const AXES = ['x', 'y', 'z'] as const;

/** `Vector<T>(n)`: `{x, y}` or `{x, y, z}` for n = 2 or 3, else an array of n elements. */
export function vectorCodec(element: FieldCodec, n: number): FieldCodec {
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new TeamMessageError(`Vector size ${n} must be 1..64`);
  if (n !== 2 && n !== 3) return fixedList(element, n, 'Vector');
  const axes = AXES.slice(0, n);
  return recordCodec(
    `Vector${n}`,
    axes.map((name) => ({ name, codec: element })),
  );
}

/**
 * `Matrix<T>(m, n[, symmetric])`: a column-major array of m·n elements. A symmetric matrix sends only its lower
 * triangle with the diagonal, column by column, and is mirrored when read.
 */
export function matrixCodec(element: FieldCodec, rows: number, cols: number, symmetric: boolean): FieldCodec {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1 || rows * cols > 256)
    throw new TeamMessageError(`Matrix size ${rows}×${cols} is invalid`);
  if (!symmetric) return fixedList(element, rows * cols, 'Matrix');
  if (rows !== cols) throw new TeamMessageError(`a symmetric Matrix must be square, not ${rows}×${cols}`);
  const n = rows;
  const stored: number[] = [];
  for (let c = 0; c < n; c++) for (let r = c; r < n; r++) stored.push(c * n + r);
  const mirror = (index: number): number => (index % n) * n + Math.floor(index / n);
  const triangle = fixedList(element, stored.length, 'Matrix');
  return {
    minBits: triangle.minBits,
    maxBits: triangle.maxBits,
    write: (w, v, ctx) => {
      const a = asArray(v, 'Matrix');
      if (a.length !== n * n) throw new TeamMessageError(`Matrix: expected ${n * n} elements, got ${a.length}`);
      triangle.write(
        w,
        stored.map((i) => a[i]),
        ctx,
      );
    },
    read: (r, ctx) => {
      const values = triangle.read(r, ctx) as unknown[];
      const out = new Array<unknown>(n * n);
      stored.forEach((i, k) => {
        out[i] = values[k];
        out[mirror(i)] = values[k];
      });
      return out;
    },
    sample: (random, ctx) => {
      const values = triangle.sample(random, ctx) as unknown[];
      const out = new Array<unknown>(n * n);
      stored.forEach((i, k) => {
        out[i] = values[k];
        out[mirror(i)] = values[k];
      });
      return out;
    },
    mismatch: (a, b, ctx) =>
      triangle.mismatch(
        stored.map((i) => asArray(a, 'Matrix')[i]),
        stored.map((i) => asArray(b, 'Matrix')[i]),
        ctx,
      ),
  };
}

/** `T[min:max]`: a count of bitlen(max − min) bits (stored minus min), then the elements. */
export function arrayCodec(element: FieldCodec, min: number, max: number): FieldCodec {
  const countBits = bitLength(max - min);
  const what = `array[${min}:${max}]`;
  return {
    minBits: countBits + element.minBits * min,
    maxBits: countBits + element.maxBits * max,
    write: (w, v, ctx) => {
      // An empty std::optional streams as zero elements (B-Human streams optionals like containers).
      const a = v === undefined ? [] : asArray(v, what);
      if (a.length < min) throw new TeamMessageError(`${what}: ${a.length} elements are too few`);
      // More elements than declared are dropped: the definition decides what fits into a packet.
      const n = Math.min(a.length, max);
      w.write(n - min, countBits);
      for (let i = 0; i < n; i++) element.write(w, a[i], ctx);
    },
    read: (r, ctx) => {
      const n = r.read(countBits) + min;
      if (n > max) throw new TeamMessageError(`${what}: count ${n} exceeds the bound`);
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) out.push(element.read(r, ctx));
      return out;
    },
    sample: (random, ctx) =>
      Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => element.sample(random, ctx)),
    mismatch: (a, b, ctx) => {
      const x = asArray(a, what).slice(0, max);
      const y = asArray(b, what);
      if (x.length !== y.length) return `${what}: ${x.length} elements decoded as ${y.length}`;
      for (let i = 0; i < x.length; i++) {
        const why = element.mismatch(x[i], y[i], ctx);
        if (why) return `[${i}]: ${why}`;
      }
      return undefined;
    },
  };
}
