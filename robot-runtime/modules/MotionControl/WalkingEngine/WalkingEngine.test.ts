import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '../../../core/testing/moduleHarness';
import { deg, norm } from '../../../math/vec2';
import { Joint } from '../../../representations/Infrastructure/Joints';
import { JointRequest } from '../../../representations/Infrastructure/JointRequest';
import { KickType, MotionRequest, MotionType } from '../../../representations/MotionControl/MotionRequest';
import { OdometryData } from '../../../representations/MotionControl/OdometryData';
import { WalkingEngineOutput } from '../../../representations/MotionControl/WalkingEngineOutput';
import { WalkingEngine } from './WalkingEngine';

const CYCLE_MS = 12;

function setup() {
  const frameInfo = { time: 0 };
  const request = MotionRequest.defaultValue();
  const h = createModuleForTest(WalkingEngine, { the: { FrameInfo: frameInfo, MotionRequest: request } });
  const info = WalkingEngineOutput.defaultValue();
  const odometry = OdometryData.defaultValue();
  const frame = () => {
    frameInfo.time += CYCLE_MS;
    h.update.WalkingEngineOutput!(info);
    h.update.OdometryData!(odometry);
  };
  h.params.odometryNoise = 0;
  return { ...h, request, odometry, info, frame };
}

describe('WalkingEngine', () => {
  it('never exceeds the speed and acceleration limits', () => {
    const { request, info, frame, params } = setup();
    request.motion = MotionType.walkAtRelativeSpeed;
    request.walkSpeed = { rotation: 5, translation: { x: 5, y: -5 } }; // far beyond the allowed fractions
    let previous = { ...info.speed, translation: { ...info.speed.translation } };
    const dt = CYCLE_MS / 1000;
    for (let i = 0; i < 500; i++) {
      frame();
      const s = info.speed;
      const r = Math.hypot(
        s.translation.x / params.maxSpeed.translation.x,
        s.translation.y / params.maxSpeed.translation.y,
        s.rotation / params.maxSpeed.rotation,
      );
      expect(r).toBeLessThanOrEqual(1 + 1e-9);
      expect(Math.abs(s.translation.x - previous.translation.x)).toBeLessThanOrEqual(
        params.maxAcceleration.translation.x * dt + 1e-9,
      );
      expect(Math.abs(s.translation.y - previous.translation.y)).toBeLessThanOrEqual(
        params.maxAcceleration.translation.y * dt + 1e-9,
      );
      expect(Math.abs(s.rotation - previous.rotation)).toBeLessThanOrEqual(params.maxAcceleration.rotation * dt + 1e-9);
      previous = { ...s, translation: { ...s.translation } };
    }
    expect(info.executedMotion).toBe(MotionType.walkAtRelativeSpeed);
  });

  it('odometry follows the executed steps at the walk speed, and stops with the steps', () => {
    const { request, odometry, info, frame, params } = setup();
    request.motion = MotionType.walkAtRelativeSpeed;
    request.walkSpeed = { rotation: 0, translation: { x: 1, y: 0 } };
    for (let i = 0; i < 250; i++) frame(); // 3 s: accelerated, steps at full length
    const before = odometry.translation.x;
    for (let i = 0; i < 500; i++) frame(); // 6 s, 24 steps
    // Without foot sensors a step ends when its time is up, so the steps move the body at the walk speed.
    expect((odometry.translation.x - before) / 6).toBeCloseTo(params.maxSpeed.translation.x, -1);
    expect(Math.abs(odometry.translation.y)).toBeLessThan(1e-6);
    request.motion = MotionType.stand;
    for (let i = 0; i < 150; i++) frame();
    expect(norm(info.speed.translation)).toBe(0);
    expect(info.executedMotion).toBe(MotionType.stand);
    const stopped = odometry.translation.x;
    for (let i = 0; i < 50; i++) frame();
    expect(odometry.translation.x).toBe(stopped);
  });

  it('walks to a relative pose and arrives there', () => {
    const { request, odometry, frame } = setup();
    request.motion = MotionType.walkToPose;
    const goal = { x: 600, y: 200, rotation: deg(30) };
    for (let i = 0; i < 1000; i++) {
      // The behaviour re-sends the remaining target relative to where the robot now is.
      const c = Math.cos(-odometry.rotation);
      const s = Math.sin(-odometry.rotation);
      const dx = goal.x - odometry.translation.x;
      const dy = goal.y - odometry.translation.y;
      request.walkTarget = {
        rotation: goal.rotation - odometry.rotation,
        translation: { x: c * dx - s * dy, y: s * dx + c * dy },
      };
      frame();
    }
    expect(odometry.translation.x).toBeCloseTo(goal.x, -1);
    expect(odometry.translation.y).toBeCloseTo(goal.y, -1);
    expect(odometry.rotation).toBeCloseTo(goal.rotation, 1);
  });

  it('produces valid joint angles and stiffnesses, kicks on request, and may be left only at rest', () => {
    const { request, info, frame } = setup();
    const joints = JointRequest.defaultValue();
    const check = () => {
      joints.angles = info.angles;
      joints.stiffnessData.stiffnesses = info.stiffnesses;
      expect(JointRequest.hooks.verify!(joints)).toBeUndefined();
    };
    frame();
    expect(info.isLeavingPossible).toBe(true);
    request.motion = MotionType.walkAtRelativeSpeed;
    request.walkSpeed = { rotation: 0.3, translation: { x: 1, y: 0.5 } };
    for (let i = 0; i < 100; i++) {
      frame();
      check();
    }
    expect(info.isLeavingPossible).toBe(false);
    expect(info.headFree).toBe(true);
    expect(info.angles[Joint.lHipYawPitch]).toBe(info.angles[Joint.rHipYawPitch]);
    request.motion = MotionType.kick;
    request.kickType = KickType.forwardRight;
    let kicked = false;
    for (let i = 0; i < 200; i++) {
      frame();
      kicked ||= info.isKicking;
      if (info.isKicking) expect(info.isLeavingPossible).toBe(false);
      check();
    }
    expect(kicked).toBe(true);
  });
});
