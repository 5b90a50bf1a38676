/**
 * @file The NAO's camera kinematics: the torso's pose from the leg joints and the inertial angles, and each
 * camera's pose from the torso and the head joints, with a robot's calibration corrections. The camera matrix
 * (CameraMatrixProvider), camera calibration and the simulator's rendered cameras share it.
 */
import {
  composePose3,
  multiplyRotation,
  pose3ToGlobal,
  rotationPose3,
  rotationX,
  rotationY,
  rotationZ,
  translationPose3,
} from '../../math/rotation';
import type { Pose3, Vec2, Vec3 } from '../../math/types';
import type { RobotDimensions } from '../Configuration/RobotDimensions';
import { JOINT_IGNORE, JOINT_OFF, Joint } from '../Infrastructure/Joints';

/** A measured joint angle, or 0 where the sensor reports none. */
export const angleOf = (angles: readonly number[], joint: number): number => {
  const a = angles[joint] ?? 0;
  return a === JOINT_OFF || a === JOINT_IGNORE ? 0 : a;
};

/** Ankle position of one leg in the torso frame (planar pitch chain with hip roll; hip yaw is ignored). */
function anklePosition(dims: Readonly<RobotDimensions>, angles: readonly number[], left: boolean): Vec3 {
  const [roll, hipPitch, knee] = left
    ? [Joint.lHipRoll, Joint.lHipPitch, Joint.lKneePitch].map((j) => angleOf(angles, j))
    : [Joint.rHipRoll, Joint.rHipPitch, Joint.rKneePitch].map((j) => angleOf(angles, j));
  const hip = translationPose3(0, left ? dims.yHipOffset : -dims.yHipOffset, -dims.zHipOffset);
  const thigh = composePose3(hip, rotationPose3(multiplyRotation(rotationX(roll!), rotationY(hipPitch!))));
  const kneeFrame = composePose3(
    composePose3(thigh, translationPose3(0, 0, -dims.upperLegLength)),
    rotationPose3(rotationY(knee!)),
  );
  return pose3ToGlobal(kneeFrame, { x: 0, y: 0, z: -dims.lowerLegLength });
}

/**
 * The torso's pose in the robot frame: oriented as measured and then by the body correction (roll x, tilt y),
 * placed so that the lower ankle is one foot height above the ground and the origin lies midway between the ankles.
 */
export function torsoPose(
  dims: Readonly<RobotDimensions>,
  angles: readonly number[],
  roll: number,
  pitch: number,
  bodyCorrection: Readonly<Vec2> = { x: 0, y: 0 },
): Pose3 {
  const measured = multiplyRotation(rotationY(pitch), rotationX(roll));
  const corrected = multiplyRotation(
    measured,
    multiplyRotation(rotationY(bodyCorrection.y), rotationX(bodyCorrection.x)),
  );
  const orientation = rotationPose3(corrected);
  const left = pose3ToGlobal(orientation, anklePosition(dims, angles, true));
  const right = pose3ToGlobal(orientation, anklePosition(dims, angles, false));
  const lowest = Math.min(left.z, right.z);
  return {
    rotation: orientation.rotation,
    translation: { x: -(left.x + right.x) / 2, y: -(left.y + right.y) / 2, z: dims.footHeight - lowest },
  };
}

/**
 * The camera's pose in the robot frame for the given torso pose and head angles; `correction` turns the mount
 * (x roll, y tilt, z pan, rad).
 */
export function cameraPose(
  dims: Readonly<RobotDimensions>,
  torso: Pose3,
  headYaw: number,
  headPitch: number,
  upper: boolean,
  correction: Readonly<Vec3> = { x: 0, y: 0, z: 0 },
): Pose3 {
  const neck = composePose3(torso, translationPose3(0, 0, dims.zNeckOffset));
  const head = composePose3(neck, rotationPose3(multiplyRotation(rotationZ(headYaw), rotationY(headPitch))));
  const mount = upper
    ? translationPose3(dims.xOffsetNeckToUpperCamera, 0, dims.zOffsetNeckToUpperCamera)
    : translationPose3(dims.xOffsetNeckToLowerCamera, 0, dims.zOffsetNeckToLowerCamera);
  const tilt = (upper ? dims.upperCameraTilt : dims.lowerCameraTilt) + correction.y;
  const turn = multiplyRotation(rotationY(tilt), multiplyRotation(rotationX(correction.x), rotationZ(correction.z)));
  return composePose3(composePose3(head, mount), rotationPose3(turn));
}
