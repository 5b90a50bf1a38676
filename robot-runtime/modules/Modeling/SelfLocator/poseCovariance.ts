/**
 * @file The EKF's arithmetic on the 3 x 3 pose covariance, written out for its fixed sizes: the filter runs in
 * every Cognition frame of every simulated robot, and the general matrix helpers (arrays of rows, a new array per
 * operation) made it one of the simulation's hot spots. The formulas are those of the general form: predict
 * P' = F P Fᵀ + Q, update K = P Hᵀ S⁻¹, P' = sym((I − K H) P) for one- or two-dimensional measurements.
 * Matrices are flat row-major arrays (element (r, c) at r * cols + c).
 */

/** A 3 x 3 covariance, row-major. */
export type Cov3 = number[];

/** diag(a, b, c). */
export const diagonal3 = (a: number, b: number, c: number): Cov3 => [a, 0, 0, 0, b, 0, 0, 0, c];

/**
 * F P Fᵀ + diag(qt, qt, qr) for the odometry Jacobian F = [[1, 0, f02], [0, 1, f12], [0, 0, 1]]. The translation
 * noise qt·I is the same in every rotated frame, so rotating it into the field frame leaves it unchanged.
 */
export function predictCovariance(P: Cov3, f02: number, f12: number, qt: number, qr: number): Cov3 {
  // A = F P: rows 0 and 1 gain f·(row 2).
  const a0 = P[0]! + f02 * P[6]!,
    a1 = P[1]! + f02 * P[7]!,
    a2 = P[2]! + f02 * P[8]!;
  const a3 = P[3]! + f12 * P[6]!,
    a4 = P[4]! + f12 * P[7]!,
    a5 = P[5]! + f12 * P[8]!;
  const a6 = P[6]!,
    a7 = P[7]!,
    a8 = P[8]!;
  // A Fᵀ: columns 0 and 1 gain f·(column 2).
  return [
    a0 + a2 * f02 + qt,
    a1 + a2 * f12,
    a2,
    a3 + a5 * f02,
    a4 + a5 * f12 + qt,
    a5,
    a6 + a8 * f02,
    a7 + a8 * f12,
    a8 + qr,
  ];
}

/** What a measurement (rows of H, innovation y, measurement variance r) does to the state and covariance. */
export interface Innovation {
  /** Rows of H (each 3 long), one per measured dimension (1 or 2). */
  H: number[][];
  /** Measured minus expected, per dimension. */
  y: number[];
  /** S⁻¹ (dimension × dimension, row-major). */
  Sinv: number[];
  /** Squared Mahalanobis distance yᵀ S⁻¹ y. */
  d2: number;
}

/** Innovation of a measurement with Jacobian rows `H`, innovation `y` and independent noise variance `r` per dimension. */
export function innovation(P: Cov3, H: number[][], y: number[], r: number): Innovation {
  const m = H.length;
  // PHᵀ (3 × m), then S = H P Hᵀ + r I (m × m).
  const PHt = phT(P, H);
  const S: number[] = [];
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++)
      S.push(H[i]![0]! * PHt[j]! + H[i]![1]! * PHt[m + j]! + H[i]![2]! * PHt[2 * m + j]! + (i === j ? r : 0));
  let Sinv: number[];
  if (m === 1) Sinv = [1 / S[0]!];
  else {
    const det = S[0]! * S[3]! - S[1]! * S[2]!;
    if (Math.abs(det) < 1e-12) throw new Error('matrix is singular');
    Sinv = [S[3]! / det, -S[1]! / det, -S[2]! / det, S[0]! / det];
  }
  let d2 = 0;
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) d2 += y[i]! * Sinv[i * m + j]! * y[j]!;
  return { H, y, Sinv, d2 };
}

/** The Kalman update: returns the state correction K y and the new covariance sym((I − K H) P). */
export function update(P: Cov3, { H, y, Sinv }: Innovation): { dx: [number, number, number]; P: Cov3 } {
  const m = H.length;
  const PHt = phT(P, H);
  // K = P Hᵀ S⁻¹ (3 × m).
  const K: number[] = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < m; c++) {
      let sum = 0;
      for (let k = 0; k < m; k++) sum += PHt[r * m + k]! * Sinv[k * m + c]!;
      K.push(sum);
    }
  const dx: [number, number, number] = [0, 0, 0];
  for (let r = 0; r < 3; r++) for (let k = 0; k < m; k++) dx[r] += K[r * m + k]! * y[k]!;
  // (I − K H) P, then symmetrized.
  const A: number[] = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      let kh = 0;
      for (let k = 0; k < m; k++) kh += K[r * m + k]! * H[k]![c]!;
      A.push((r === c ? 1 : 0) - kh);
    }
  const next: Cov3 = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) next.push(A[r * 3]! * P[c]! + A[r * 3 + 1]! * P[3 + c]! + A[r * 3 + 2]! * P[6 + c]!);
  for (let r = 0; r < 3; r++)
    for (let c = r + 1; c < 3; c++) {
      const v = (next[r * 3 + c]! + next[c * 3 + r]!) / 2;
      next[r * 3 + c] = v;
      next[c * 3 + r] = v;
    }
  return { dx, P: next };
}

/** P Hᵀ (3 × m, row-major). */
function phT(P: Cov3, H: number[][]): number[] {
  const m = H.length;
  const out: number[] = [];
  for (let r = 0; r < 3; r++)
    for (let j = 0; j < m; j++) out.push(P[r * 3]! * H[j]![0]! + P[r * 3 + 1]! * H[j]![1]! + P[r * 3 + 2]! * H[j]![2]!);
  return out;
}

/** The flat column-major form RobotPose streams (symmetric here, so the same as row-major). */
export const covarianceToColumnMajor = (P: Cov3): number[] => [
  P[0]!,
  P[3]!,
  P[6]!,
  P[1]!,
  P[4]!,
  P[7]!,
  P[2]!,
  P[5]!,
  P[8]!,
];
