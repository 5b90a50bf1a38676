/**
 * @file A deliberately simple walk for the Motion thread: it turns the MotionRequest into a walk speed within
 * NAO-like speed and acceleration limits, integrates that speed into odometry, and animates the legs with a
 * periodic gait around a crouched stand pose (the simulator's physics, not this module, decides how far the
 * robot really gets). A kick is a short keyframe swing of one leg. Not balanced: a stand-in until a real walk.
 */
import { defineModule } from '../../../core/module/defineModule';
import { Pose2f, defineParameters, field, t } from '../../../core/streamable';
import type { Pose2 } from '../../../math/types';
import { deg, norm, normalizeAngle, poseCompose } from '../../../math/vec2';
import { FrameInfo } from '../../../representations/Infrastructure/FrameInfo';
import { JOINT_OFF, Joint } from '../../../representations/Infrastructure/Joints';
import { JointRequest } from '../../../representations/Infrastructure/JointRequest';
import { MotionInfo } from '../../../representations/MotionControl/MotionInfo';
import { KickType, MotionRequest, MotionType } from '../../../representations/MotionControl/MotionRequest';
import { OdometryData } from '../../../representations/MotionControl/OdometryData';
import { InertialData } from '../../../representations/Sensing/InertialData';

const Parameters = defineParameters('WalkingEngine', {
  maxSpeed: field(Pose2f, 'Fastest walk per axis: rotation (rad/s), forward and sideways translation (mm/s).', () => ({ rotation: deg(60), translation: { x: 250, y: 150 } })),
  maxSpeedBackward: field(t.float, 'Fastest walk backwards (mm/s).', 150),
  maxAcceleration: field(Pose2f, 'Fastest change of the walk speed per axis (rad/s^2, mm/s^2).', () => ({ rotation: deg(180), translation: { x: 400, y: 400 } })),
  walkToPoseMinTime: field(t.float, 'walkToPose plans to reach its target in no less than this (s), so the robot slows down on arrival.', 0.5),
  stepDuration: field(t.float, 'Duration of one step (s); a gait cycle is two steps.', 0.25),
  footLift: field(t.angle, 'Extra knee bend of the swinging leg at the middle of its step (rad).', deg(20)),
  standLegBend: field(t.angle, 'Crouch of the stand pose: hip and ankle pitch -bend, knee 2 * bend (rad).', deg(25)),
  headPitch: field(t.angle, 'Head pitch while walking and standing (rad, positive looks down).', deg(15)),
  legLength: field(t.float, 'Hip to ankle length used to turn stride lengths into hip angles (mm).', 200),
  kickDuration: field(t.float, 'Duration of a kick (s).', 0.8),
  stiffness: field(t.int32, 'Stiffness of all joints while active (percent).', 80),
  odometryNoise: field(t.float, 'Standard deviation of the odometry error as a fraction of each step (real walks slip).', 0.05),
  fallenTilt: field(t.angle, 'A torso roll or pitch beyond this (rad) means the robot lies on the ground.', deg(50)),
});

/** Arm pose while walking: hanging down slightly away from the body (rad). */
const ARMS = { shoulderPitch: deg(90), shoulderRoll: deg(8), elbowYaw: deg(-90), elbowRoll: deg(-35) };

const clamp = (v: number, min: number, max: number): number => Math.min(max, Math.max(min, v));
const approach = (current: number, target: number, maxStep: number): number => current + clamp(target - current, -maxStep, maxStep);

export const WalkingEngine = defineModule({
  name: 'WalkingEngine',
  category: 'MotionControl',
  requires: [FrameInfo, MotionRequest],
  uses: [InertialData],
  provides: [JointRequest, OdometryData, MotionInfo],
  parameters: Parameters,
  loadsParameters: true,
}).implement(({ the, params, random }) => {
  let speed: Pose2 = { rotation: 0, translation: { x: 0, y: 0 } };
  let odometry: Pose2 = { rotation: 0, translation: { x: 0, y: 0 } };
  let phase = 0;
  let kickStart: number | undefined;
  let kickLeft = true;
  let kickStrength = 1;
  let fallen = false;
  let lastTime: number | undefined;
  let dt = 0;
  let frameTime = -1;

  /** Scales a speed so that it lies inside the ellipsoid spanned by the per-axis maxima. */
  function limitSpeed(s: Pose2): Pose2 {
    const maxX = s.translation.x >= 0 ? params.maxSpeed.translation.x : params.maxSpeedBackward;
    const r = Math.hypot(s.translation.x / maxX, s.translation.y / params.maxSpeed.translation.y, s.rotation / params.maxSpeed.rotation);
    const f = r > 1 ? 1 / r : 1;
    return { rotation: s.rotation * f, translation: { x: s.translation.x * f, y: s.translation.y * f } };
  }

  /** The speed the request asks for, before acceleration limits. */
  function targetSpeed(): Pose2 {
    const r = the.MotionRequest;
    const fraction = r.walkSpeed;
    if (r.motion === MotionType.walkAtRelativeSpeed) {
      const x = clamp(fraction.translation.x, -1, 1);
      return limitSpeed({
        rotation: clamp(fraction.rotation, -1, 1) * params.maxSpeed.rotation,
        translation: { x: x * (x >= 0 ? params.maxSpeed.translation.x : params.maxSpeedBackward), y: clamp(fraction.translation.y, -1, 1) * params.maxSpeed.translation.y },
      });
    }
    if (r.motion === MotionType.walkToPose) {
      // Plan all axes to arrive together: the slowest axis sets the time, the others walk proportionally slower.
      const target = r.walkTarget;
      const rotation = normalizeAngle(target.rotation);
      const maxX = (target.translation.x >= 0 ? params.maxSpeed.translation.x : params.maxSpeedBackward) * Math.min(1, Math.abs(fraction.translation.x));
      const maxY = params.maxSpeed.translation.y * Math.min(1, Math.abs(fraction.translation.y));
      const maxR = params.maxSpeed.rotation * Math.min(1, Math.abs(fraction.rotation));
      const time = Math.max(params.walkToPoseMinTime, Math.abs(target.translation.x) / Math.max(maxX, 1e-3), Math.abs(target.translation.y) / Math.max(maxY, 1e-3), Math.abs(rotation) / Math.max(maxR, 1e-6));
      return limitSpeed({ rotation: rotation / time, translation: { x: target.translation.x / time, y: target.translation.y / time } });
    }
    return { rotation: 0, translation: { x: 0, y: 0 } };
  }

  /** Runs once per frame, whichever provided representation is updated first. */
  function step(): void {
    const now = the.FrameInfo.time;
    if (now === frameTime) return;
    frameTime = now;
    dt = lastTime === undefined ? 0 : clamp((now - lastTime) / 1000, 0, 0.1);
    lastTime = now;

    const request = the.MotionRequest;
    // A fallen robot's legs do not walk: it stops, forgets its kick and stands up (the body decides how long).
    const tilt = the.InertialData?.angle;
    fallen = tilt !== undefined && (Math.abs(tilt.x) > params.fallenTilt || Math.abs(tilt.y) > params.fallenTilt);
    if (fallen) {
      speed = { rotation: 0, translation: { x: 0, y: 0 } };
      kickStart = undefined;
      phase = 0;
      return;
    }
    if (kickStart !== undefined && (now - kickStart) / 1000 >= params.kickDuration) kickStart = undefined;
    if (kickStart === undefined && request.motion === MotionType.kick && norm(speed.translation) < 1 && Math.abs(speed.rotation) < 0.01) {
      kickStart = now;
      kickLeft = request.kickType === KickType.forwardLeft;
      kickStrength = clamp(request.kickStrength, 0, 1);
    }

    const target = kickStart === undefined ? targetSpeed() : { rotation: 0, translation: { x: 0, y: 0 } };
    speed = {
      rotation: approach(speed.rotation, target.rotation, params.maxAcceleration.rotation * dt),
      translation: {
        x: approach(speed.translation.x, target.translation.x, params.maxAcceleration.translation.x * dt),
        y: approach(speed.translation.y, target.translation.y, params.maxAcceleration.translation.y * dt),
      },
    };
    const isMoving = (s: Pose2): boolean => norm(s.translation) > 1 || Math.abs(s.rotation) > 0.01;
    const moving = isMoving(speed) || isMoving(target);
    phase = moving ? (phase + dt / (2 * params.stepDuration)) % 1 : 0;
    // Odometry is what the legs believe they did: the commanded step, each axis off by a random fraction.
    const slip = (v: number): number => v * dt * (1 + (params.odometryNoise > 0 && v !== 0 ? random.gaussian(params.odometryNoise) : 0));
    odometry = poseCompose(odometry, { rotation: slip(speed.rotation), translation: { x: slip(speed.translation.x), y: slip(speed.translation.y) } });
  }

  /** Leg angles (hipYawPitch, hipRoll, hipPitch, knee, anklePitch, ankleRoll) of one leg at the current phase. */
  function legAngles(left: boolean, now: number): number[] {
    const bend = params.standLegBend;
    let hipPitch = -bend;
    let knee = 2 * bend;
    let ankle = -bend;
    let hipRoll = 0;
    let hipYaw = 0;
    if (kickStart !== undefined) {
      const s = clamp((now - kickStart) / 1000 / params.kickDuration, 0, 1);
      if (left === kickLeft) {
        // lift (0..0.4), swing through (0.4..0.6), return (0.6..1)
        const lift = Math.sin(Math.PI * s);
        const swing = s < 0.4 ? -s / 0.4 : s < 0.6 ? -1 + ((s - 0.4) / 0.2) * 2 : 1 - (s - 0.6) / 0.4;
        hipPitch += -lift * deg(20) - swing * deg(15);
        knee += lift * deg(40) * (s < 0.5 ? 1 : 1 - (s - 0.5));
        ankle += -lift * deg(10);
      }
      hipRoll = (kickLeft ? -1 : 1) * deg(8) * Math.sin(Math.PI * s); // shift the weight onto the standing leg
      return [0, hipRoll, hipPitch, knee, ankle, -hipRoll];
    }
    const swingPhase = Math.sin(2 * Math.PI * phase) * (left ? 1 : -1);
    if (swingPhase > 0) {
      knee += params.footLift * swingPhase;
      hipPitch -= (params.footLift / 2) * swingPhase;
      ankle -= (params.footLift / 2) * swingPhase;
    }
    const stride = (speed.translation.x * params.stepDuration) / 2;
    hipPitch -= Math.atan2(stride, params.legLength) * Math.cos(2 * Math.PI * phase) * (left ? 1 : -1);
    hipRoll = Math.atan2((speed.translation.y * params.stepDuration) / 2, params.legLength) * Math.max(0, swingPhase);
    hipYaw = (speed.rotation * params.stepDuration) / 2 * Math.max(0, swingPhase);
    return [hipYaw, left ? hipRoll : -hipRoll, hipPitch, knee, ankle, left ? -hipRoll : hipRoll];
  }

  return {
    update: {
      JointRequest(request) {
        step();
        const now = the.FrameInfo.time;
        request.timestamp = now;
        if (the.MotionRequest.motion === MotionType.playDead) {
          request.angles = request.angles.map(() => JOINT_OFF);
          request.stiffnessData.stiffnesses = request.stiffnessData.stiffnesses.map(() => 0);
          return;
        }
        const a = request.angles.map(() => 0);
        a[Joint.headPitch] = params.headPitch;
        for (const left of [true, false]) {
          const side = left ? 1 : -1;
          a[left ? Joint.lShoulderPitch : Joint.rShoulderPitch] = ARMS.shoulderPitch;
          a[left ? Joint.lShoulderRoll : Joint.rShoulderRoll] = side * ARMS.shoulderRoll;
          a[left ? Joint.lElbowYaw : Joint.rElbowYaw] = side * ARMS.elbowYaw;
          a[left ? Joint.lElbowRoll : Joint.rElbowRoll] = side * ARMS.elbowRoll;
          const leg = legAngles(left, now);
          const joints = left
            ? [Joint.lHipYawPitch, Joint.lHipRoll, Joint.lHipPitch, Joint.lKneePitch, Joint.lAnklePitch, Joint.lAnkleRoll]
            : [Joint.rHipYawPitch, Joint.rHipRoll, Joint.rHipPitch, Joint.rKneePitch, Joint.rAnklePitch, Joint.rAnkleRoll];
          joints.forEach((j, i) => (a[j] = leg[i]!));
        }
        // The NAO's two hip yaw-pitch joints are one motor; command the same angle on both.
        a[Joint.rHipYawPitch] = a[Joint.lHipYawPitch]!;
        request.angles = a;
        request.stiffnessData.stiffnesses = request.stiffnessData.stiffnesses.map(() => params.stiffness);
      },
      OdometryData(data) {
        step();
        data.rotation = odometry.rotation;
        data.translation = { ...odometry.translation };
      },
      MotionInfo(info) {
        step();
        info.isKicking = kickStart !== undefined;
        info.executedMotion = kickStart !== undefined ? MotionType.kick : the.MotionRequest.motion === MotionType.playDead ? MotionType.playDead : phase !== 0 ? MotionType.walkAtRelativeSpeed : MotionType.stand;
        info.speed = { rotation: speed.rotation, translation: { ...speed.translation } };
        info.gaitPhase = phase;
        info.kickStrength = kickStart !== undefined ? kickStrength : 0;
        info.isFallen = fallen;
      },
    },
  };
});
