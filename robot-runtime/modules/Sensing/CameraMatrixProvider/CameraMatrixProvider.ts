/**
 * @file Computes the camera's pose relative to the robot from the measured joint angles, the torso orientation
 * and the NAO's link lengths: torso upright or tilted as the IMU says, legs by forward kinematics (so a crouched
 * stand lowers the camera), head by yaw and pitch, then the fixed camera mount with its downward tilt.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import { deg } from '@robot-runtime/math/vec2';
import {
  composePose3,
  multiplyRotation,
  pose3ToGlobal,
  rotationPose3,
  rotationX,
  rotationY,
  rotationZ,
  translationPose3,
} from '@robot-runtime/math/rotation';
import type { Pose3, Vec3 } from '@robot-runtime/math/types';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import { Camera, CameraInfo } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { JOINT_IGNORE, JOINT_OFF, Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import { InertialData } from '@robot-runtime/representations/Sensing/InertialData';

const Parameters = defineParameters('CameraMatrixProvider', {
  useInertialData: field(
    t.bool,
    'Tilt the torso by the measured roll and pitch; false assumes an upright torso.',
    true,
  ),
  maxTorsoTilt: field(
    t.angle,
    'Beyond this torso roll or pitch (rad) the robot is falling and the matrix is marked invalid.',
    deg(45),
  ),
});

/** A measured angle, or 0 where the sensor reports none. */
const angleOf = (angles: readonly number[], joint: number): number => {
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
 * The torso's pose in the robot frame: oriented as measured, placed so that the lower ankle is one foot height
 * above the ground and the origin lies midway between the ankles.
 */
export function torsoPose(
  dims: Readonly<RobotDimensions>,
  angles: readonly number[],
  roll: number,
  pitch: number,
): Pose3 {
  const orientation = rotationPose3(multiplyRotation(rotationY(pitch), rotationX(roll)));
  const left = pose3ToGlobal(orientation, anklePosition(dims, angles, true));
  const right = pose3ToGlobal(orientation, anklePosition(dims, angles, false));
  const lowest = Math.min(left.z, right.z);
  return {
    rotation: orientation.rotation,
    translation: { x: -(left.x + right.x) / 2, y: -(left.y + right.y) / 2, z: dims.footHeight - lowest },
  };
}

/** The camera's pose in the robot frame for the given torso pose and head angles. */
export function cameraPose(
  dims: Readonly<RobotDimensions>,
  torso: Pose3,
  headYaw: number,
  headPitch: number,
  upper: boolean,
): Pose3 {
  const neck = composePose3(torso, translationPose3(0, 0, dims.zNeckOffset));
  const head = composePose3(neck, rotationPose3(multiplyRotation(rotationZ(headYaw), rotationY(headPitch))));
  const mount = upper
    ? translationPose3(dims.xOffsetNeckToUpperCamera, 0, dims.zOffsetNeckToUpperCamera)
    : translationPose3(dims.xOffsetNeckToLowerCamera, 0, dims.zOffsetNeckToLowerCamera);
  return composePose3(
    composePose3(head, mount),
    rotationPose3(rotationY(upper ? dims.upperCameraTilt : dims.lowerCameraTilt)),
  );
}

export const CameraMatrixProvider = defineModule({
  name: 'CameraMatrixProvider',
  category: 'Sensing',
  requires: [CameraInfo, RobotDimensions, JointSensorData],
  uses: [InertialData],
  provides: [CameraMatrix],
  parameters: Parameters,
}).implement(({ the, params }) => ({
  update: {
    CameraMatrix(cameraMatrix) {
      const angles = the.JointSensorData.angles;
      const roll = params.useInertialData ? the.InertialData.angle.x : 0;
      const pitch = params.useInertialData ? the.InertialData.angle.y : 0;
      const torso = torsoPose(the.RobotDimensions, angles, roll, pitch);
      const pose = cameraPose(
        the.RobotDimensions,
        torso,
        angleOf(angles, Joint.headYaw),
        angleOf(angles, Joint.headPitch),
        the.CameraInfo.camera === Camera.upper,
      );
      cameraMatrix.rotation = pose.rotation;
      cameraMatrix.translation = pose.translation;
      const headKnown = angles[Joint.headYaw] !== JOINT_OFF && angles[Joint.headPitch] !== JOINT_OFF;
      cameraMatrix.isValid = headKnown && Math.abs(roll) < params.maxTorsoTilt && Math.abs(pitch) < params.maxTorsoTilt;
    },
  },
}));
