/**
 * Rigid 3-D transforms as plain data (robot-runtime's Pose3: column-major 3×3 rotation + translation). Units are
 * whatever the caller uses (scene graph: metres, world model and cameras: millimetres).
 */
import type { Matrix, Pose3, Vec3 } from '../../../robot-runtime/math/types';

/** The identity rotation. */
export const identityRotation = (): Matrix => [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** The identity pose. */
export const identityPose = (): Pose3 => ({ rotation: identityRotation(), translation: { x: 0, y: 0, z: 0 } });

/** r·v for a column-major 3×3 matrix. */
export function rotateVec(r: Matrix, v: Vec3): Vec3 {
  return {
    x: r[0]! * v.x + r[3]! * v.y + r[6]! * v.z,
    y: r[1]! * v.x + r[4]! * v.y + r[7]! * v.z,
    z: r[2]! * v.x + r[5]! * v.y + r[8]! * v.z,
  };
}

/** a·b for column-major 3×3 matrices. */
export function mulRotation(a: Matrix, b: Matrix): Matrix {
  const out = new Array<number>(9);
  for (let c = 0; c < 3; c++) {
    for (let r = 0; r < 3; r++) out[c * 3 + r] = a[r]! * b[c * 3]! + a[3 + r]! * b[c * 3 + 1]! + a[6 + r]! * b[c * 3 + 2]!;
  }
  return out;
}

/** The transpose (= inverse) of a rotation. */
export const transpose = (r: Matrix): Matrix => [r[0]!, r[3]!, r[6]!, r[1]!, r[4]!, r[7]!, r[2]!, r[5]!, r[8]!];

/** Rotation about the x axis. */
export const rotationX = (a: number): Matrix => [1, 0, 0, 0, Math.cos(a), Math.sin(a), 0, -Math.sin(a), Math.cos(a)];
/** Rotation about the y axis. */
export const rotationY = (a: number): Matrix => [Math.cos(a), 0, -Math.sin(a), 0, 1, 0, Math.sin(a), 0, Math.cos(a)];
/** Rotation about the z axis. */
export const rotationZ = (a: number): Matrix => [Math.cos(a), Math.sin(a), 0, -Math.sin(a), Math.cos(a), 0, 0, 0, 1];

/** Scene-file Euler angles: the rotation is Rz(z)·Ry(y)·Rx(x) (x applied first to a vector in the body frame). */
export const rotationFromEuler = (x: number, y: number, z: number): Matrix => mulRotation(rotationZ(z), mulRotation(rotationY(y), rotationX(x)));

/** Rotation by `angle` about the unit `axis` (Rodrigues). */
export function rotationAxisAngle(axis: Vec3, angle: number): Matrix {
  const n = Math.hypot(axis.x, axis.y, axis.z) || 1;
  const x = axis.x / n, y = axis.y / n, z = axis.z / n;
  const c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
  return [t * x * x + c, t * x * y + s * z, t * x * z - s * y, t * x * y - s * z, t * y * y + c, t * y * z + s * x, t * x * z + s * y, t * y * z - s * x, t * z * z + c];
}

/** a∘b: the pose b expressed in a's parent frame. */
export function composePose(a: Pose3, b: Pose3): Pose3 {
  const t = rotateVec(a.rotation, b.translation);
  return { rotation: mulRotation(a.rotation, b.rotation), translation: { x: a.translation.x + t.x, y: a.translation.y + t.y, z: a.translation.z + t.z } };
}

/** Maps a point from the pose's local frame into its parent frame. */
export function transformPoint(p: Pose3, v: Vec3): Vec3 {
  const t = rotateVec(p.rotation, v);
  return { x: p.translation.x + t.x, y: p.translation.y + t.y, z: p.translation.z + t.z };
}

/** The inverse transform. */
export function invertPose(p: Pose3): Pose3 {
  const rt = transpose(p.rotation);
  const t = rotateVec(rt, p.translation);
  return { rotation: rt, translation: { x: -t.x, y: -t.y, z: -t.z } };
}

/** Scales the translation (e.g. metres → millimetres). */
export const scalePose = (p: Pose3, s: number): Pose3 => ({ rotation: [...p.rotation], translation: { x: p.translation.x * s, y: p.translation.y * s, z: p.translation.z * s } });
