/** A robot camera's pose in the field frame from the robot's ground pose, torso height and joint angles. */
import type { Pose2, Pose3 } from '@robot-runtime/math/types';
import { rotationZ } from '@robot-runtime/math/rotation';
import { poseAlongChain } from '../scene/kinematics';
import type { CameraDefinition } from '../scene/SceneModel';

/**
 * Camera-to-field pose (mm). The torso is assumed upright at `torsoHeight` above the ground (the physics keeps
 * robots upright; body sway is not modelled yet).
 */
export function robotCameraPose(
  robot: Pose2,
  torsoHeight: number,
  camera: CameraDefinition,
  jointAngles: Readonly<Record<string, number>> = {},
): Pose3 {
  const root: Pose3 = {
    rotation: rotationZ(robot.rotation),
    translation: { x: robot.translation.x, y: robot.translation.y, z: torsoHeight },
  };
  return poseAlongChain(root, camera.chain, jointAngles);
}
