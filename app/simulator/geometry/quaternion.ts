/** Rotation matrix ↔ unit quaternion, for handing poses to the physics engine. */
import type { Matrix } from '@robot-runtime/math/types';

/** A unit quaternion (w + xi + yj + zk), the physics engine's rotation format. */
export interface Quaternion {
  x: number;
  y: number;
  z: number;
  w: number;
}

/** Converts a column-major rotation matrix into a unit quaternion (Shepperd's method, stable for all angles). */
export function quaternionFromMatrix(m: Matrix): Quaternion {
  const m00 = m[0]!,
    m10 = m[1]!,
    m20 = m[2]!,
    m01 = m[3]!,
    m11 = m[4]!,
    m21 = m[5]!,
    m02 = m[6]!,
    m12 = m[7]!,
    m22 = m[8]!;
  const trace = m00 + m11 + m22;
  if (trace > 0) {
    const s = Math.sqrt(trace + 1) * 2;
    return { w: s / 4, x: (m21 - m12) / s, y: (m02 - m20) / s, z: (m10 - m01) / s };
  }
  if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    return { w: (m21 - m12) / s, x: s / 4, y: (m01 + m10) / s, z: (m02 + m20) / s };
  }
  if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    return { w: (m02 - m20) / s, x: (m01 + m10) / s, y: s / 4, z: (m12 + m21) / s };
  }
  const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
  return { w: (m10 - m01) / s, x: (m02 + m20) / s, y: (m12 + m21) / s, z: s / 4 };
}

/** The heading (rotation about z) of a quaternion whose rotation is (mostly) about z. */
export const yawOf = (q: Quaternion): number =>
  Math.atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z));

/** A rotation about z as a quaternion. */
export const quaternionFromYaw = (yaw: number): Quaternion => ({
  x: 0,
  y: 0,
  z: Math.sin(yaw / 2),
  w: Math.cos(yaw / 2),
});

/** The column-major rotation matrix of a unit quaternion. */
export function matrixFromQuaternion(q: Quaternion): Matrix {
  const { w, x, y, z } = q;
  return [
    1 - 2 * (y * y + z * z),
    2 * (x * y + w * z),
    2 * (x * z - w * y),
    2 * (x * y - w * z),
    1 - 2 * (x * x + z * z),
    2 * (y * z + w * x),
    2 * (x * z + w * y),
    2 * (y * z - w * x),
    1 - 2 * (x * x + y * y),
  ];
}
