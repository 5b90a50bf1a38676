import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { anklePosition } from '@robot-runtime/math/legKinematics';
import { Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { KickEngineOutput } from '@robot-runtime/representations/MotionControl/KickEngineOutput';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import {
  KickKind,
  KickType,
  MotionRequest,
  MotionType,
} from '@robot-runtime/representations/MotionControl/MotionRequest';
import { KickEngine } from './KickEngine';
import { kickDuration, kickKeyframes, kickLegsAt } from './kickTrajectory';

const CYCLE_MS = 12;

function setup() {
  const frameInfo = { time: 0 };
  const request = MotionRequest.defaultValue();
  const info = MotionInfo.defaultValue();
  const inertial = { gyro: { x: 0, y: 0, z: 0 }, angle: { x: 0, y: 0 } };
  const h = createModuleForTest(KickEngine, {
    the: { FrameInfo: frameInfo, MotionRequest: request, MotionInfo: info, InertialData: inertial },
  });
  const out = KickEngineOutput.defaultValue();
  const frame = () => {
    frameInfo.time += CYCLE_MS;
    h.update.KickEngineOutput!(out);
  };
  return { ...h, request, info, inertial, out, frame };
}

const longKick = (request: MotionRequest, type: number) => {
  request.motion = MotionType.kick;
  request.kickKind = KickKind.long;
  request.kickType = type;
};

describe('KickEngine', () => {
  it('starts a long kick only when the combinator has chosen it and the torso is still', () => {
    const { request, info, inertial, out, frame } = setup();
    frame();
    expect(out.isActive).toBe(false);
    expect(out.isLeavingPossible).toBe(true);
    longKick(request, KickType.forwardLeft);
    info.executedMotion = MotionType.stand; // the walk is still active
    frame();
    expect(out.isActive).toBe(false);
    info.executedMotion = MotionType.kick;
    inertial.gyro.x = 1; // still rocking
    for (let i = 0; i < 10; i++) frame();
    expect(out.isActive).toBe(false);
    inertial.gyro.x = 0;
    for (let i = 0; i < 30; i++) frame();
    expect(out.isActive).toBe(true);
    expect(out.isLeavingPossible).toBe(false);
    expect(out.kickType).toBe(KickType.forwardLeft);
    // An in-walk kick is the walk's, never this engine's.
    const other = setup();
    other.request.motion = MotionType.kick;
    other.request.kickKind = KickKind.inWalk;
    other.info.executedMotion = MotionType.kick;
    other.frame();
    expect(other.out.isActive).toBe(false);
  });

  it('plays the phases in order, keeps the support foot down, ends in the stand and may then be left', () => {
    const { request, info, out, frame, params } = setup();
    longKick(request, KickType.forwardRight);
    info.executedMotion = MotionType.kick;
    frame();
    const stand = [...out.angles];
    const phases: number[] = [];
    let frames = 0;
    let maxLift = 0;
    while (out.isActive && frames++ < 1000) {
      if (phases[phases.length - 1] !== out.phase) phases.push(out.phase);
      // The left leg supports: its ankle stays at the stand's height below the hip.
      const support = anklePosition({
        hipRoll: out.angles[Joint.lHipRoll]!,
        hipPitch: out.angles[Joint.lHipPitch]!,
        knee: out.angles[Joint.lKneePitch]!,
        anklePitch: 0,
        ankleRoll: 0,
      });
      const kicking = anklePosition({
        hipRoll: out.angles[Joint.rHipRoll]!,
        hipPitch: out.angles[Joint.rHipPitch]!,
        knee: out.angles[Joint.rKneePitch]!,
        anklePitch: 0,
        ankleRoll: 0,
      });
      maxLift = Math.max(maxLift, support.z - kicking.z);
      expect(out.stiffnesses.every((s) => s === params.stiffness)).toBe(true);
      frame();
    }
    expect(phases).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(frames * CYCLE_MS).toBeCloseTo(kickDuration(kickKeyframes(params)) * 1000, -2);
    expect(maxLift).toBeGreaterThan(params.liftHeight - 5);
    expect(out.isLeavingPossible).toBe(true);
    out.angles.forEach((a, j) => expect(a).toBeCloseTo(stand[j]!, 6));
  });

  it('hands over to the walk only once the torso is calm, or after the longest wait', () => {
    const { request, info, inertial, out, frame, params } = setup();
    longKick(request, KickType.forwardLeft);
    info.executedMotion = MotionType.kick;
    frame();
    const end = kickDuration(kickKeyframes(params)) * 1000;
    let t = 0;
    const runUntil = (ms: number) => {
      for (; t < ms; t += CYCLE_MS) frame();
    };
    runUntil(end - 100);
    inertial.angle.x = params.endTilt + 0.05; // still rolling from the weight's return to both feet
    runUntil(end + 200);
    expect(out.isActive).toBe(true);
    expect(out.isLeavingPossible).toBe(false);
    inertial.angle.x = params.endTilt / 2;
    frame();
    expect(out.isActive).toBe(false);
    expect(out.isLeavingPossible).toBe(true);

    // A robot that keeps leaning is handed over after maxSettleTime all the same.
    const other = setup();
    longKick(other.request, KickType.forwardLeft);
    other.info.executedMotion = MotionType.kick;
    other.frame();
    other.inertial.angle.y = -0.5;
    let frames = 0;
    while (other.out.isActive && frames++ < 1000) other.frame();
    expect(frames * CYCLE_MS).toBeCloseTo((end / 1000 + params.maxSettleTime) * 1000, -2);
  });

  it('swings the knee alone: the thigh keeps its angle from the drawn-back foot to the forward one', () => {
    const { params } = setup();
    const frames = kickKeyframes(params);
    const at = (phaseEnd: number) => frames.slice(1, phaseEnd + 1).reduce((t, f) => t + f.duration, 0) - 1e-6;
    const drawnBack = kickLegsAt(frames, at(2), 184, -1).kicking;
    const forward = kickLegsAt(frames, at(3), 184, -1).kicking;
    expect(forward.knee).toBeLessThan(drawnBack.knee - 1);
    expect(Math.abs(forward.hipPitch - drawnBack.hipPitch)).toBeLessThan(0.4);
  });

  it('a weaker kick swings slower', () => {
    const { params } = setup();
    const strong = kickDuration(kickKeyframes(params, 1));
    const weak = kickDuration(kickKeyframes(params, params.minStrengthSwingScale));
    expect(weak - strong).toBeCloseTo(params.swingDuration * (params.minStrengthSwingScale - 1), 6);
  });
});
