import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { JOINT_OFF, Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { JointRequest } from '@robot-runtime/representations/Infrastructure/JointRequest';
import { HeadAngles } from '@robot-runtime/representations/MotionControl/HeadAngles';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import { KickEngineOutput } from '@robot-runtime/representations/MotionControl/KickEngineOutput';
import {
  KickKind,
  MotionRequest,
  MotionType,
  SpecialActionID,
} from '@robot-runtime/representations/MotionControl/MotionRequest';
import { WalkingEngineOutput } from '@robot-runtime/representations/MotionControl/WalkingEngineOutput';
import { KeyframeMotionEngineOutput } from '@robot-runtime/representations/MotionControl/KeyframeMotionEngineOutput';
import { MotionCombinator } from './MotionCombinator';

const CYCLE_MS = 12;

/** The MotionCombinator with hand-made engine outputs (the articulated tests run it with the real engines). */
function setup() {
  const frameInfo = { time: 0 };
  const request = MotionRequest.defaultValue();
  const walk = WalkingEngineOutput.defaultValue();
  // A walk standing in a crouch: every joint at 0.3 rad, stiffness 80, head free.
  walk.angles = walk.angles.map(() => 0.3);
  walk.stiffnesses = walk.stiffnesses.map(() => 80);
  walk.headFree = true;
  // A kick engine whose legs are at 0.6 rad, stiffness 100, head free.
  const kick = KickEngineOutput.defaultValue();
  kick.angles = kick.angles.map(() => 0.6);
  kick.stiffnesses = kick.stiffnesses.map(() => 100);
  kick.headFree = true;
  const headAngles = { ...HeadAngles.defaultValue(), pan: 0.5, tilt: 0.2 };
  // A keyframe engine at rest, its sitting pose at 0.1 rad.
  const keyframes = KeyframeMotionEngineOutput.defaultValue();
  keyframes.angles = keyframes.angles.map(() => 0.1);
  keyframes.stiffnesses = keyframes.stiffnesses.map(() => 100);
  const measured = { angles: Joint.names.map(() => 0) };
  const the: Record<string, unknown> = {
    FrameInfo: frameInfo,
    MotionRequest: request,
    WalkingEngineOutput: walk,
    KickEngineOutput: kick,
    KeyframeMotionEngineOutput: keyframes,
    HeadAngles: headAngles,
  };
  const combinator = createModuleForTest(MotionCombinator, { the });
  const joints = JointRequest.defaultValue();
  const info = MotionInfo.defaultValue();
  const frame = () => {
    frameInfo.time += CYCLE_MS;
    combinator.update.JointRequest!(joints);
    combinator.update.MotionInfo!(info);
  };
  return { the, request, walk, kick, keyframes, measured, joints, info, frame, params: combinator.params };
}

describe('MotionCombinator', () => {
  it("commands the walk's joints with the head control's angles, and reports the walk in MotionInfo", () => {
    const { request, walk, joints, info, frame } = setup();
    request.motion = MotionType.walkAtRelativeSpeed;
    walk.executedMotion = MotionType.walkAtRelativeSpeed;
    walk.speed = { rotation: 0.1, translation: { x: 200, y: 0 } };
    walk.isLeavingPossible = false;
    frame();
    expect(JointRequest.hooks.verify!(joints)).toBeUndefined();
    expect(joints.angles[Joint.headYaw]).toBe(0.5);
    expect(joints.angles[Joint.headPitch]).toBe(0.2);
    expect(joints.angles[Joint.lKneePitch]).toBe(0.3);
    expect(joints.stiffnessData.stiffnesses).toEqual(walk.stiffnesses);
    expect(info.executedMotion).toBe(MotionType.walkAtRelativeSpeed);
    expect(info.speed).toEqual(walk.speed);
    // While it protects a fall the walk keeps the head.
    walk.headFree = false;
    frame();
    expect(joints.angles[Joint.headYaw]).toBe(0.3);
  });

  it('switches off every motor at once in playDead, even in the middle of a step', () => {
    const { request, walk, joints, info, frame } = setup();
    walk.executedMotion = MotionType.walkAtRelativeSpeed;
    walk.isLeavingPossible = false;
    frame();
    request.motion = MotionType.playDead;
    frame();
    expect(info.executedMotion).toBe(MotionType.playDead);
    expect(joints.angles.every((a) => a === JOINT_OFF)).toBe(true);
    expect(joints.stiffnessData.stiffnesses.every((s) => s === 0)).toBe(true);
    expect(info.speed.translation.x).toBe(0);
  });

  it('after playDead, blends angles from the measured pose and stiffness from 0, without jumps', () => {
    const { the, request, walk, measured, joints, info, frame, params } = setup();
    the.JointSensorData = measured;
    request.motion = MotionType.playDead;
    frame();
    request.motion = MotionType.stand;
    walk.executedMotion = MotionType.stand;
    walk.isLeavingPossible = true;
    const knees: number[] = [];
    const stiffness: number[] = [];
    for (let i = 0; i < Math.ceil((params.interpolationTime * 1000) / CYCLE_MS) + 2; i++) {
      frame();
      knees.push(joints.angles[Joint.lKneePitch]!);
      stiffness.push(joints.stiffnessData.stiffnesses[Joint.lKneePitch]!);
    }
    expect(info.executedMotion).toBe(MotionType.stand);
    // From the measured 0 to the walk's 0.3 in small steps; stiffness from 0 to 80 likewise.
    expect(knees[0]).toBeLessThan(0.02);
    for (let i = 1; i < knees.length; i++) {
      expect(Math.abs(knees[i]! - knees[i - 1]!)).toBeLessThan(0.04);
      expect(Math.abs(stiffness[i]! - stiffness[i - 1]!)).toBeLessThan(12);
    }
    expect(knees.at(-1)).toBe(0.3);
    expect(stiffness.at(-1)).toBe(80);
  });

  it('a long kick waits until the walk stands, then commands the KickEngine until its kick is done', () => {
    const { request, walk, kick, joints, info, frame, params } = setup();
    walk.executedMotion = MotionType.walkAtRelativeSpeed;
    walk.isLeavingPossible = false;
    frame();
    request.motion = MotionType.kick;
    request.kickKind = KickKind.long;
    for (let i = 0; i < 10; i++) frame();
    // Still walking: the walk finishes its step first.
    expect(info.executedMotion).toBe(MotionType.walkAtRelativeSpeed);
    expect(joints.angles[Joint.lKneePitch]).toBe(0.3);
    walk.executedMotion = MotionType.stand;
    walk.isLeavingPossible = true;
    frame();
    expect(info.executedMotion).toBe(MotionType.kick);
    for (let i = 0; i < Math.ceil((params.interpolationTime * 1000) / CYCLE_MS) + 1; i++) frame();
    expect(joints.angles[Joint.lKneePitch]).toBe(0.6);
    expect(joints.angles[Joint.headYaw]).toBe(0.5);
    // The kick plays: another request waits for its end.
    kick.isActive = true;
    kick.isLeavingPossible = false;
    kick.kickStrength = 0.8;
    request.motion = MotionType.walkAtRelativeSpeed;
    frame();
    expect(info.executedMotion).toBe(MotionType.kick);
    expect(info.isKicking).toBe(true);
    expect(info.kickKind).toBe(KickKind.long);
    expect(info.kickStrength).toBe(0.8);
    kick.isActive = false;
    kick.isLeavingPossible = true;
    frame();
    expect(info.executedMotion).toBe(MotionType.stand);
    expect(info.isKicking).toBe(false);
  });

  it('a fall during a long kick hands the robot back to the walk, which protects it', () => {
    const { request, walk, kick, info, frame } = setup();
    request.motion = MotionType.kick;
    request.kickKind = KickKind.long;
    frame();
    expect(info.executedMotion).toBe(MotionType.kick);
    kick.isActive = true;
    kick.isLeavingPossible = false;
    walk.isFalling = true;
    frame();
    expect(info.executedMotion).toBe(MotionType.stand);
  });

  it('an in-walk kick stays with the walk', () => {
    const { request, walk, info, frame } = setup();
    request.motion = MotionType.kick;
    request.kickKind = KickKind.inWalk;
    walk.executedMotion = MotionType.walkAtRelativeSpeed;
    walk.isKicking = true;
    walk.kickStrength = 0.5;
    frame();
    expect(info.executedMotion).toBe(MotionType.walkAtRelativeSpeed);
    expect(info.isKicking).toBe(true);
    expect(info.kickKind).toBe(KickKind.inWalk);
    expect(info.kickStrength).toBe(0.5);
  });

  it('blends a joint measured far from its command from where it is (a robot put on its feet by a referee)', () => {
    const { the, request, walk, keyframes, measured, joints, frame, params } = setup();
    the.JointSensorData = measured;
    // Getting up: the keyframe engine commands 0.1 rad everywhere; the referee straightened the knees (1.0 rad off)
    // while the hips are still where they were commanded.
    walk.isFallen = walk.isFalling = true;
    frame();
    measured.angles = measured.angles.map(() => 0.1);
    measured.angles[Joint.lKneePitch] = 0.1 + params.movedAngle + 0.8;
    walk.isFallen = walk.isFalling = false;
    keyframes.isLeavingPossible = true;
    keyframes.isDone = true;
    request.motion = MotionType.stand;
    walk.executedMotion = MotionType.stand;
    frame();
    // The first frame of the blend to the walk's 0.3: the knee starts from where it is, the hip from its command.
    expect(joints.angles[Joint.lKneePitch]).toBeGreaterThan(0.1 + params.movedAngle + 0.7);
    expect(joints.angles[Joint.lHipPitch]).toBeLessThan(0.11);
  });

  it('gets a fallen robot up by itself, unless it is penalized or plays dead, and stays in the get-up until it is done', () => {
    const { the, request, walk, keyframes, info, frame } = setup();
    walk.isFallen = walk.isFalling = true;
    keyframes.isLeavingPossible = false;
    the.GameState = { isPenalized: true };
    frame();
    expect(info.executedMotion).toBe(MotionType.stand); // penalized: it waits (the walk protects the fall)
    expect(info.isFallen).toBe(true);
    request.motion = MotionType.getUp; // asked to, it gets up even then
    frame();
    expect(info.executedMotion).toBe(MotionType.getUp);
    request.motion = MotionType.stand;
    the.GameState = { isPenalized: false };
    frame();
    expect(info.executedMotion).toBe(MotionType.getUp);
    // Up again, the get-up still runs until the keyframe engine may be left, and the walk does not take over
    // while it still protects the fall.
    walk.isFallen = false;
    frame();
    expect(info.executedMotion).toBe(MotionType.getUp);
    keyframes.isLeavingPossible = true;
    frame();
    expect(info.executedMotion).toBe(MotionType.getUp);
    walk.isFalling = false;
    frame();
    expect(info.executedMotion).toBe(MotionType.stand);
    // playDead wins over getting up.
    walk.isFallen = true;
    request.motion = MotionType.playDead;
    frame();
    expect(info.executedMotion).toBe(MotionType.playDead);
  });

  it('plays special actions and stands up from sitting before it walks', () => {
    const { request, walk, keyframes, joints, info, frame } = setup();
    request.motion = MotionType.special;
    request.specialAction = SpecialActionID.sitDown;
    frame();
    expect([info.executedMotion, info.specialAction]).toEqual([MotionType.special, SpecialActionID.sitDown]);
    expect(joints.angles[Joint.headYaw]).not.toBe(0.5); // the keyframe motion keeps the head
    // Sitting (done, but not to be left to the walk): a walk request plays stand first.
    keyframes.isDone = true;
    keyframes.isLeavingPossible = false;
    request.motion = MotionType.walkAtRelativeSpeed;
    walk.executedMotion = MotionType.walkAtRelativeSpeed;
    frame();
    expect([info.executedMotion, info.specialAction]).toEqual([MotionType.special, SpecialActionID.stand]);
    keyframes.isLeavingPossible = true;
    frame();
    expect(info.executedMotion).toBe(MotionType.walkAtRelativeSpeed);
    expect(info.getUpCount).toBe(keyframes.getUpCount);
  });

  it('hands a falling robot to the walk whatever it was doing, and gets it up once it lies', () => {
    const { request, walk, keyframes, info, frame } = setup();
    request.motion = MotionType.special;
    request.specialAction = SpecialActionID.standHigh;
    keyframes.isLeavingPossible = false;
    frame();
    expect(info.executedMotion).toBe(MotionType.special);
    walk.isFalling = true; // tipping over in the middle of the motion: the walk's protective pose
    frame();
    expect(info.executedMotion).toBe(MotionType.stand);
    walk.isFallen = true;
    frame();
    expect(info.executedMotion).toBe(MotionType.getUp);
    walk.isFallen = false; // the get-up passes through tilts below fallenTilt: it stays the get-up
    frame();
    expect(info.executedMotion).toBe(MotionType.getUp);
  });
});
