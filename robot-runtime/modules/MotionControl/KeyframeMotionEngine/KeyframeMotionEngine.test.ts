import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { deg } from '@robot-runtime/math/vec2';
import { JOINT_OFF, Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { JointRequest } from '@robot-runtime/representations/Infrastructure/JointRequest';
import {
  KeyframeMotionEngineOutput,
  KeyframeMotionID,
} from '@robot-runtime/representations/MotionControl/KeyframeMotionEngineOutput';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import { MotionType, SpecialActionID } from '@robot-runtime/representations/MotionControl/MotionRequest';
import { InertialData } from '@robot-runtime/representations/Sensing/InertialData';
import { Keyframe, type KeyframeMotion } from './KeyframeMotion';
import { KeyframeMotionEngine } from './KeyframeMotionEngine';

const CYCLE_MS = 12;

/** A keyframe with every joint at `angle`, reached in `duration` ms. */
function pose(angle: number, duration: number, extra: Partial<Keyframe> = {}): Keyframe {
  const k = Keyframe.defaultValue();
  return {
    ...k,
    duration,
    head: k.head.map(() => angle),
    leftArm: k.leftArm.map(() => angle),
    rightArm: k.rightArm.map(() => angle),
    leftLeg: k.leftLeg.map(() => angle),
    rightLeg: k.rightLeg.map(() => angle),
    ...extra,
  };
}
const motion = (keyframes: Keyframe[], endsStanding = true): KeyframeMotion => ({ keyframes, endsStanding });
const upright = { min: deg(-15), max: deg(15) };

/** The engine with hand-made motions, a body lying or standing as `inertial` says, selected through MotionInfo. */
function setup(motions: Record<string, unknown> = {}) {
  const frameInfo = { time: 0 };
  const info = MotionInfo.defaultValue();
  const joints = JointRequest.defaultValue();
  joints.angles = joints.angles.map(() => 0);
  joints.stiffnessData.stiffnesses = joints.stiffnessData.stiffnesses.map(() => 80);
  const inertial = InertialData.defaultValue();
  // The measured joints: a standing robot's (the get-up's own poses are not measured here).
  const measured = { angles: Joint.names.map(() => 0) };
  const h = createModuleForTest(KeyframeMotionEngine, {
    the: {
      FrameInfo: frameInfo,
      MotionInfo: info,
      JointRequest: joints,
      InertialData: inertial,
      JointSensorData: measured,
    },
    params: {
      sitDown: motion([pose(0.5, 600), pose(0.5, 120, { stiffness: [30, 30, 30, 30, 30] })], false),
      stand: motion([pose(0.2, 600)]),
      getUpFront: motion([pose(1, 240), pose(0.2, 240, { torsoPitch: upright })]),
      getUpBack: motion([pose(-1, 240), pose(0.2, 240, { torsoPitch: upright })]),
      maxGetUpTries: 3,
      ...motions,
    },
  });
  const output = KeyframeMotionEngineOutput.defaultValue();
  const frame = () => {
    frameInfo.time += CYCLE_MS;
    h.update.KeyframeMotionEngineOutput!(output);
    // The combinator commands what the engine outputs (as the Motion thread's JointRequest of the next frame).
    if (output.motion !== KeyframeMotionID.none) joints.angles = [...output.angles];
  };
  return { info, joints, inertial, measured, output, frame, frameInfo };
}

describe('KeyframeMotionEngine', () => {
  it('idles, following the commanded pose, until the combinator selects one of its motions', () => {
    const { joints, output, frame } = setup();
    joints.angles = joints.angles.map(() => 0.3);
    frame();
    expect(output.motion).toBe(KeyframeMotionID.none);
    expect(output.isLeavingPossible).toBe(true);
    expect(output.angles[Joint.lKneePitch]).toBe(0.3);
  });

  it('plays a special action smoothly from the current pose and holds its end; sitting is not left to the walk', () => {
    const { info, output, frame } = setup();
    info.executedMotion = MotionType.special;
    info.specialAction = SpecialActionID.sitDown;
    const knee: number[] = [];
    for (let i = 0; i < 100; i++) {
      frame();
      knee.push(output.angles[Joint.lKneePitch]!);
    }
    expect(output.motion).toBe(KeyframeMotionID.sitDown);
    expect(knee[0]).toBeLessThan(0.01);
    // 0 → 0.5 rad in 600 ms with a cosine ramp: at most π/2 · 0.5 / 50 frames per frame.
    for (let i = 1; i < knee.length; i++) expect(Math.abs(knee[i]! - knee[i - 1]!)).toBeLessThan(0.017);
    expect(knee.at(-1)).toBe(0.5);
    expect(output.stiffnesses[Joint.lKneePitch]).toBe(30);
    expect(output.isDone).toBe(true);
    expect(output.headFree).toBe(false);
    // Done, but sitting: the combinator must play stand before the walk may take over.
    expect(output.isLeavingPossible).toBe(false);
    info.specialAction = SpecialActionID.stand;
    for (let i = 0; i < 60; i++) frame();
    expect(output.motion).toBe(KeyframeMotionID.stand);
    expect(output.angles[Joint.lKneePitch]).toBeCloseTo(0.2, 6);
    expect(output.isLeavingPossible).toBe(true);
  });

  it('gets up from the side it lies on and counts the get-up when the torso comes up', () => {
    const { info, inertial, output, frame } = setup();
    inertial.angle = { x: 0, y: deg(-90), z: 0 }; // on the back
    info.executedMotion = MotionType.getUp;
    frame();
    expect(output.motion).toBe(KeyframeMotionID.getUpBack);
    for (let i = 0; i < 19; i++) frame();
    expect(output.angles[Joint.lKneePitch]).toBeLessThan(-0.9);
    inertial.angle = { x: 0, y: 0, z: 0 }; // up before the last keyframe's check
    for (let i = 0; i < 30; i++) frame();
    expect(output.isDone).toBe(true);
    expect(output.isLeavingPossible).toBe(true);
    expect([output.getUpTries, output.getUpCount]).toEqual([1, 1]);
  });

  it('starts again when the torso did not come up, waits for the torso to rest, gives up after maxGetUpTries, and tries again later', () => {
    const { info, inertial, output, frame, frameInfo } = setup();
    inertial.angle = { x: 0, y: deg(90), z: 0 }; // on the front, and it stays there
    info.executedMotion = MotionType.getUp;
    frame();
    expect(output.motion).toBe(KeyframeMotionID.getUpFront);
    for (let i = 0; i < 45; i++) frame(); // 480 ms: the check at the end of the second keyframe fails once
    expect(output.getUpTries).toBe(2);
    expect(output.keyframe).toBeLessThan(2);
    let gaveUpAt = Infinity;
    for (let i = 0; i < 200; i++) {
      frame();
      if (output.gaveUp) gaveUpAt = Math.min(gaveUpAt, frameInfo.time);
    }
    expect(output.getUpTries).toBe(3);
    expect(output.gaveUp).toBe(true);
    expect(output.getUpCount).toBe(0);
    expect(output.angles.every((a) => a === JOINT_OFF)).toBe(true);
    expect(output.stiffnesses.every((s) => s === 0)).toBe(true);
    // Nobody came: after retryAfterGivingUp (8 s) it tries again, its motors on.
    while (output.gaveUp && frameInfo.time - gaveUpAt < 9000) frame();
    expect(frameInfo.time - gaveUpAt).toBeGreaterThanOrEqual(8000);
    expect(output.gaveUp).toBe(false);
    expect(output.getUpTries).toBe(4);
    expect(output.stiffnesses.some((s) => s > 0)).toBe(true);
    // Placed upright and no longer selected, it is ready for the next fall.
    info.executedMotion = MotionType.stand;
    frame();
    expect(output.gaveUp).toBe(false);
    expect(output.isLeavingPossible).toBe(true);
  });

  it('waits at most waitUntilStill for the torso to rest before it moves on', () => {
    const { info, inertial, output, frame } = setup({
      getUpFront: motion([pose(1, 240, { waitUntilStill: 300 }), pose(0.2, 240)]),
    });
    inertial.angle = { x: 0, y: deg(90), z: 0 };
    inertial.gyro = { x: 0, y: 2, z: 0 }; // still tipping
    info.executedMotion = MotionType.getUp;
    for (let i = 0; i < 40; i++) frame(); // 480 ms: reached at 240, waiting
    expect(output.keyframe).toBe(0);
    for (let i = 0; i < 6; i++) frame(); // beyond 240 + 300 ms: it goes on anyway
    expect(output.keyframe).toBe(1);

    const still = setup({ getUpFront: motion([pose(1, 240, { waitUntilStill: 300 }), pose(0.2, 240)]) });
    still.inertial.angle = { x: 0, y: deg(90), z: 0 };
    still.info.executedMotion = MotionType.getUp;
    for (let i = 0; i < 21; i++) still.frame(); // at rest: on at once when the pose is reached
    expect(still.output.keyframe).toBe(1);
  });

  it('placed upright in the middle of a get-up (or stood up by the capsule simulation), it ends without counting', () => {
    const lying = { min: deg(50), max: deg(140) };
    const { info, inertial, output, frame } = setup({
      getUpFront: motion([pose(1, 240, { torsoPitch: lying }), pose(0.2, 240, { torsoPitch: upright })]),
    });
    inertial.angle = { x: 0, y: deg(90), z: 0 };
    info.executedMotion = MotionType.getUp;
    for (let i = 0; i < 10; i++) frame();
    inertial.angle = { x: 0, y: deg(3), z: 0 }; // the check of the first keyframe (still lying?) fails
    for (let i = 0; i < 40; i++) frame();
    expect(output.isDone).toBe(true);
    expect(output.isLeavingPossible).toBe(true);
    expect([output.getUpTries, output.getUpCount, output.gaveUp]).toEqual([1, 0, false]);
  });

  it('put on its feet before its rise (a referee took it off the field), it ends at once; sitting upright it goes on', () => {
    const lying = { min: deg(50), max: deg(140) };
    const getUpFront = motion([
      pose(1, 1200, { torsoPitch: lying }),
      pose(0.5, 600),
      pose(0.2, 240, { torsoPitch: upright }),
    ]);
    for (const [hips, placed] of [
      [0, true],
      [deg(-88), false],
    ] as const) {
      const { info, inertial, measured, output, frame } = setup({ getUpFront });
      inertial.angle = { x: 0, y: deg(90), z: 0 };
      info.executedMotion = MotionType.getUp;
      for (let i = 0; i < 10; i++) frame();
      expect(output.isDone).toBe(false);
      // Upright long before the first keyframe (1.2 s) is reached: standing (legs under the torso) or sitting.
      inertial.angle = { x: 0, y: deg(2), z: 0 };
      measured.angles[Joint.lHipPitch] = measured.angles[Joint.rHipPitch] = hips;
      for (let i = 0; i < 5; i++) frame();
      expect(output.isDone).toBe(placed);
      expect([output.getUpTries, output.getUpCount]).toEqual([1, 0]);
    }
  });
});
