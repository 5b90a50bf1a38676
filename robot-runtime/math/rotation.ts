import type { Matrix, Pose3, Vec3 } from './types';

/**
 * 3x3 rotation matrices in the flat column-major layout of `Pose3.rotation` (element (r, c) at c * 3 + r).
 * Conventions as B-Human: x forward, y left, z up; positive rotation is counter-clockwise about the axis.
 */

export const identityRotation = (): Matrix => [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** Rotation about x (roll). */
export function rotationX(angle: number): Matrix {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [1, 0, 0, 0, c, s, 0, -s, c];
}

/** Rotation about y (pitch; positive tilts the x axis down towards -z). */
export function rotationY(angle: number): Matrix {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [c, 0, -s, 0, 1, 0, s, 0, c];
}

/** Rotation about z (yaw). */
export function rotationZ(angle: number): Matrix {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [c, s, 0, -s, c, 0, 0, 0, 1];
}

export function multiplyRotation(a: Matrix, b: Matrix): Matrix {
  const out = new Array<number>(9).fill(0);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let k = 0; k < 3; k++) sum += a[k * 3 + r]! * b[c * 3 + k]!;
      out[c * 3 + r] = sum;
    }
  }
  return out;
}

export function rotateVec3(m: Matrix, v: Vec3): Vec3 {
  return {
    x: m[0]! * v.x + m[3]! * v.y + m[6]! * v.z,
    y: m[1]! * v.x + m[4]! * v.y + m[7]! * v.z,
    z: m[2]! * v.x + m[5]! * v.y + m[8]! * v.z,
  };
}

/** The inverse of a rotation is its transpose. */
export const transposeRotation = (m: Matrix): Matrix => [m[0]!, m[3]!, m[6]!, m[1]!, m[4]!, m[7]!, m[2]!, m[5]!, m[8]!];

/** Euler angles such that R = Rz(z) * Ry(y) * Rx(x): the order ROTATE3D applies (x first, then y, then z). */
export function toEulerXYZ(m: Matrix): Vec3 {
  const sinY = Math.max(-1, Math.min(1, -m[2]!));
  return { x: Math.atan2(m[5]!, m[8]!), y: Math.asin(sinY), z: Math.atan2(m[1]!, m[0]!) };
}

/** Scene-file Euler angles: the rotation is Rz(z)·Ry(y)·Rx(x) (x applied first to a vector in the body frame). */
export const rotationFromEuler = (x: number, y: number, z: number): Matrix =>
  multiplyRotation(rotationZ(z), multiplyRotation(rotationY(y), rotationX(x)));

/** Rotation by `angle` about the unit `axis` (Rodrigues). */
export function rotationAxisAngle(axis: Vec3, angle: number): Matrix {
  const n = Math.hypot(axis.x, axis.y, axis.z) || 1;
  const x = axis.x / n;
  const y = axis.y / n;
  const z = axis.z / n;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const t = 1 - c;
  return [
    t * x * x + c,
    t * x * y + s * z,
    t * x * z - s * y,
    t * x * y - s * z,
    t * y * y + c,
    t * y * z + s * x,
    t * x * z + s * y,
    t * y * z - s * x,
    t * z * z + c,
  ];
}

export const identityPose3 = (): Pose3 => ({ rotation: identityRotation(), translation: { x: 0, y: 0, z: 0 } });

/** `a` followed by `b` in `a`'s frame (a * b). */
export function composePose3(a: Pose3, b: Pose3): Pose3 {
  const t = rotateVec3(a.rotation, b.translation);
  return {
    rotation: multiplyRotation(a.rotation, b.rotation),
    translation: { x: a.translation.x + t.x, y: a.translation.y + t.y, z: a.translation.z + t.z },
  };
}

export const translationPose3 = (x: number, y: number, z: number): Pose3 => ({
  rotation: identityRotation(),
  translation: { x, y, z },
});
export const rotationPose3 = (rotation: Matrix): Pose3 => ({ rotation, translation: { x: 0, y: 0, z: 0 } });

export function invertPose3(p: Pose3): Pose3 {
  const r = transposeRotation(p.rotation);
  const t = rotateVec3(r, p.translation);
  return { rotation: r, translation: { x: -t.x, y: -t.y, z: -t.z } };
}

/** Maps a point from the pose's local frame into its parent frame. */
export function pose3ToGlobal(p: Pose3, local: Vec3): Vec3 {
  const t = rotateVec3(p.rotation, local);
  return { x: p.translation.x + t.x, y: p.translation.y + t.y, z: p.translation.z + t.z };
}

/** Maps a point from the parent frame into the pose's local frame. */
export function pose3ToLocal(p: Pose3, global: Vec3): Vec3 {
  return rotateVec3(transposeRotation(p.rotation), {
    x: global.x - p.translation.x,
    y: global.y - p.translation.y,
    z: global.z - p.translation.z,
  });
}

/** Scales the translation (e.g. metres → millimetres). */
export const scalePose3 = (p: Pose3, s: number): Pose3 => ({
  rotation: [...p.rotation],
  translation: { x: p.translation.x * s, y: p.translation.y * s, z: p.translation.z * s },
});
