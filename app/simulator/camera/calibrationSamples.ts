/**
 * @file What B-Human's camera calibration would collect from a simulated NAO: at each of its ten head positions,
 * the field lines as the simulator's camera (the scene's mount, e.g. `UpperCameraRoll`) sees them, reported as an
 * ideal line percept would (each point with its line, half a pixel of noise), with the joint angles and the CameraInfo
 * the robot itself would know.
 */
import type { Pose2 } from '@robot-runtime/math/types';
import {
  CALIBRATION_HEAD_POSITIONS,
  seenLinePoints,
  type CalibrationSample,
  type FieldLine,
} from '@robot-runtime/representations/Configuration/calibrateCameras';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import { naoCameraInfo, withFocalLengths } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { Joint, numOfJoints } from '@robot-runtime/representations/Infrastructure/Joints';
import { torsoPose } from '@robot-runtime/representations/Perception/cameraKinematics';
import type { RobotDefinition } from '../scene/SceneModel';
import { intrinsicsFromOpeningAngles, projectPoint } from './CameraIntrinsics';
import { robotCameraPose } from './cameraPose';

/** Torso height (mm) of a NAO with straight legs, as the simulator renders it. */
const STRAIGHT_LEGS = torsoPose(RobotDimensions.defaultValue(), new Array<number>(numOfJoints).fill(0), 0, 0)
  .translation.z;

/** The samples of `robot` standing at `pose` (field frame) looking at `lines` (field frame). */
export function simulatedCalibrationSamples(
  robot: RobotDefinition,
  pose: Pose2,
  lines: readonly FieldLine[],
  random: () => number,
): CalibrationSample[] {
  const mounts = ['CameraTop', 'CameraBottom'].map(
    (n, i) => robot.model.cameras.find((c) => c.name === n) ?? robot.model.cameras[i],
  );
  return CALIBRATION_HEAD_POSITIONS.flatMap(({ camera, yaw, pitch }) => {
    const mount = mounts[camera];
    if (!mount) return [];
    const cameraPose = robotCameraPose(pose, STRAIGHT_LEGS, mount, { HeadYaw: yaw, HeadPitch: pitch });
    const k = intrinsicsFromOpeningAngles(mount.imageWidth, mount.imageHeight, mount.angleX, mount.angleY);
    const points = seenLinePoints(
      lines,
      (p) => projectPoint(cameraPose, k, p),
      mount.imageWidth,
      mount.imageHeight,
      () => random() - 0.5,
    );
    const jointAngles = new Array<number>(numOfJoints).fill(0);
    jointAngles[Joint.headYaw] = yaw;
    jointAngles[Joint.headPitch] = pitch;
    // The robot knows its camera only as CameraInfo describes a NAO's.
    const intrinsics = withFocalLengths(naoCameraInfo(camera, mount.imageWidth, mount.imageHeight));
    return [{ camera, intrinsics, jointAngles, torso: { roll: 0, pitch: 0 }, robotPose: pose, points }];
  });
}
