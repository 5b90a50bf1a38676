/**
 * @file The ball spots and penalty-mark candidates of one camera image with the sizes the camera geometry gives
 * per row: what the module runs and what the training pipeline and the evaluation run, so that the network learns
 * on exactly the spots it will be asked about.
 */
import { imageToRobotPlane } from '@robot-runtime/math/projection';
import { pose3ToGlobal } from '@robot-runtime/math/rotation';
import type { Pose3 } from '@robot-runtime/math/types';
import type { YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import type { CameraWithFocalLengths } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { ballRadiusPerRow, findBallSpots, type BallSpot, type SpotOptions } from './ballSpots';
import {
  findPenaltyMarkSpots,
  type MarkSizePerRow,
  type PenaltyMarkSpot,
  type PenaltyMarkSpotOptions,
} from './penaltyMarkSpots';

/** The spots of `image` seen by a camera at `cameraMatrix` (robot frame) for a ball of `ballRadius` mm. */
export function spotsForImage(
  image: YuyvImage,
  cameraMatrix: Pose3,
  camera: CameraWithFocalLengths,
  ballRadius: number,
  options: SpotOptions,
): BallSpot[] {
  const eye = pose3ToGlobal(cameraMatrix, { x: 0, y: 0, z: 0 });
  const radiusAt = ballRadiusPerRow(image.height, camera.focalLength, ballRadius, (row) => {
    const p = imageToRobotPlane(cameraMatrix, camera, { x: camera.opticalCenter.x, y: row }, ballRadius);
    return p && Math.hypot(p.x - eye.x, p.y - eye.y, ballRadius - eye.z);
  });
  return findBallSpots(image, radiusAt, options);
}

/**
 * The size (pixels) a penalty mark `markSize` mm across has in the image per row, for a mark centred in that row
 * at the image's middle column: its extent across the view (width) and along it (height). A ray `t` from the
 * optical axis magnifies by 1 / cos t across and 1 / cos² t down the image, and a ground stretch along the view
 * at distance D from a camera h high spans an angle h / D² per mm; to first order in the mark's size, which is
 * what its ends projected give within a few per cent at the distances it is searched for.
 */
export function penaltyMarkSizePerRow(
  height: number,
  cameraMatrix: Pose3,
  camera: CameraWithFocalLengths,
  markSize: number,
): MarkSizePerRow {
  const out: MarkSizePerRow = { width: new Float32Array(height), height: new Float32Array(height) };
  const eye = pose3ToGlobal(cameraMatrix, { x: 0, y: 0, z: 0 });
  for (let row = 0; row < height; row++) {
    const p = imageToRobotPlane(cameraMatrix, camera, { x: camera.opticalCenter.x, y: row + 0.5 }, 0);
    if (!p) continue;
    const distance = Math.hypot(p.x - eye.x, p.y - eye.y, eye.z);
    const offset = (row + 0.5 - camera.opticalCenter.y) / camera.focalLengthHeight;
    const cos2 = 1 / (1 + offset * offset);
    out.width[row] = (camera.focalLength * markSize) / (distance * Math.sqrt(cos2));
    out.height[row] = (camera.focalLengthHeight * markSize * eye.z) / (distance * distance * cos2);
  }
  return out;
}

/** The penalty-mark candidates of `image` seen by a camera at `cameraMatrix` (robot frame). */
export function penaltyMarkSpotsForImage(
  image: YuyvImage,
  cameraMatrix: Pose3,
  camera: CameraWithFocalLengths,
  markSize: number,
  options: PenaltyMarkSpotOptions,
): PenaltyMarkSpot[] {
  return findPenaltyMarkSpots(image, penaltyMarkSizePerRow(image.height, cameraMatrix, camera, markSize), options);
}
