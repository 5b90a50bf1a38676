import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { deg, norm, normalizeAngle } from '@robot-runtime/math/vec2';
import { Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { JointRequest } from '@robot-runtime/representations/Infrastructure/JointRequest';
import {
  KickKind,
  KickType,
  MotionRequest,
  MotionType,
} from '@robot-runtime/representations/MotionControl/MotionRequest';
import { OdometryData } from '@robot-runtime/representations/MotionControl/OdometryData';
import { WalkingEngineOutput } from '@robot-runtime/representations/MotionControl/WalkingEngineOutput';
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

/** Runs up to `frames` frames, stopping at the first with a kicking step under way; whether there was one. */
function kicksWithin(frames: number, { info, frame }: Pick<ReturnType<typeof setup>, 'info' | 'frame'>): boolean {
  for (let i = 0; i < frames; i++) {
    frame();
    if (info.isKicking) return true;
  }
  return false;
}

/** Asks for an in-walk kick with the left foot, walking on towards a target 1 m ahead, with the ball at `ball`. */
function requestKickAt(request: MotionRequest, ball: { x: number; y: number }, velocity = { x: 0, y: 0 }): void {
  request.motion = MotionType.kick;
  request.kickKind = KickKind.inWalk;
  request.kickType = KickType.forwardLeft;
  request.walkTarget = { rotation: 0, translation: { x: 1000, y: 0 } };
  request.ballEstimate.position = ball;
  request.ballEstimate.velocity = velocity;
}

/** Asks for an in-walk kick with the right foot, walking straight on; true once the kicking step is over. */
function kickWalkingStraight({ request, info, frame }: Pick<ReturnType<typeof setup>, 'request' | 'info' | 'frame'>) {
  request.motion = MotionType.kick;
  request.kickKind = KickKind.inWalk;
  request.kickType = KickType.forwardRight;
  request.walkTarget = { rotation: 0, translation: { x: 2000, y: 0 } };
  let kicked = false;
  for (let i = 0; i < 300 && !(kicked && !info.isKicking); i++) {
    frame();
    kicked ||= info.isKicking;
  }
  return kicked && !info.isKicking;
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

  it('does not stop on a swaying or tilted torso: it steps on the spot until the torso is calm', () => {
    const { request, info, frame, the } = setup();
    const inertial = { angle: { x: 0, y: 0, z: 0 }, gyro: { x: 0, y: 0, z: 0 }, acc: { x: 0, y: 0, z: 9.81 } };
    (the as Record<string, unknown>).InertialData = inertial;
    request.motion = MotionType.walkAtRelativeSpeed;
    request.walkSpeed = { rotation: 0, translation: { x: 0, y: 1 } };
    for (let i = 0; i < 30; i++) frame();
    // Asked to stand while the torso rolls 10° and swings: the walk goes on (on the spot) for as long as it does.
    request.motion = MotionType.stand;
    inertial.angle.x = deg(10);
    inertial.gyro.x = 0.6;
    for (let i = 0; i < 200; i++) frame();
    expect(info.executedMotion).toBe(MotionType.walkAtRelativeSpeed);
    expect(norm(info.speed.translation)).toBe(0);
    // Calm again, it finishes its steps and stands.
    inertial.angle.x = 0;
    inertial.gyro.x = 0;
    for (let i = 0; i < 100; i++) frame();
    expect(info.executedMotion).toBe(MotionType.stand);
  });

  it('slows down at once while the torso is tilted beyond unstableTilt, and speeds up again when it is upright', () => {
    const { request, info, frame, the, params } = setup();
    const inertial = { angle: { x: 0, y: 0, z: 0 }, gyro: { x: 0, y: 0, z: 0 }, acc: { x: 0, y: 0, z: 9.81 } };
    (the as Record<string, unknown>).InertialData = inertial;
    request.motion = MotionType.walkAtRelativeSpeed;
    request.walkSpeed = { rotation: 0, translation: { x: 0.7, y: 0.7 } }; // fast and diagonal, as before the falls
    for (let i = 0; i < 300; i++) frame();
    const full = { ...info.speed.translation };
    expect(norm(full)).toBeGreaterThan(100);
    inertial.angle.x = params.unstableTilt + deg(2); // rolling sideways
    frame();
    // One frame later (no deceleration ramp) at most the allowed fraction, in the same direction.
    expect(info.speed.translation.x).toBeCloseTo(full.x * params.unstableSpeedFactor, 0);
    expect(info.speed.translation.y).toBeCloseTo(full.y * params.unstableSpeedFactor, 0);
    inertial.angle.x = 0;
    for (let i = 0; i < 300; i++) frame();
    expect(info.speed.translation.x).toBeCloseTo(full.x, 0);
  });

  it('steps in place for recoverySteps steps after a kicking step, then walks on', () => {
    const { request, info, frame, odometry, params } = setup();
    expect(kickWalkingStraight({ request, info, frame })).toBe(true);
    request.motion = MotionType.walkToPose; // walking on after the ball, as the behaviour does
    const stepFrames = Math.round((params.stepDuration * 1000) / CYCLE_MS);
    const before = odometry.translation.x;
    for (let i = 0; i < params.inWalkKick.recoverySteps * stepFrames - 2; i++) frame();
    // Steps in place: the body moves only by the feet closing under it (the kicking foot landed ahead of its hip).
    expect(odometry.translation.x - before).toBeLessThan(params.inWalkKick.landing + 5);
    for (let i = 0; i < 6 * stepFrames; i++) frame();
    expect(odometry.translation.x - before).toBeGreaterThan(100);
  });

  it('starts a kicking step only while the walk goes nearly straight', () => {
    const { request, info, frame, params } = setup();
    // Walking towards a target far to the side: the walk goes sideways faster than a kick may start.
    request.motion = MotionType.walkToPose;
    request.walkTarget = { rotation: 0, translation: { x: 300, y: 1500 } };
    for (let i = 0; i < 100; i++) frame();
    request.motion = MotionType.kick;
    request.kickKind = KickKind.inWalk;
    request.kickType = KickType.forwardLeft;
    const kickedSideways = kicksWithin(150, { info, frame });
    expect(Math.abs(info.speed.translation.y)).toBeGreaterThan(params.inWalkKick.maxSideSpeed);
    expect(kickedSideways).toBe(false);
    // Straight ahead, the kick comes within a few steps.
    request.walkTarget = { rotation: 0, translation: { x: 2000, y: 0 } };
    expect(kicksWithin(200, { info, frame })).toBe(true);
    expect(Math.abs(info.speed.translation.y)).toBeLessThanOrEqual(params.inWalkKick.maxSideSpeed);
  });

  it('does not kick having walked past the ball: the kick waits while the walk target lies behind the robot', () => {
    const { request, info, frame, params } = setup();
    // Slow changes of speed, so that several steps begin while the walk slows down.
    params.maxAcceleration = { rotation: deg(180), translation: { x: 100, y: 100 } };
    request.motion = MotionType.walkToPose;
    request.walkTarget = { rotation: 0, translation: { x: 2000, y: 0 } };
    for (let i = 0; i < 200; i++) frame();
    expect(info.speed.translation.x).toBeGreaterThan(100);
    // The ball lies behind the robot: the kick's target is behind it, and it slows down and steps back without kicking.
    request.motion = MotionType.kick;
    request.kickKind = KickKind.inWalk;
    request.kickType = KickType.forwardRight;
    request.walkTarget = { rotation: 0, translation: { x: -2 * params.inWalkKick.maxTargetBehind, y: 0 } };
    const kickedGoingBack = kicksWithin(300, { info, frame });
    expect(info.speed.translation.x).toBeLessThan(0);
    expect(kickedGoingBack).toBe(false);
    // Back behind the ball, it kicks.
    request.walkTarget = { rotation: 0, translation: { x: 100, y: 0 } };
    expect(kicksWithin(300, { info, frame })).toBe(true);
  });

  it('does not swing at a ball beyond reach: the kick waits while the ball lies further ahead than maxBallAhead', () => {
    const { request, info, frame, params } = setup();
    // The ball rolled on: it lies out of the swing's reach while the robot walks for many steps of the kicking foot.
    requestKickAt(request, { x: params.inWalkKick.maxBallAhead + 50, y: 50 });
    const kickedTooFar = kicksWithin(300, { info, frame });
    expect(info.speed.translation.x).toBeGreaterThan(100);
    expect(kickedTooFar).toBe(false);
    // Within reach, the next step of the kicking foot kicks.
    requestKickAt(request, { x: params.inWalkKick.maxBallAhead - 30, y: 50 });
    expect(kicksWithin(100, { info, frame })).toBe(true);
  });

  it('does not swing at a ball rolling away: the kick waits while the ball rolls away faster than maxBallSpeed', () => {
    const { request, info, frame, params } = setup();
    // Within reach, but the robot's own foot has just pushed it away.
    const ball = { x: params.inWalkKick.maxBallAhead - 30, y: 50 };
    requestKickAt(request, ball, { x: params.inWalkKick.maxBallSpeed + 40, y: 0 });
    const kickedRolling = kicksWithin(300, { info, frame });
    expect(info.speed.translation.x).toBeGreaterThan(100);
    expect(kickedRolling).toBe(false);
    // Rolling towards the robot, or at rest, it is kicked.
    requestKickAt(request, ball, { x: -200, y: 0 });
    expect(kicksWithin(100, { info, frame })).toBe(true);
  });

  it('after a kick, steps back under a torso leaning back, and in place until it leans less', () => {
    const { request, info, frame, odometry, params, the } = setup();
    const inertial = { angle: { x: 0, y: 0, z: 0 }, gyro: { x: 0, y: 0, z: 0 }, acc: { x: 0, y: 0, z: 9.81 } };
    (the as Record<string, unknown>).InertialData = inertial;
    expect(kickWalkingStraight({ request, info, frame })).toBe(true);
    request.motion = MotionType.walkToPose;
    // The swing tipped the torso back by 20°: the steps after the kick go backwards, for as long as it leans.
    inertial.angle.y = -deg(20);
    const stepFrames = Math.round((params.stepDuration * 1000) / CYCLE_MS);
    const before = odometry.translation.x;
    for (let i = 0; i < 6 * stepFrames; i++) frame();
    expect(odometry.translation.x - before).toBeLessThan(-2 * params.inWalkKick.maxCatchStep);
    // Upright again, the walk goes on.
    inertial.angle.y = 0;
    const upright = odometry.translation.x;
    for (let i = 0; i < 8 * stepFrames; i++) frame();
    expect(odometry.translation.x - upright).toBeGreaterThan(100);
  });

  it('stops although the torso tips at each change of support: calm is judged in the middle of the step', () => {
    const { request, info, frame, the } = setup();
    const inertial = { angle: { x: 0, y: 0, z: 0 }, gyro: { x: 0, y: 0, z: 0 }, acc: { x: 0, y: 0, z: 9.81 } };
    (the as Record<string, unknown>).InertialData = inertial;
    request.motion = MotionType.walkAtRelativeSpeed;
    request.walkSpeed = { rotation: 0, translation: { x: 0.5, y: 0 } };
    for (let i = 0; i < 30; i++) frame();
    request.motion = MotionType.stand;
    // Stepping on the spot, the torso rolls fast only around the change of support (from one foot onto the other).
    for (let i = 0; i < 150; i++) {
      const q = (info.gaitPhase * 2) % 1;
      inertial.gyro.x = info.executedMotion === MotionType.stand ? 0 : q < 0.1 || q > 0.9 ? 1.2 : 0;
      frame();
    }
    expect(info.executedMotion).toBe(MotionType.stand);
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

  it('turns the odometry by what the gyroscope measures: a push turns a standing robot, a lying one is not counted', () => {
    const { request, odometry, frame, params, the } = setup();
    const inertial = { angle: { x: 0, y: 0, z: 0 }, gyro: { x: 0, y: 0, z: 0 }, acc: { x: 0, y: 0, z: 9.81 } };
    (the as Record<string, unknown>).InertialData = inertial;
    request.motion = MotionType.stand;
    for (let i = 0; i < 10; i++) frame();
    // Standing, pushed round by 90° in 1 s: the steps plan nothing, the gyroscope measures it all.
    inertial.gyro.z = Math.PI / 2;
    for (let i = 0; i < 1000 / CYCLE_MS; i++) frame();
    inertial.gyro.z = 0;
    expect(odometry.rotation).toBeCloseTo(Math.PI / 2, 1);
    // Walking a turn, the gyroscope's turn replaces the steps' (here it measures half of what they plan: slipping).
    request.motion = MotionType.walkAtRelativeSpeed;
    request.walkSpeed = { rotation: 1, translation: { x: 0, y: 0 } };
    const start = odometry.rotation;
    for (let i = 0; i < 150; i++) {
      inertial.gyro.z = 0.5 * params.maxSpeed.rotation;
      frame();
    }
    expect(normalizeAngle(odometry.rotation - start)).toBeCloseTo(
      0.5 * params.maxSpeed.rotation * 150 * (CYCLE_MS / 1000),
      1,
    );
    // Lying on its back the torso's z axis is horizontal: what its gyroscope measures about it is no turn while it
    // lies (the turn of a fall comes once it is upright again: gyroHeading.test.ts).
    request.motion = MotionType.stand;
    inertial.angle.y = -Math.PI / 2;
    const lying = odometry.rotation;
    for (let i = 0; i < 100; i++) frame();
    expect(odometry.rotation).toBe(lying);
    // Without the parameter the steps' plan is the turn, as without inertial data.
    params.gyroOdometry = false;
    inertial.angle.y = 0;
    const planned = odometry.rotation;
    for (let i = 0; i < 100; i++) frame();
    expect(odometry.rotation).toBe(planned);
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

  it('produces valid joint angles and stiffnesses, kicks in walking, and may be left only at rest', () => {
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
    // An in-walk kick: the walk goes on, and a step of the right foot (the left one supports) kicks.
    request.motion = MotionType.kick;
    request.kickKind = KickKind.inWalk;
    request.kickType = KickType.forwardRight;
    request.walkTarget = { rotation: 0, translation: { x: 300, y: 0 } };
    let kickingFrames = 0;
    let whip = 0;
    for (let i = 0; i < 200; i++) {
      frame();
      if (info.isKicking) {
        kickingFrames++;
        expect(info.executedMotion).toBe(MotionType.walkAtRelativeSpeed);
        expect(info.isLeavingPossible).toBe(false);
        whip = Math.max(whip, info.angles[Joint.rKneePitch]! - info.angles[Joint.lKneePitch]!);
      }
      check();
    }
    expect(kickingFrames).toBeGreaterThan(10);
    // The right knee bends far beyond the support knee's crouch before it whips the foot forward.
    expect(whip).toBeGreaterThan(0.8);
    // A long kick is the KickEngine's: the walk stops and may be left.
    request.kickKind = KickKind.long;
    for (let i = 0; i < 200; i++) frame();
    expect(info.isKicking).toBe(false);
    expect(info.executedMotion).toBe(MotionType.stand);
    expect(info.isLeavingPossible).toBe(true);
  });
});
