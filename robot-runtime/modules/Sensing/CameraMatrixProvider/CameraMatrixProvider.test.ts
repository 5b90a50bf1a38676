import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { robotToImage } from '@robot-runtime/math/projection';
import { deg } from '@robot-runtime/math/vec2';
import { CameraCalibration } from '@robot-runtime/representations/Configuration/CameraCalibration';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import {
  Camera,
  naoCameraInfo,
  withFocalLengths,
  type CameraInfo,
} from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import { InertialData } from '@robot-runtime/representations/Sensing/InertialData';
import { CameraMatrixProvider } from './CameraMatrixProvider';

function setup(camera: number) {
  const joints = JointSensorData.defaultValue();
  const inertial = InertialData.defaultValue();
  const calibration = CameraCalibration.defaultValue();
  const cameraInfo =
    camera === Camera.upper ? naoCameraInfo(Camera.upper, 640, 480) : naoCameraInfo(Camera.lower, 320, 240);
  const h = createModuleForTest(CameraMatrixProvider, {
    the: {
      JointSensorData: joints,
      InertialData: inertial,
      CameraInfo: cameraInfo,
      RobotDimensions: RobotDimensions.defaultValue(),
      CameraCalibration: calibration,
    },
  });
  const matrix = CameraMatrix.defaultValue();
  return { ...h, joints, inertial, cameraInfo, matrix, calibration };
}

/** A ground point straight ahead along an optical axis pitched down by `pitch` projects onto the optical centre. */
function expectOpticalAxisDownBy(matrix: CameraMatrix, cameraInfo: CameraInfo, pitch: number): void {
  const distance = matrix.translation.z / Math.tan(pitch);
  const pixel = robotToImage(matrix, withFocalLengths(cameraInfo), {
    x: matrix.translation.x + distance,
    y: 0,
    z: 0,
  })!;
  expect(pixel.x).toBeCloseTo(cameraInfo.opticalCenter.x, 3);
  expect(pixel.y).toBeCloseTo(cameraInfo.opticalCenter.y, 3);
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
    expectOpticalAxisDownBy(matrix, cameraInfo, deg(39.7 + 10));
  });

  it("turns the camera by this robot's calibration: tilt and body tilt add to the pitch, roll turns the image", () => {
    const { update, matrix, joints, cameraInfo, calibration } = setup(Camera.lower);
    joints.angles[Joint.headPitch] = deg(10);
    calibration.cameraRotationCorrections[1] = { x: deg(1.5), y: deg(2), z: 0 };
    calibration.bodyRotationCorrection = { x: 0, y: deg(1) };
    // The upper camera's correction must not touch the lower camera.
    calibration.cameraRotationCorrections[0] = { x: deg(5), y: deg(5), z: deg(5) };
    update.CameraMatrix!(matrix);
    const pitch = deg(39.7 + 10 + 2 + 1);
    // The optical axis (first column) looks down by the whole pitch; the roll leaves it where it is.
    expect(Math.atan2(-matrix.rotation[2]!, matrix.rotation[0]!)).toBeCloseTo(pitch, 6);
    expect(matrix.rotation[1]).toBeCloseTo(0, 6);
    // The image's left axis (second column) is turned by the roll about the optical axis.
    expect(Math.acos(matrix.rotation[4]!)).toBeCloseTo(deg(1.5), 6);
    expectOpticalAxisDownBy(matrix, cameraInfo, pitch);
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
