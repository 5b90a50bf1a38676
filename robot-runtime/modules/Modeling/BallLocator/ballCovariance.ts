/**
 * @file The ball filter's arithmetic on its 4-dimensional state (x, y, vx, vy), written out for the fixed
 * sizes: the filter runs in every Cognition frame of every simulated robot, and the general matrix helpers
 * (arrays of rows, a new array per operation) made it a hot spot. Matrices are flat row-major arrays of 16.
 */

/** A 4 x 4 matrix, row-major. */
export type Mat4 = number[];

/** diag(a, b, c, d). */
export const diagonal4 = (a: number, b: number, c: number, d: number): Mat4 => [
  a,
  0,
  0,
  0,
  0,
  b,
  0,
  0,
  0,
  0,
  c,
  0,
  0,
  0,
  0,
  d,
];

/** A P Aᵀ + diag(q0, q0, q1, q1): the covariance carried through a linear step A, plus process noise. */
export function propagate(A: Mat4, P: Mat4, q0: number, q1: number): Mat4 {
  const AP = new Array<number>(16);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += A[r * 4 + k]! * P[k * 4 + c]!;
      AP[r * 4 + c] = sum;
    }
  }
  const out = new Array<number>(16);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += AP[r * 4 + k]! * A[c * 4 + k]!;
      out[r * 4 + c] = sum;
    }
  }
  out[0] += q0;
  out[5] += q0;
  out[10] += q1;
  out[15] += q1;
  return out;
}

/**
 * A position measurement z (H = [I 0]) with variance r per axis: the squared Mahalanobis distance, and an
 * `apply` that performs the Kalman update on state x and covariance P (returning the new ones).
 */
export function positionUpdate(x: number[], P: Mat4, z: { x: number; y: number }, r: number) {
  const y0 = z.x - x[0]!,
    y1 = z.y - x[1]!;
  // S = H P Hᵀ + r I is P's top-left 2 x 2 block plus r.
  const s00 = P[0]! + r,
    s01 = P[1]!,
    s10 = P[4]!,
    s11 = P[5]! + r;
  const det = s00 * s11 - s01 * s10;
  if (Math.abs(det) < 1e-12) throw new Error('matrix is singular');
  const i00 = s11 / det,
    i01 = -s01 / det,
    i10 = -s10 / det,
    i11 = s00 / det;
  const d2 = y0 * (i00 * y0 + i01 * y1) + y1 * (i10 * y0 + i11 * y1);
  const apply = (): { x: number[]; P: Mat4 } => {
    // K = P Hᵀ S⁻¹: P's first two columns times S⁻¹ (4 x 2).
    const K = new Array<number>(8);
    for (let row = 0; row < 4; row++) {
      const p0 = P[row * 4]!,
        p1 = P[row * 4 + 1]!;
      K[row * 2] = p0 * i00 + p1 * i10;
      K[row * 2 + 1] = p0 * i01 + p1 * i11;
    }
    const nx = x.map((v, row) => v + K[row * 2]! * y0 + K[row * 2 + 1]! * y1);
    // (I − K H) P = P − K (rows 0 and 1 of P), then symmetrized.
    const next = new Array<number>(16);
    for (let row = 0; row < 4; row++) {
      for (let c = 0; c < 4; c++)
        next[row * 4 + c] = P[row * 4 + c]! - (K[row * 2]! * P[c]! + K[row * 2 + 1]! * P[4 + c]!);
    }
    for (let row = 0; row < 4; row++) {
      for (let c = row + 1; c < 4; c++) {
        const v = (next[row * 4 + c]! + next[c * 4 + row]!) / 2;
        next[row * 4 + c] = v;
        next[c * 4 + row] = v;
      }
    }
    return { x: nx, P: next };
  };
  return { d2, apply };
}
