/**
 * Pinhole camera intrinsics from image size and opening angles, and the projection between the camera frame
 * (B-Human convention: x forward along the optical axis, y left, z up) and pixels (u right, v down, origin at the
 * top-left corner of the top-left pixel).
 */
import type { Pose3, Vec2, Vec3 } from '@robot-runtime/math/types';
import { invertPose3, pose3ToGlobal } from '@robot-runtime/math/rotation';

/** Focal lengths and optical centre in pixels. */
export interface CameraIntrinsics {
  width: number;
  height: number;
  fx: number;
  fy: number;
  cx: number;
  cy: number;
}

/** Intrinsics of an ideal camera whose image spans `angleX` × `angleY` (rad), centred on the optical axis. */
export function intrinsicsFromOpeningAngles(
  width: number,
  height: number,
  angleX: number,
  angleY: number,
): CameraIntrinsics {
  return {
    width,
    height,
    fx: width / 2 / Math.tan(angleX / 2),
    fy: height / 2 / Math.tan(angleY / 2),
    cx: width / 2,
    cy: height / 2,
  };
}

/**
 * Projects a world point (mm) into the image of a camera at `cameraPose` (camera-to-world, mm). Returns
 * undefined for points behind (or on) the image plane.
 */
export function projectPoint(cameraPose: Pose3, k: CameraIntrinsics, world: Vec3): Vec2 | undefined {
  const c = pose3ToGlobal(invertPose3(cameraPose), world);
  if (c.x <= 1e-6) return undefined;
  return { x: k.cx - (k.fx * c.y) / c.x, y: k.cy - (k.fy * c.z) / c.x };
}
