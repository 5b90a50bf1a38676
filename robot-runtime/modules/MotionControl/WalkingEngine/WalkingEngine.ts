/**
 * @file The walk of the Motion thread (docs/motion.md): an open-loop gait planned in steps, the feet moved in
 * Cartesian space relative to the hips and turned into joint angles by the leg's inverse kinematics, balanced by
 * gyroscope feedback at the support ankle, with support changes decided by the foot pressure sensors. Odometry is
 * what the executed steps moved the body, turned by what the gyroscope measured. An in-walk kick makes one step a
 * kicking step (inWalkKick.ts). Its joints go to the MotionCombinator (WalkingEngineOutput), which commands them
 * while the walk is the active motion.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { Pose2f, defineParameters, field, t } from '@robot-runtime/core/streamable';
import { NAO_LEG, legAngles } from '@robot-runtime/math/legKinematics';
import { approach, clamp, smoothRamp } from '@robot-runtime/math/scalar';
import type { Pose2 } from '@robot-runtime/math/types';
import { deg, lowPass, norm, normalizeAngle, poseCompose } from '@robot-runtime/math/vec2';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { Joint, LEFT_LEG_JOINTS, RIGHT_LEG_JOINTS } from '@robot-runtime/representations/Infrastructure/Joints';
import {
  KickKind,
  KickType,
  MotionRequest,
  MotionType,
} from '@robot-runtime/representations/MotionControl/MotionRequest';
import { OdometryData } from '@robot-runtime/representations/MotionControl/OdometryData';
import { WalkingEngineOutput } from '@robot-runtime/representations/MotionControl/WalkingEngineOutput';
import { FsrSensorData } from '@robot-runtime/representations/Sensing/FsrSensorData';
import { InertialData } from '@robot-runtime/representations/Sensing/InertialData';
import { GyroHeading } from './gyroHeading';
import { InWalkKickParameters, kickSwingFoot, type InWalkKickState } from './inWalkKick';

const Parameters = defineParameters('WalkingEngine', {
  maxSpeed: field(Pose2f, 'Fastest walk per axis: rotation (rad/s), forward and sideways translation (mm/s).', () => ({
    rotation: deg(60),
    translation: { x: 260, y: 150 },
  })),
  maxSpeedBackward: field(t.float, 'Fastest walk backwards (mm/s).', 150),
  maxAcceleration: field(Pose2f, 'Fastest change of the walk speed per axis (rad/s^2, mm/s^2).', () => ({
    rotation: deg(180),
    translation: { x: 400, y: 400 },
  })),
  walkToPoseMinTime: field(
    t.float,
    'walkToPose plans to reach its target in no less than this (s), so the robot slows down on arrival.',
    0.5,
  ),
  stepScale: field(
    Pose2f,
    'Calibration of the steps to the body: each planned foot displacement (turn, forward, sideways) is multiplied by this before the inverse kinematics, so the body moves as planned (feet slip, the hip yaw-pitch joint turns less than planned); odometry stays the planned steps.',
    () => ({ rotation: 1.4, translation: { x: 1, y: 0.8 } }),
  ),
  stepDuration: field(t.float, 'Planned duration of one step (s); a gait cycle is two steps.', 0.25),
  maxStepExtension: field(
    t.float,
    'A step whose swing foot has not taken the weight yet ends at the latest after this many step durations.',
    1.4,
  ),
  earlySwitchFraction: field(
    t.float,
    'A swing foot that carries more weight than the support foot after this fraction of the step ends the step early.',
    0.9,
  ),
  footLift: field(t.float, 'Height the swing foot is lifted to in the middle of its step (mm).', 20),
  standLegBend: field(
    t.angle,
    'Crouch of the stand pose: hip and ankle pitch -bend, knee 2 * bend (rad); sets the hip height.',
    deg(25),
  ),
  footOffsetX: field(
    t.float,
    'Where the ankles stand relative to the hips, forward (mm); moves the weight over the feet.',
    0,
  ),
  swayAmplitude: field(t.float, 'Sideways shift of the hips over the support foot in the middle of a step (mm).', 0),
  gyroPitchGain: field(
    t.float,
    'Ankle pitch added per rad/s of filtered torso pitch rate (rad per rad/s), against falling forward or back.',
    0.05,
  ),
  gyroRollGain: field(
    t.float,
    'Support ankle roll added per rad/s of filtered torso roll rate (rad per rad/s), against falling sideways.',
    0.05,
  ),
  rockingTilt: field(
    t.angle,
    'A torso rolled sideways further than this (rad) is rocking: for rockingHold the support ankle damps the roll with ' +
      'rockingRollGain instead of gyroRollGain (steady walking forward rolls within about 5°).',
    deg(5),
  ),
  rockingRollGain: field(
    t.float,
    'Support ankle roll added per rad/s of filtered torso roll rate while the torso rocks sideways (rad per rad/s).',
    0.1,
  ),
  rockingHold: field(t.float, 'How long after the last roll beyond rockingTilt the stronger damping stays (s).', 2),
  captureTime: field(
    t.float,
    'Capture-point stepping: a step goes further by the torso speed (centre-of-mass height × filtered gyro) times this (s); 1/ω of the inverted pendulum.',
    0.16,
  ),
  comHeight: field(
    t.float,
    'Height of the centre of mass above the ankles (mm), turning torso rotation rates into speeds.',
    260,
  ),
  pushGyroThreshold: field(
    t.float,
    'A filtered torso rotation rate beyond this (rad/s) counts as a push: the next step is moved to catch it.',
    0.8,
  ),
  keepSteppingGyro: field(
    t.float,
    'The walk does not stop while the filtered torso rotation rate is above this (rad/s): it steps on the spot.',
    0.4,
  ),
  keepSteppingTilt: field(
    t.angle,
    'The walk does not stop while the torso is tilted further than this (rad, roll or pitch): it steps on the spot.',
    deg(6),
  ),
  maxStepAdjustment: field(t.float, 'Largest change of a step sideways by capture-point stepping (mm).', 30),
  unstableTilt: field(
    t.angle,
    'A torso tilted further than this (rad, roll or pitch) while walking is rocking: the walk slows down at once (steady walking stays within about 5°).',
    deg(8),
  ),
  unstableSpeedFactor: field(
    t.float,
    'While the torso is tilted beyond unstableTilt the walk goes at most this fraction of the requested speed; it speeds up again with the usual acceleration.',
    0.3,
  ),
  firstStepGyro: field(
    t.float,
    'A torso rolling faster than this (rad/s, filtered) when the walk starts decides its first step: the foot it rolls ' +
      'onto stands and the other swings (below it, the foot that carries less weight swings).',
    0.05,
  ),
  gyroFilter: field(t.float, 'Weight of the newest gyroscope reading in its low-pass filter (0..1).', 0.3),
  headPitch: field(
    t.angle,
    'Head pitch while walking and standing; the head control (HeadAngles) replaces it when there is one (rad).',
    deg(15),
  ),
  inWalkKick: field(InWalkKickParameters, 'The in-walk kick: a kicking step within the gait (inWalkKick.ts).'),
  stiffness: field(t.int32, 'Stiffness of all joints while active (percent).', 80),
  odometryNoise: field(
    t.float,
    'Standard deviation of the odometry error as a fraction of each step (real walks slip).',
    0.05,
  ),
  gyroOdometry: field(
    t.bool,
    "Whether the odometry's turn is what the gyroscope measured, turns by pushes, slipping feet, falls and get-ups " +
      'included, instead of what the steps planned (without inertial data it is always the latter).',
    true,
  ),
  fallenTilt: field(t.angle, 'A torso roll or pitch beyond this (rad) means the robot lies on the ground.', deg(50)),
  fallingTilt: field(
    t.angle,
    'A torso tilt beyond this (rad) that still grows means the robot falls: it protects itself.',
    deg(30),
  ),
  fallingStiffness: field(
    t.int32,
    'Stiffness of all joints from the detected fall until the robot is upright again (percent).',
    10,
  ),
  uprightTilt: field(
    t.angle,
    'Below this torso tilt (rad) a fallen robot counts as upright again (placed or stood up).',
    deg(15),
  ),
});

/** Arm pose while walking: hanging down slightly away from the body (rad). */
const ARMS = { shoulderPitch: deg(90), shoulderRoll: deg(8), elbowYaw: deg(-90), elbowRoll: deg(-35) };
/** The left arm's angles (the right arm mirrors them). */
type ArmPose = typeof ARMS;

/** Sets the head's pitch and both arms, the right one mirrored. */
function setHeadAndArms(a: number[], headPitch: number, arm: ArmPose): void {
  a[Joint.headPitch] = headPitch;
  for (const left of [true, false]) {
    const side = left ? 1 : -1;
    a[left ? Joint.lShoulderPitch : Joint.rShoulderPitch] = arm.shoulderPitch;
    a[left ? Joint.lShoulderRoll : Joint.rShoulderRoll] = side * arm.shoulderRoll;
    a[left ? Joint.lElbowYaw : Joint.rElbowYaw] = side * arm.elbowYaw;
    a[left ? Joint.lElbowRoll : Joint.rElbowRoll] = side * arm.elbowRoll;
  }
}
/**
 * Protective poses while falling (left arm; the right one mirrored): forwards, the arms reach ahead to take the
 * impact and the head bends back; backwards, the arms point down behind and the chin goes to the chest.
 */
const FALL_FORWARD = {
  shoulderPitch: deg(10),
  shoulderRoll: deg(15),
  elbowYaw: deg(-90),
  elbowRoll: deg(-10),
  headPitch: deg(-35),
};
const FALL_BACKWARD = {
  shoulderPitch: deg(110),
  shoulderRoll: deg(10),
  elbowYaw: deg(-90),
  elbowRoll: deg(-10),
  headPitch: deg(29),
};
/** The part of a step (fractions: from, to) in which the torso must be calm for the walk to stop (see `calmStep`). */
const CALM_CHECK = [0.3, 0.7] as const;

/** A foot relative to its neutral place under its hip: forward, left (mm) and yaw (rad). */
interface Foot {
  x: number;
  y: number;
  yaw: number;
}
const zeroFoot = (): Foot => ({ x: 0, y: 0, yaw: 0 });

export const WalkingEngine = defineModule({
  name: 'WalkingEngine',
  category: 'MotionControl',
  requires: [FrameInfo, MotionRequest],
  uses: [InertialData, FsrSensorData],
  provides: [WalkingEngineOutput, OdometryData],
  parameters: Parameters,
  loadsParameters: true,
}).implement(({ the, params, random, keep }) => {
  const kept = keep({
    speed: { rotation: 0, translation: { x: 0, y: 0 } } as Pose2,
    odometry: { rotation: 0, translation: { x: 0, y: 0 } } as Pose2,
    /** An in-walk kick waiting for the step of its foot, and the kicking step under way. */
    pendingKick: undefined as InWalkKickState | undefined,
    kickStep: undefined as InWalkKickState | undefined,
    kickLift: 0,
    /** Steps in place still to come after a kicking step. */
    recoveryStepsLeft: 0,
    fallen: false,
    /** Set when a fall was detected (and which way), cleared when the robot is upright again. */
    falling: undefined as 'forward' | 'backward' | undefined,
    lastTime: undefined as number | undefined,
    dt: 0,
    frameTime: -1,
    gyro: { x: 0, y: 0 },
    /** Until when (FrameInfo time, ms) the support ankle damps the roll with rockingRollGain. */
    rockingUntil: 0,
    /** Whether this frame's odometry turn came from the gyroscope (gyroOdometry); the steps then add no turn. */
    turnFromGyro: false,
    /** The torso's orientation from the gyroscope, for the turn through falls and get-ups. */
    heading: new GyroHeading(),
    // The step being walked: which leg stands, how far into the step, where each foot started and goes to.
    walking: false,
    supportLeft: true,
    stepTime: 0,
    stepCount: 0,
    /**
     * Whether the torso stayed calm (keepSteppingGyro, keepSteppingTilt) through the middle of the step under way.
     * Only the middle counts: around the change of support the torso tips from one foot onto the other by itself,
     * at ~1 rad/s even when stepping on the spot, so a walk judged there would never stop.
     */
    calmStep: true,
    feet: { left: zeroFoot(), right: zeroFoot() },
    start: { left: zeroFoot(), right: zeroFoot() },
    target: { left: zeroFoot(), right: zeroFoot() },
  });

  /** Duration of the step under way (s): a kicking step takes its own time. */
  const stepLength = (): number => (kept.kickStep ? params.inWalkKick.duration : params.stepDuration);

  /** A speed as a fraction of the top speed in its direction (1 on the ellipsoid spanned by the per-axis maxima). */
  function speedFraction(s: Pose2): number {
    const maxX = s.translation.x >= 0 ? params.maxSpeed.translation.x : params.maxSpeedBackward;
    return Math.hypot(
      s.translation.x / maxX,
      s.translation.y / params.maxSpeed.translation.y,
      s.rotation / params.maxSpeed.rotation,
    );
  }

  function scaled(s: Pose2, f: number): Pose2 {
    return { rotation: s.rotation * f, translation: { x: s.translation.x * f, y: s.translation.y * f } };
  }

  /** Scales a speed so that it lies inside the ellipsoid spanned by the per-axis maxima. */
  function limitSpeed(s: Pose2): Pose2 {
    const r = speedFraction(s);
    return r > 1 ? scaled(s, 1 / r) : s;
  }

  /** The speed the request asks for, before acceleration limits. */
  function targetSpeed(): Pose2 {
    const r = the.MotionRequest;
    const fraction = r.walkSpeed;
    if (r.motion === MotionType.walkAtRelativeSpeed) {
      const x = clamp(fraction.translation.x, -1, 1);
      return limitSpeed({
        rotation: clamp(fraction.rotation, -1, 1) * params.maxSpeed.rotation,
        translation: {
          x: x * (x >= 0 ? params.maxSpeed.translation.x : params.maxSpeedBackward),
          y: clamp(fraction.translation.y, -1, 1) * params.maxSpeed.translation.y,
        },
      });
    }
    if (r.motion === MotionType.walkToPose || (r.motion === MotionType.kick && r.kickKind === KickKind.inWalk)) {
      // Plan all axes to arrive together: the slowest axis sets the time, the others walk proportionally slower.
      const goal = r.walkTarget;
      const rotation = normalizeAngle(goal.rotation);
      const maxX =
        (goal.translation.x >= 0 ? params.maxSpeed.translation.x : params.maxSpeedBackward) *
        Math.min(1, Math.abs(fraction.translation.x));
      const maxY = params.maxSpeed.translation.y * Math.min(1, Math.abs(fraction.translation.y));
      const maxR = params.maxSpeed.rotation * Math.min(1, Math.abs(fraction.rotation));
      const time = Math.max(
        params.walkToPoseMinTime,
        Math.abs(goal.translation.x) / Math.max(maxX, 1e-3),
        Math.abs(goal.translation.y) / Math.max(maxY, 1e-3),
        Math.abs(rotation) / Math.max(maxR, 1e-6),
      );
      return limitSpeed({
        rotation: rotation / time,
        translation: { x: goal.translation.x / time, y: goal.translation.y / time },
      });
    }
    return { rotation: 0, translation: { x: 0, y: 0 } };
  }

  /**
   * Plans the next step from the current speed: the support foot will move back under the body by the step's
   * displacement, the swing foot goes ahead. Sideways and turning steps open the feet with the leading leg and
   * close them with the other, so the feet never cross. `capture` off (the robot is to stop) leaves out
   * capture-point stepping, which would keep a robot that rocks after walking stepping in place.
   */
  function beginStep(capture = true): void {
    kept.supportLeft = !kept.supportLeft;
    kept.calmStep = true;
    // Leaning back after a kick, the torso is caught by a step back; the steps in place go on while it leans.
    const lean = the.InertialData?.angle.y ?? 0;
    const leaningBack = lean < -params.inWalkKick.catchTilt;
    if (kept.kickStep) kept.recoveryStepsLeft = params.inWalkKick.recoverySteps;
    else if (kept.recoveryStepsLeft > 1 || (kept.recoveryStepsLeft === 1 && !leaningBack)) kept.recoveryStepsLeft--;
    const steady =
      Math.abs(kept.speed.translation.y) <= params.inWalkKick.maxSideSpeed &&
      Math.abs(kept.speed.rotation) <= params.inWalkKick.maxTurnSpeed &&
      kept.speed.translation.x >= 0 &&
      the.MotionRequest.walkTarget.translation.x >= -params.inWalkKick.maxTargetBehind &&
      the.MotionRequest.ballEstimate.position.x <= params.inWalkKick.maxBallAhead &&
      the.MotionRequest.ballEstimate.velocity.x <= params.inWalkKick.maxBallSpeed;
    kept.kickStep =
      kept.pendingKick?.left === !kept.supportLeft && kept.recoveryStepsLeft === 0 && steady
        ? kept.pendingKick
        : undefined;
    if (kept.kickStep) kept.pendingKick = undefined;
    if (kept.recoveryStepsLeft > 0) kept.speed = { rotation: 0, translation: { x: 0, y: 0 } };
    kept.stepTime = 0;
    kept.stepCount++;
    const step = {
      x: kept.speed.translation.x * params.stepDuration,
      y: kept.speed.translation.y * params.stepDuration,
      yaw: kept.speed.rotation * params.stepDuration,
    };
    // Capture-point stepping sideways: a torso tipping beyond the push threshold moves the step the way it tips.
    // (Forwards and backwards the ankles' gyroscope feedback and the step timing do it; stepping there did not help.)
    const beyond = (v: number): number => Math.sign(v) * Math.max(0, Math.abs(v) - params.pushGyroThreshold);
    step.y += clamp(
      capture ? params.captureTime * params.comHeight * beyond(kept.gyro.x) : 0,
      -params.maxStepAdjustment,
      params.maxStepAdjustment,
    );
    if (kept.recoveryStepsLeft > 0 && leaningBack)
      step.x += clamp(params.comHeight * (lean + params.inWalkKick.catchTilt), -params.inWalkKick.maxCatchStep, 0);
    kept.start = { left: { ...kept.feet.left }, right: { ...kept.feet.right } };
    const swingLeft = !kept.supportLeft;
    const swing: Foot = {
      x: step.x / 2,
      y: swingLeft ? Math.max(0, step.y) : Math.min(0, step.y),
      yaw: swingLeft ? Math.max(0, step.yaw) : Math.min(0, step.yaw),
    };
    const support: Foot = {
      x: -step.x / 2,
      y: kept.supportLeft ? Math.max(0, -step.y) : Math.min(0, -step.y),
      yaw: kept.supportLeft ? Math.max(0, -step.yaw) : Math.min(0, -step.yaw),
    };
    kept.target = swingLeft ? { left: swing, right: support } : { left: support, right: swing };
  }

  /**
   * Whether the swing foot carries more weight than the support foot: true or false when the feet measure
   * something, undefined without foot sensors (then steps follow the clock).
   */
  function swingFootLoaded(): boolean | undefined {
    const totals = the.FsrSensorData?.totals;
    if (!totals || totals[0]! + totals[1]! < 0.5) return undefined;
    return kept.supportLeft ? totals[1]! > totals[0]! : totals[0]! > totals[1]!;
  }

  /** Advances the gait by one frame and moves the odometry by what the support foot did under the body. */
  function walk(wantsToMove: boolean): void {
    const atRest = (f: Foot): boolean => Math.abs(f.x) < 0.5 && Math.abs(f.y) < 0.5 && Math.abs(f.yaw) < 0.005;
    if (!kept.walking) {
      if (!wantsToMove) return;
      kept.walking = true;
      // The first step swings the foot that carries less weight (a pushed robot cannot lift the leg it leans on) or,
      // while the torso still rocks sideways, the foot it rolls away from: lifting the foot it rolls onto tipped it
      // further, and in games robots that started to walk while rocking leaned 10° that way and fell.
      // (`supportLeft` is the support of the step before: beginStep changes it.)
      const totals = the.FsrSensorData?.totals;
      if (Math.abs(kept.gyro.x) > params.firstStepGyro) kept.supportLeft = kept.gyro.x > 0;
      else if (totals && totals[0]! + totals[1]! > 0.5) kept.supportLeft = !(totals[0]! >= totals[1]!);
      beginStep();
    }
    kept.stepTime += kept.dt;
    const q = kept.stepTime / stepLength();
    const angle = the.InertialData?.angle;
    if (q >= CALM_CHECK[0] && q <= CALM_CHECK[1])
      kept.calmStep &&=
        Math.hypot(kept.gyro.x, kept.gyro.y) < params.keepSteppingGyro &&
        (!angle || Math.max(Math.abs(angle.x), Math.abs(angle.y)) < params.keepSteppingTilt);
    const before = kept.supportLeft ? { ...kept.feet.left } : { ...kept.feet.right };
    for (const side of ['left', 'right'] as const) {
      const isSupport = (side === 'left') === kept.supportLeft;
      const s = isSupport ? clamp(q, 0, 1) : smoothRamp(q);
      kept.feet[side] = {
        x: kept.start[side].x + (kept.target[side].x - kept.start[side].x) * s,
        y: kept.start[side].y + (kept.target[side].y - kept.start[side].y) * s,
        yaw: kept.start[side].yaw + (kept.target[side].yaw - kept.start[side].yaw) * s,
      };
    }
    if (kept.kickStep) {
      const side = kept.kickStep.left ? 'left' : 'right';
      const hipHeight = NAO_LEG * Math.cos(params.standLegBend);
      const foot = kickSwingFoot(
        params.inWalkKick,
        kept.kickStep.strength,
        q,
        kept.start[side].x,
        kept.target[side].x,
        hipHeight,
      );
      kept.feet[side].x = foot.x;
      kept.feet[side].yaw = kept.start[side].yaw + (kept.kickStep.left ? -foot.yaw : foot.yaw);
      kept.kickLift = foot.lift;
    }
    const after = kept.supportLeft ? kept.feet.left : kept.feet.right;
    // The support foot stands on the ground: the body moved by the opposite of how the foot moved under it.
    const slip = (v: number): number =>
      v * (1 + (params.odometryNoise > 0 && v !== 0 ? random.gaussian(params.odometryNoise) : 0));
    kept.odometry = poseCompose(kept.odometry, {
      rotation: kept.turnFromGyro ? 0 : slip(-(after.yaw - before.yaw)),
      translation: { x: slip(-(after.x - before.x)), y: slip(-(after.y - before.y)) },
    });

    const loaded = swingFootLoaded();
    // The step ends when its time is up and the swing foot has landed, earlier if it landed early, later (up to a
    // limit) if it has not landed yet: so the gait follows the body.
    const landed = loaded !== false;
    if ((q >= 1 && landed) || q >= params.maxStepExtension || (loaded === true && q >= params.earlySwitchFraction)) {
      // A torso still swaying is caught by the next steps (and their capture-point adjustment), not by standing.
      if (!wantsToMove && kept.calmStep && atRest(kept.feet.left) && atRest(kept.feet.right)) {
        kept.walking = false;
        kept.stepTime = 0;
        kept.kickStep = undefined;
        return;
      }
      beginStep(wantsToMove);
    }
  }

  /**
   * Detects a fall from the inertial data: the torso tilted beyond fallingTilt and still tipping (the gyroscope
   * turns it further), or lying. Which way decides the protective pose.
   */
  function detectFall(): void {
    const inertial = the.InertialData;
    if (!inertial) return;
    const { x: roll, y: pitch } = inertial.angle;
    // The tilt from the vertical, whatever the Euler angles' branch (lying, roll and pitch may flip by 180°).
    const tilt = Math.acos(clamp(Math.cos(roll) * Math.cos(pitch), -1, 1));
    kept.fallen = tilt > params.fallenTilt;
    if (tilt < params.uprightTilt) kept.falling = undefined;
    const forwardness = Math.sin(pitch) * Math.sign(Math.cos(roll) || 1);
    const tipping = forwardness * inertial.gyro.y > 0 || Math.sin(roll) * inertial.gyro.x > 0;
    if (!kept.falling && (kept.fallen || (tilt > params.fallingTilt && tipping)))
      kept.falling = forwardness >= 0 ? 'forward' : 'backward';
  }

  /** Runs once per frame, whichever provided representation is updated first. */
  function step(): void {
    const now = the.FrameInfo.time;
    if (now === kept.frameTime) return;
    kept.frameTime = now;
    kept.dt = kept.lastTime === undefined ? 0 : clamp((now - kept.lastTime) / 1000, 0, 0.1);
    kept.lastTime = now;

    const inertial = the.InertialData;
    if (inertial) kept.gyro = lowPass(kept.gyro, inertial.gyro, params.gyroFilter);
    // What turned the robot while it stood, pushed by another, the steps cannot know (traced: a goalkeeper in a scrum
    // was turned 165° one way in 15 s while its estimate turned 110° the other way, and lost its heading). Through a
    // fall and a get-up too (gyroHeading.ts): a robot that fell and got up stood turned by 44° in the median.
    kept.turnFromGyro = params.gyroOdometry && inertial !== undefined;
    if (kept.turnFromGyro) {
      const upright = Math.max(Math.abs(inertial!.angle.x), Math.abs(inertial!.angle.y)) < params.fallenTilt;
      const turn = kept.heading.update(inertial!.angle.x, inertial!.angle.y, inertial!.gyro, kept.dt, upright);
      kept.odometry = poseCompose(kept.odometry, { rotation: turn, translation: { x: 0, y: 0 } });
    }
    // A sideways rocking that grows feeds on too little damping at the ankle; the stronger gain only while it rocks,
    // because throughout it slowed turning and walking forward on Pitchside's model (docs/motion.md, "A different
    // NAO").
    if (inertial && Math.abs(inertial.angle.x) > params.rockingTilt)
      kept.rockingUntil = now + params.rockingHold * 1000;
    const request = the.MotionRequest;
    detectFall();
    // A falling or fallen robot's legs do not walk: it stops and forgets its kick.
    if (kept.falling || kept.fallen) {
      kept.speed = { rotation: 0, translation: { x: 0, y: 0 } };
      kept.pendingKick = kept.kickStep = undefined;
      kept.walking = false;
      kept.stepTime = 0;
      kept.feet.left = zeroFoot();
      kept.feet.right = zeroFoot();
      return;
    }
    const inWalkKick = request.motion === MotionType.kick && request.kickKind === KickKind.inWalk;
    if (!inWalkKick) kept.pendingKick = undefined;
    else if (!kept.pendingKick && !kept.kickStep)
      kept.pendingKick = {
        left: request.kickType === KickType.forwardLeft,
        strength: clamp(request.kickStrength, 0, 1),
      };

    let wanted = targetSpeed();
    const angle = the.InertialData?.angle;
    if (angle && Math.max(Math.abs(angle.x), Math.abs(angle.y)) > params.unstableTilt) {
      // A rocking torso: slower steps at once, not after the deceleration limit (falls built up over 1–2 s of
      // fast diagonal walking, the roll growing from 10° to 30°).
      wanted = scaled(wanted, clamp(params.unstableSpeedFactor, 0, 1));
      const now = speedFraction(kept.speed);
      const allowed = speedFraction(wanted);
      if (now > allowed) kept.speed = scaled(kept.speed, allowed / now);
    }
    kept.speed = {
      rotation: approach(kept.speed.rotation, wanted.rotation, params.maxAcceleration.rotation * kept.dt),
      translation: {
        x: approach(kept.speed.translation.x, wanted.translation.x, params.maxAcceleration.translation.x * kept.dt),
        y: approach(kept.speed.translation.y, wanted.translation.y, params.maxAcceleration.translation.y * kept.dt),
      },
    };
    const isMoving = (s: Pose2): boolean => norm(s.translation) > 1 || Math.abs(s.rotation) > 0.01;
    walk(isMoving(kept.speed) || isMoving(wanted) || kept.pendingKick !== undefined);
  }

  /** Leg angles (hipYawPitch, hipRoll, hipPitch, knee, anklePitch, ankleRoll) of one leg. */
  function legJoints(left: boolean): number[] {
    const hipHeight = NAO_LEG * Math.cos(params.standLegBend);
    const foot = left ? kept.feet.left : kept.feet.right;
    const isSupport = kept.walking && left === kept.supportLeft;
    const q = clamp(kept.stepTime / stepLength(), 0, 1);
    const swingLift = kept.kickStep ? kept.kickLift : params.footLift * Math.sin(Math.PI * q);
    const lift = kept.walking && !isSupport ? swingLift : 0;
    // Move the hips over the support foot: both feet shift the other way relative to the body.
    const swayAmplitude = kept.kickStep ? params.inWalkKick.sway : params.swayAmplitude;
    const sway = kept.walking ? (kept.supportLeft ? -1 : 1) * swayAmplitude * Math.sin(Math.PI * q) : 0;
    const a = legAngles(
      foot.x * params.stepScale.translation.x + params.footOffsetX,
      foot.y * params.stepScale.translation.y + sway,
      hipHeight - lift,
    );
    // Gyroscope feedback: the ankles push the centre of pressure against the torso's rotation.
    const pitchCorrection = params.gyroPitchGain * kept.gyro.y;
    const rollGain = the.FrameInfo.time < kept.rockingUntil ? params.rockingRollGain : params.gyroRollGain;
    const rollCorrection = isSupport || !kept.walking ? rollGain * kept.gyro.x : 0;
    return [0, a.hipRoll, a.hipPitch, a.knee, a.anklePitch + pitchCorrection, a.ankleRoll + rollCorrection];
  }

  /** Arms and head to take the impact, legs in the stand's crouch. */
  function protectivePose(a: number[], pose: typeof FALL_FORWARD): void {
    setHeadAndArms(a, pose.headPitch, pose);
    for (const left of [true, false]) {
      const leg = legAngles(params.footOffsetX, 0, NAO_LEG * Math.cos(params.standLegBend));
      a[left ? Joint.lHipPitch : Joint.rHipPitch] = leg.hipPitch;
      a[left ? Joint.lKneePitch : Joint.rKneePitch] = leg.knee;
      a[left ? Joint.lAnklePitch : Joint.rAnklePitch] = leg.anklePitch;
    }
  }

  /** What the walk is doing, for the MotionCombinator and MotionInfo. */
  function writeInfo(output: WalkingEngineOutput): void {
    output.isKicking = kept.kickStep !== undefined;
    output.executedMotion = kept.walking ? MotionType.walkAtRelativeSpeed : MotionType.stand;
    output.speed = { rotation: kept.speed.rotation, translation: { ...kept.speed.translation } };
    output.gaitPhase = kept.walking ? ((kept.stepCount % 2) + clamp(kept.stepTime / stepLength(), 0, 0.999)) / 2 : 0;
    output.kickStrength = kept.kickStep?.strength ?? 0;
    output.isFalling = kept.falling !== undefined;
    output.isFallen = kept.fallen;
    // The walk can hand over when its feet stand together, and always while it protects a fall.
    output.isLeavingPossible = kept.falling !== undefined || !kept.walking;
  }

  return {
    update: {
      WalkingEngineOutput(output) {
        step();
        writeInfo(output);
        const a = output.angles.map(() => 0);
        output.headFree = !kept.falling;
        if (kept.falling) {
          protectivePose(a, kept.falling === 'forward' ? FALL_FORWARD : FALL_BACKWARD);
          output.angles = a;
          output.stiffnesses = output.stiffnesses.map(() => params.fallingStiffness);
          return;
        }
        // The head control's angles replace these in the MotionCombinator while the head is free.
        setHeadAndArms(a, params.headPitch, ARMS);
        for (const left of [true, false]) {
          const leg = legJoints(left);
          (left ? LEFT_LEG_JOINTS : RIGHT_LEG_JOINTS).forEach((j, i) => (a[j] = leg[i]!));
        }
        // The NAO's two hip yaw-pitch joints are one motor; a negative angle turns both toes outwards. Its axis is
        // tilted by 45°, so a foot yaws by only 1/√2 of the joint's angle.
        a[Joint.lHipYawPitch] =
          (params.stepScale.rotation * Math.SQRT2 * (kept.feet.right.yaw - kept.feet.left.yaw)) / 2;
        a[Joint.rHipYawPitch] = a[Joint.lHipYawPitch]!;
        // The tilted axis also pitches the legs by 1/√2 of the angle; the hips take that back.
        a[Joint.lHipPitch] -= a[Joint.lHipYawPitch]! * Math.SQRT1_2;
        a[Joint.rHipPitch] -= a[Joint.lHipYawPitch]! * Math.SQRT1_2;
        output.angles = a;
        output.stiffnesses = output.stiffnesses.map(() => params.stiffness);
      },
      OdometryData(data) {
        step();
        data.rotation = kept.odometry.rotation;
        data.translation = { ...kept.odometry.translation };
      },
    },
  };
});
