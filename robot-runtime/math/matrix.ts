import type { Matrix } from './types';

/**
 * Small dense matrices for filters (Kalman, EKF): row-major arrays of rows. They are only a few elements wide,
 * so clarity beats speed; representations store the column-major flat form (`Matrix`), see toColumnMajor.
 */
export type Mat = number[][];

export const zeros = (rows: number, cols: number): Mat => Array.from({ length: rows }, () => new Array<number>(cols).fill(0));

export function identity(n: number): Mat {
  const m = zeros(n, n);
  for (let i = 0; i < n; i++) m[i]![i] = 1;
  return m;
}

/** A diagonal matrix with the given diagonal. */
export function diagonal(values: readonly number[]): Mat {
  const m = zeros(values.length, values.length);
  values.forEach((v, i) => (m[i]![i] = v));
  return m;
}

export function multiply(a: Mat, b: Mat): Mat {
  const rows = a.length;
  const inner = b.length;
  const cols = b[0]!.length;
  if (a[0]!.length !== inner) throw new Error(`matrix size mismatch: ${rows}x${a[0]!.length} * ${inner}x${cols}`);
  const out = zeros(rows, cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let sum = 0;
      for (let k = 0; k < inner; k++) sum += a[r]![k]! * b[k]![c]!;
      out[r]![c] = sum;
    }
  }
  return out;
}

export const transpose = (a: Mat): Mat => a[0]!.map((_, c) => a.map((row) => row[c]!));
export const add = (a: Mat, b: Mat): Mat => a.map((row, r) => row.map((v, c) => v + b[r]![c]!));
export const subtract = (a: Mat, b: Mat): Mat => a.map((row, r) => row.map((v, c) => v - b[r]![c]!));
export const scaleMat = (a: Mat, s: number): Mat => a.map((row) => row.map((v) => v * s));

/** A * B * A^T, the covariance propagation step. */
export const sandwich = (a: Mat, b: Mat): Mat => multiply(multiply(a, b), transpose(a));

/** Makes a covariance exactly symmetric again (rounding drifts it apart over many updates). */
export const symmetrize = (a: Mat): Mat => a.map((row, r) => row.map((v, c) => (v + a[c]![r]!) / 2));

/** Inverse by Gauss-Jordan elimination with partial pivoting; throws for a singular matrix. */
export function invert(a: Mat): Mat {
  const n = a.length;
  const m = a.map((row, r) => [...row, ...identity(n)[r]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) throw new Error('matrix is singular');
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    for (let c = 0; c < 2 * n; c++) m[col]![c]! /= p;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]!;
      if (f !== 0) for (let c = 0; c < 2 * n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row) => row.slice(n));
}

/** Column vector from values. */
export const column = (values: readonly number[]): Mat => values.map((v) => [v]);

/** The flat column-major form streamed in representations (Matrix2f, Matrix3f). */
export function toColumnMajor(a: Mat): Matrix {
  const out: number[] = [];
  for (let c = 0; c < a[0]!.length; c++) for (let r = 0; r < a.length; r++) out.push(a[r]![c]!);
  return out;
}

/** Reads a flat column-major matrix with `rows` rows. */
export function fromColumnMajor(m: Matrix, rows: number): Mat {
  const cols = m.length / rows;
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => m[c * rows + r]!));
}

/** The top-left `n` x `n` block (e.g. the position part of a position+velocity covariance). */
export const topLeft = (a: Mat, n: number): Mat => a.slice(0, n).map((row) => row.slice(0, n));
