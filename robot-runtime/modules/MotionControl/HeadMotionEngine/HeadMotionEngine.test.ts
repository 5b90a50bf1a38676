import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { deg } from '@robot-runtime/math/vec2';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import {
  CameraCalibrationState,
  CameraCalibrationStatus,
} from '@robot-runtime/representations/Configuration/CameraCalibrationStatus';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { HeadAngles } from '@robot-runtime/representations/MotionControl/HeadAngles';
import { HeadMotionEngine } from './HeadMotionEngine';

const CYCLE_MS = 12;

function setup() {
  const frameInfo = { time: 1000 };
  const ball = BallModel.defaultValue();
  const calibration = CameraCalibrationStatus.defaultValue();
  const the = {
    FrameInfo: frameInfo,
    RobotDimensions: RobotDimensions.defaultValue(),
    BallModel: ball,
    CameraCalibrationStatus: calibration,
  };
  const h = createModuleForTest(HeadMotionEngine, { the });
  const head = HeadAngles.defaultValue();
  /** Runs frames; `seen` refreshes the ball's timeWhenLastSeen. Checks limits and speed on every frame. */
  const run = (frames: number, seen: boolean) => {
    for (let i = 0; i < frames; i++) {
      const before = { pan: head.pan, tilt: head.tilt };
      frameInfo.time += CYCLE_MS;
      if (seen) ball.timeWhenLastSeen = frameInfo.time;
      h.update.HeadAngles!(head);
      const p = h.params;
      expect(Math.abs(head.pan)).toBeLessThanOrEqual(deg(119.5) + 1e-9);
      expect(head.tilt).toBeGreaterThanOrEqual(deg(-38.5) - 1e-9);
      expect(head.tilt).toBeLessThanOrEqual(deg(29.5) + 1e-9);
      // Beyond 90° of yaw the pitch must stay in the narrowed range (the head would touch the shoulder).
      if (Math.abs(head.pan) >= p.narrowPitchYaw) {
        expect(head.tilt).toBeGreaterThanOrEqual(p.narrowMinPitch - 1e-9);
        expect(head.tilt).toBeLessThanOrEqual(p.narrowMaxPitch + 1e-9);
      }
      const maxStep = p.maxSpeed * (CYCLE_MS / 1000) + 1e-9;
      expect(Math.abs(head.pan - before.pan)).toBeLessThanOrEqual(maxStep);
      expect(Math.abs(head.tilt - before.tilt)).toBeLessThanOrEqual(maxStep);
    }
  };
  return { ...h, ball, calibration, head, run };
}

describe('HeadMotionEngine', () => {
  it('goes where the camera calibration wants while it records, and back to the ball afterwards', () => {
    const { ball, calibration, head, run } = setup();
    ball.estimate.position = { x: 1000, y: 1000 };
    calibration.state = CameraCalibrationState.recordSamples;
    [calibration.headPan, calibration.headTilt] = [-0.9, 0.26];
    run(60, true);
    expect(head.pan).toBeCloseTo(-0.9, 6);
    expect(head.tilt).toBeCloseTo(0.26, 6);
    calibration.state = CameraCalibrationState.idle;
    run(60, true);
    expect(head.pan).toBeCloseTo(deg(45), 6);
  });

  it('turns toward a seen ball at no more than the head speed and holds it', () => {
    const { ball, head, run, params } = setup();
    ball.estimate.position = { x: 1000, y: 1000 }; // 45° to the left, 1.41 m away
    run(2, true); // the first frame has no time step yet
    expect(head.tracksBall).toBe(true);
    expect(head.pan).toBeCloseTo(params.maxSpeed * 0.012, 9); // one frame's step of the head speed
    run(40, true); // 0.48 s: enough for 45° at 3 rad/s
    expect(head.pan).toBeCloseTo(deg(45), 6);
    // The upper camera looks at the ball: tilt = depression angle to the ball minus the camera's own tilt.
    const below = Math.atan2(params.neckHeight - 50, Math.hypot(1000, 1000));
    const expected = below - RobotDimensions.defaultValue().upperCameraTilt;
    expect(head.tilt).toBeCloseTo(expected, 6);
  });

  it('uses the lower camera for a ball near the feet and follows a ball that moves behind the shoulder', () => {
    const { ball, head, run, params } = setup();
    ball.estimate.position = { x: 200, y: 0 };
    run(60, true);
    const below = Math.atan2(params.neckHeight - 50, 200);
    expect(head.tilt).toBeCloseTo(below - RobotDimensions.defaultValue().lowerCameraTilt, 6);
    // A ball far to the left and behind: the pan goes to the limit, the pitch into the narrowed range.
    ball.estimate.position = { x: -2000, y: 300 };
    run(150, true);
    expect(head.pan).toBeCloseTo(params.maxYaw, 6);
    expect(head.tilt).toBeLessThanOrEqual(params.narrowMaxPitch + 1e-9);
  });

  it('scans left and right when the ball is lost, starting on the side it was last seen', () => {
    const { ball, head, run, params } = setup();
    ball.estimate.position = { x: 1000, y: -500 };
    run(50, true);
    expect(head.pan).toBeLessThan(0);
    run(Math.ceil(params.ballLostTime / CYCLE_MS), false); // not yet lost: holds the last direction
    expect(head.tracksBall).toBe(true);
    const pans: number[] = [];
    const tilts: number[] = [];
    for (let i = 0; i < 500; i++) {
      run(1, false);
      pans.push(head.pan);
      tilts.push(head.tilt);
    }
    expect(head.tracksBall).toBe(false);
    // 6 s at 1.5 rad/s: from -27° it reaches the right end first, then the left end and back.
    const firstRight = pans.findIndex((p) => p <= -params.scanYaw + 1e-6);
    const firstLeft = pans.findIndex((p) => p >= params.scanYaw - 1e-6);
    expect(firstRight).toBeGreaterThanOrEqual(0);
    expect(firstLeft).toBeGreaterThan(firstRight);
    expect(Math.max(...pans.slice(firstLeft))).toBeLessThanOrEqual(params.scanYaw + 1e-9);
    // The scan looks down by scanPitch in the middle; at its ends the narrowed pitch range bounds it.
    expect(Math.max(...tilts.slice(firstRight))).toBeCloseTo(params.scanPitch, 6);
    expect(tilts[firstLeft]).toBeLessThanOrEqual(Math.min(params.scanPitch, params.narrowMaxPitch) + 1e-9);
    // Scanning is slower than tracking.
    for (let i = 1; i < pans.length; i++) {
      expect(Math.abs(pans[i]! - pans[i - 1]!)).toBeLessThanOrEqual(params.scanSpeed * 0.012 + 1e-9);
    }
  });

  it('looks down while scanning for a ball lost at the feet, and at the normal pitch for one lost farther away', () => {
    const { ball, head, run, params } = setup();
    ball.estimate.position = { x: 140, y: -60 };
    run(50, true);
    const scan = () => {
      const tilts: number[] = [];
      for (let i = 0; i < 400; i++) {
        run(1, false);
        tilts.push(head.tilt);
      }
      return tilts.slice(Math.ceil(params.ballLostTime / CYCLE_MS));
    };
    const low = scan();
    expect(head.tracksBall).toBe(false);
    expect(Math.max(...low)).toBeCloseTo(params.nearScanPitch, 6);
    ball.estimate.position = { x: 1500, y: 0 };
    run(50, true);
    expect(Math.max(...scan())).toBeCloseTo(params.scanPitch, 6);
  });

  it('never leaves the limits for balls all around the robot', () => {
    const { ball, run } = setup();
    for (let a = -180; a < 180; a += 15) {
      for (const d of [150, 600, 3000]) {
        ball.estimate.position = { x: d * Math.cos(deg(a)), y: d * Math.sin(deg(a)) };
        run(25, true);
      }
    }
  });
});
