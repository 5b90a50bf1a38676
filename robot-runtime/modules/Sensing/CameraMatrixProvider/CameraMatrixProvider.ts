/**
 * @file Computes the camera's pose relative to the robot from the measured joint angles, the torso orientation
 * and the NAO's link lengths: torso upright or tilted as the IMU says (then turned by the calibrated body
 * correction), legs by forward kinematics (so a crouched stand lowers the camera), head by yaw and pitch, then
 * the camera mount with its downward tilt and this robot's calibrated corrections (B-Human's order: tilt plus
 * its correction about y, then roll about x, then pan about z).
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import { deg } from '@robot-runtime/math/vec2';
import { CameraCalibration } from '@robot-runtime/representations/Configuration/CameraCalibration';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import { Camera, CameraInfo } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { JOINT_OFF, Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { angleOf, cameraPose, torsoPose } from '@robot-runtime/representations/Perception/cameraKinematics';
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

export const CameraMatrixProvider = defineModule({
  name: 'CameraMatrixProvider',
  category: 'Sensing',
  requires: [CameraInfo, RobotDimensions, JointSensorData, CameraCalibration],
  uses: [InertialData],
  provides: [CameraMatrix],
  parameters: Parameters,
  stateless: true,
}).implement(({ the, params }) => ({
  update: {
    CameraMatrix(cameraMatrix) {
      const angles = the.JointSensorData.angles;
      const roll = params.useInertialData ? the.InertialData.angle.x : 0;
      const pitch = params.useInertialData ? the.InertialData.angle.y : 0;
      const calibration = the.CameraCalibration;
      const torso = torsoPose(the.RobotDimensions, angles, roll, pitch, calibration.bodyRotationCorrection);
      const upper = the.CameraInfo.camera === Camera.upper;
      const pose = cameraPose(
        the.RobotDimensions,
        torso,
        angleOf(angles, Joint.headYaw),
        angleOf(angles, Joint.headPitch),
        upper,
        calibration.cameraRotationCorrections[upper ? 0 : 1],
      );
      cameraMatrix.rotation = pose.rotation;
      cameraMatrix.translation = pose.translation;
      const headKnown = angles[Joint.headYaw] !== JOINT_OFF && angles[Joint.headPitch] !== JOINT_OFF;
      cameraMatrix.isValid = headKnown && Math.abs(roll) < params.maxTorsoTilt && Math.abs(pitch) < params.maxTorsoTilt;
    },
  },
}));
