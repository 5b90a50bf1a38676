import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { robotToImage } from '@robot-runtime/math/projection';
import { deg } from '@robot-runtime/math/vec2';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import { Camera, naoCameraInfo, withFocalLengths } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import { InertialData } from '@robot-runtime/representations/Sensing/InertialData';
import { CameraMatrixProvider } from './CameraMatrixProvider';

function setup(camera: number) {
  const joints = JointSensorData.defaultValue();
  const inertial = InertialData.defaultValue();
  const cameraInfo =
    camera === Camera.upper ? naoCameraInfo(Camera.upper, 640, 480) : naoCameraInfo(Camera.lower, 320, 240);
  const h = createModuleForTest(CameraMatrixProvider, {
    the: {
      JointSensorData: joints,
      InertialData: inertial,
      CameraInfo: cameraInfo,
      RobotDimensions: RobotDimensions.defaultValue(),
    },
  });
  const matrix = CameraMatrix.defaultValue();
  return { ...h, joints, inertial, cameraInfo, matrix };
}

describe('CameraMatrixProvider', () => {
  it('places the upper camera of a straight-legged NAO at the sum of its link lengths', () => {
    const { update, matrix } = setup(Camera.upper);
    update.CameraMatrix!(matrix);
    // foot 45.19 + tibia 102.9 + thigh 100 + hip 85 + neck 126.5 + camera 63.64
    expect(matrix.translation.z).toBeCloseTo(523.23, 1);
    expect(matrix.translation.x).toBeCloseTo(58.71, 1);
    expect(matrix.isValid).toBe(true);
  });

  it('looks down by the lower camera tilt plus the head pitch', () => {
    const { update, matrix, joints, cameraInfo } = setup(Camera.lower);
    joints.angles[Joint.headPitch] = deg(10);
    update.CameraMatrix!(matrix);
    const tilt = deg(39.7 + 10);
    // A ground point straight along the optical axis projects onto the optical centre.
    const distance = matrix.translation.z / Math.tan(tilt);
    const pixel = robotToImage(matrix, withFocalLengths(cameraInfo), {
      x: matrix.translation.x + distance,
      y: 0,
      z: 0,
    })!;
    expect(pixel.x).toBeCloseTo(cameraInfo.opticalCenter.x, 3);
    expect(pixel.y).toBeCloseTo(cameraInfo.opticalCenter.y, 3);
  });

  it('lowers the camera when the knees bend and marks a falling robot invalid', () => {
    const { update, matrix, joints, inertial } = setup(Camera.upper);
    update.CameraMatrix!(matrix);
    const straight = matrix.translation.z;
    for (const [hip, knee, ankle] of [
      [Joint.lHipPitch, Joint.lKneePitch, Joint.lAnklePitch],
      [Joint.rHipPitch, Joint.rKneePitch, Joint.rAnklePitch],
    ]) {
      joints.angles[hip!] = deg(-30);
      joints.angles[knee!] = deg(60);
      joints.angles[ankle!] = deg(-30);
    }
    update.CameraMatrix!(matrix);
    expect(matrix.translation.z).toBeLessThan(straight - 20);
    inertial.angle.y = deg(60);
    update.CameraMatrix!(matrix);
    expect(matrix.isValid).toBe(false);
  });
});
