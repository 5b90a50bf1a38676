import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { CALIBRATION_HEAD_POSITIONS } from '@robot-runtime/representations/Configuration/calibrateCameras';
import { CameraCalibration } from '@robot-runtime/representations/Configuration/CameraCalibration';
import {
  CameraCalibrationState,
  CameraCalibrationStatus,
} from '@robot-runtime/representations/Configuration/CameraCalibrationStatus';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import { Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { FieldLinePoints } from '@robot-runtime/representations/Perception/FieldLinePoints';
import { AutomaticCameraCalibrator } from './AutomaticCameraCalibrator';

/** The calibrator with hand-made inputs; `start` makes the next frame answer its debug request once. */
function setup() {
  const frameInfo = { time: 1000 };
  const percept = FieldLinePoints.defaultValue();
  const h = createModuleForTest(AutomaticCameraCalibrator, {
    the: {
      FrameInfo: frameInfo,
      FieldDimensions: FieldDimensions.defaultValue(),
      RobotDimensions: RobotDimensions.defaultValue(),
      FieldLinePoints: percept,
      CameraCalibration: CameraCalibration.defaultValue(),
    },
  });
  let starting = false;
  // The harness answers every request; the robot's answers `start` once, when the console asks.
  h.debug.response = (_name, fn) => {
    if (starting) fn();
    starting = false;
  };
  const status = CameraCalibrationStatus.defaultValue();
  /** One Cognition frame 33 ms after the last, with a new image of `camera` taken at head angles yaw/pitch. */
  const frame = (camera?: number, yaw = 0, pitch = 0): void => {
    frameInfo.time += 33;
    percept.time = camera === undefined ? 0 : frameInfo.time;
    percept.camera = camera ?? 0;
    percept.jointAngles[Joint.headYaw] = yaw;
    percept.jointAngles[Joint.headPitch] = pitch;
    h.update.CameraCalibrationStatus!(status);
  };
  return { ...h, status, frame, start: () => (starting = true) };
}

describe('AutomaticCameraCalibrator', () => {
  it('waits for its debug request, then records each head position once the head stands still there', () => {
    const { status, frame, start, params } = setup();
    frame(0);
    expect(status.state).toBe(CameraCalibrationState.idle);
    expect(status.hasResult).toBe(false);
    start();
    frame();
    expect(status.state).toBe(CameraCalibrationState.recordSamples);
    const first = CALIBRATION_HEAD_POSITIONS[0]!;
    expect([status.position, status.camera, status.headPan, status.headTilt]).toEqual([0, 0, first.yaw, first.pitch]);
    // Images of the other camera and of a head still on its way are not recorded.
    for (let i = 0; i < 30; i++) frame(1, first.yaw, first.pitch);
    for (let i = 0; i < 30; i++) frame(0, first.yaw + 0.2 - i * 0.001, first.pitch);
    expect(status.samples).toBe(0);
    // Still at the position (seen from the second image there on), then settleTime, then imagesPerPosition images.
    const settleFrames = 2 + Math.ceil(params.settleTime / 33);
    for (let i = 0; i < settleFrames + params.imagesPerPosition - 1; i++) frame(0, first.yaw, first.pitch);
    expect(status.samples).toBe(params.imagesPerPosition);
    expect(status.position).toBe(1);
    expect(status.camera).toBe(CALIBRATION_HEAD_POSITIONS[1]!.camera);
  });

  it('takes a position the head cannot reach where it stands still, and uses no result without matched points', () => {
    const { status, frame, start, params, debug } = setup();
    start();
    frame();
    for (const wanted of CALIBRATION_HEAD_POSITIONS) {
      // The head stops 10° short (its pitch limits at large yaw may keep it there).
      const frames = Math.ceil(params.maxPositionTime / 33) + Math.ceil(params.settleTime / 33) + 4;
      for (let i = 0; i < frames && status.state === CameraCalibrationState.recordSamples; i++)
        frame(wanted.camera, wanted.yaw - 0.17, wanted.pitch);
    }
    expect(status.samples).toBe(10 * params.imagesPerPosition);
    expect(status.state).toBe(CameraCalibrationState.optimize);
    frame();
    // No line points: nothing matched a field line, so there is no result to use, and the robot says why.
    expect(status.state).toBe(CameraCalibrationState.idle);
    expect(status.hasResult).toBe(false);
    expect(debug.calls.some((c) => c.kind === 'text' && String(c.args[0]).includes('not used: only 0 of 0'))).toBe(
      true,
    );
  });
});
