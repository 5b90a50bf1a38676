import { pose3ToGlobal, pose3ToLocal, rotateVec3 } from './rotation';
import type { Pose3, Vec2, Vec3 } from './types';

/**
 * Pinhole projection between the robot frame (x forward, y left, z up, origin on the ground) and image pixels
 * (x right, y down). The camera frame has x along the optical axis, so a point straight ahead lands on the
 * optical centre.
 */
export interface CameraIntrinsics {
  /** Principal point (pixels). */
  opticalCenter: Vec2;
  /** Focal length in pixels for horizontal offsets. */
  focalLength: number;
  /** Focal length in pixels for vertical offsets. */
  focalLengthHeight: number;
}

/** Focal length (pixels) for an image `size` pixels wide that spans `openingAngle` (rad). */
export const focalLengthFor = (size: number, openingAngle: number): number => size / 2 / Math.tan(openingAngle / 2);

/** Pixel at which a point in robot coordinates appears, or undefined if it lies behind the camera. */
export function robotToImage(cameraMatrix: Pose3, camera: CameraIntrinsics, point: Vec3): Vec2 | undefined {
  const p = pose3ToLocal(cameraMatrix, point);
  if (p.x <= 1) return undefined;
  return {
    x: camera.opticalCenter.x - (camera.focalLength * p.y) / p.x,
    y: camera.opticalCenter.y - (camera.focalLengthHeight * p.z) / p.x,
  };
}

/**
 * The point at height `z` (mm, robot frame) seen at `pixel`, or undefined when the viewing ray does not hit that
 * plane in front of the camera (e.g. pixels above the horizon).
 */
export function imageToRobotPlane(cameraMatrix: Pose3, camera: CameraIntrinsics, pixel: Vec2, z = 0): Vec2 | undefined {
  const dirCamera: Vec3 = {
    x: 1,
    y: (camera.opticalCenter.x - pixel.x) / camera.focalLength,
    z: (camera.opticalCenter.y - pixel.y) / camera.focalLengthHeight,
  };
  const dir = rotateVec3(cameraMatrix.rotation, dirCamera);
  const origin = pose3ToGlobal(cameraMatrix, { x: 0, y: 0, z: 0 });
  if (Math.abs(dir.z) < 1e-9) return undefined;
  const s = (z - origin.z) / dir.z;
  if (s <= 0) return undefined;
  return { x: origin.x + s * dir.x, y: origin.y + s * dir.y };
}

/** True when `pixel` lies inside a `width` x `height` image, at least `margin` pixels from the border. */
export const isInImage = (pixel: Vec2, width: number, height: number, margin = 0): boolean =>
  pixel.x >= margin && pixel.y >= margin && pixel.x < width - margin && pixel.y < height - margin;
