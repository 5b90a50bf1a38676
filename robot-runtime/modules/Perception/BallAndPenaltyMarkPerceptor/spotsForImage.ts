/**
 * @file The ball spots of one camera image with the ball size the camera geometry gives per row: what the module
 * runs and what the training pipeline and the evaluation run, so that the network learns on exactly the spots it
 * will be asked about.
 */
import { imageToRobotPlane } from '@robot-runtime/math/projection';
import { pose3ToGlobal } from '@robot-runtime/math/rotation';
import type { Pose3 } from '@robot-runtime/math/types';
import type { YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import type { CameraWithFocalLengths } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { ballRadiusPerRow, findBallSpots, type BallSpot, type SpotOptions } from './ballSpots';

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
