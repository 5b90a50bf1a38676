/**
 * @file The long kick from standing (docs/motion.md, "Kicks"): the hips move over the support foot, the kicking
 * foot is lifted and drawn back, swung forward through the ball as fast as the servos go, brought back and set
 * down, and the weight returns to both feet. The keyframes are foot positions (kickTrajectory.ts) turned into
 * joint angles by the leg's inverse kinematics; the gyroscope, fed back into the support ankle, keeps the torso
 * upright on one foot. It provides KickEngineOutput; the MotionCombinator commands it while the kick is the active
 * motion, and the kick starts when the combinator has chosen it (MotionInfo's executedMotion of the last frame).
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import { NAO_LEG } from '@robot-runtime/math/legKinematics';
import { clamp } from '@robot-runtime/math/scalar';
import { deg, lowPass } from '@robot-runtime/math/vec2';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { Joint, LEFT_LEG_JOINTS, RIGHT_LEG_JOINTS } from '@robot-runtime/representations/Infrastructure/Joints';
import { KickEngineOutput } from '@robot-runtime/representations/MotionControl/KickEngineOutput';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import {
  KickKind,
  KickType,
  MotionRequest,
  MotionType,
} from '@robot-runtime/representations/MotionControl/MotionRequest';
import { InertialData } from '@robot-runtime/representations/Sensing/InertialData';
import { kickDuration, kickKeyframes, kickLegsAt, kickPhase } from './kickTrajectory';

const Parameters = defineParameters('KickEngine', {
  shiftDuration: field(
    t.float,
    'Time to move the hips over the support foot before the kick, and back to both feet after it (s).',
    0.6,
  ),
  liftDuration: field(t.float, 'Time to lift the kicking foot and draw it back (s).', 0.3),
  swingDuration: field(
    t.float,
    'Time of the swing from drawn back to fully forward at full strength (s); the servos limit how short.',
    0.13,
  ),
  holdDuration: field(
    t.float,
    'Time the kicking foot is held fully forward (s): the servos trail the command, the foot arrives during it.',
    0.1,
  ),
  returnDuration: field(t.float, 'Time to bring the kicking foot back under its hip, still lifted (s).', 0.35),
  setDownDuration: field(t.float, 'Time to set the kicking foot down (s).', 0.25),
  shift: field(
    t.float,
    'Sideways shift of the hips towards the support foot (mm): the hips are 50 mm beside each foot, and the lifted leg pulls the centre of mass back a little.',
    58,
  ),
  drawBack: field(
    t.float,
    'How far behind its hip the kicking foot is drawn before the swing (mm); with liftHeight it sets the knee bend the swing starts from.',
    30,
  ),
  reach: field(
    t.float,
    "How far ahead of its hip the swing aims the kicking foot (mm); beyond the leg's reach the leg points there stretched, so the knee extends fully.",
    280,
  ),
  liftHeight: field(t.float, 'Height of the kicking foot while it is drawn back and brought back (mm).', 95),
  swingHeight: field(
    t.float,
    'Height the swing aims the kicking foot at (mm); the servos lag, so the foot passes the ball higher, at its centre.',
    15,
  ),
  hipYawPitch: field(
    t.angle,
    "The hips' yaw-pitch joint while the kicking foot is off the ground (rad; positive turns the toes inwards): aims the foot against the body's turn on its support foot during the swing (without it the ball goes ~20° to the kicking foot's side).",
    deg(6),
  ),
  standLegBend: field(
    t.angle,
    "Crouch of the stand pose the kick starts and ends in: hip and ankle pitch -bend, knee 2 * bend (rad); the walk's.",
    deg(25),
  ),
  minStrengthSwingScale: field(
    t.float,
    'The weakest kick (strength 0) swings this many times slower than the strongest; strength scales in between.',
    3,
  ),
  gyroPitchGain: field(
    t.float,
    'Support ankle pitch added per rad/s of filtered torso pitch rate (rad per rad/s), against tipping forward or back.',
    0.08,
  ),
  gyroRollGain: field(
    t.float,
    'Support ankle roll added per rad/s of filtered torso roll rate (rad per rad/s), against tipping sideways.',
    0.08,
  ),
  returnGyroRollGain: field(
    t.float,
    'The same from the return of the kicking foot on (return, set down, back to both feet; rad per rad/s): the weight moving back can roll the body over the kicking foot; during the swing a stronger roll feedback shortens the kick.',
    0.12,
  ),
  gyroFilter: field(t.float, 'Weight of the newest gyroscope reading in its low-pass filter (0..1).', 0.3),
  maxStartRate: field(
    t.float,
    'The kick starts only when the filtered torso rotation rate is below this (rad/s): a robot still rocking from its last steps would be tipped over by the weight shift.',
    0.15,
  ),
  endTilt: field(t.angle, 'The kick hands over to the walk only with the torso tilted less than this (rad) …', deg(5)),
  endRate: field(
    t.float,
    '… and its filtered rotation rate below this (rad/s); until then the robot stands on both feet in the final pose …',
    0.3,
  ),
  maxSettleTime: field(t.float, '… but for at most this long after the kick (s).', 1.5),
  stiffness: field(t.int32, 'Stiffness of the legs during the kick (percent): the swing needs full force.', 100),
});

/** The phase (kickPhase) in which the kicking foot comes back under its hip: the swing is over. */
const RETURN_PHASE = 5;

/** Arm pose during the kick (left arm; the right one mirrored): hanging down slightly away from the body (rad). */
const ARMS = { shoulderPitch: deg(90), shoulderRoll: deg(8), elbowYaw: deg(-90), elbowRoll: deg(-35) };

export const KickEngine = defineModule({
  name: 'KickEngine',
  category: 'MotionControl',
  requires: [FrameInfo, MotionRequest],
  uses: [InertialData, MotionInfo],
  provides: [KickEngineOutput],
  parameters: Parameters,
  loadsParameters: true,
}).implement(({ the, params, keep }) => {
  const kept = keep({
    /** The kick under way: when it started, which foot, how hard. */
    kick: undefined as { start: number; left: boolean; strength: number } | undefined,
    gyro: { x: 0, y: 0 },
  });

  /** A long kick is requested and the combinator has made it the active motion (or there is no combinator). */
  const requested = (): boolean =>
    the.MotionRequest.motion === MotionType.kick &&
    the.MotionRequest.kickKind === KickKind.long &&
    (the.MotionInfo?.executedMotion ?? MotionType.kick) === MotionType.kick;

  return {
    update: {
      KickEngineOutput(out) {
        const now = the.FrameInfo.time;
        const inertial = the.InertialData;
        if (inertial) kept.gyro = lowPass(kept.gyro, inertial.gyro, params.gyroFilter);
        if (!kept.kick && requested() && Math.hypot(kept.gyro.x, kept.gyro.y) < params.maxStartRate) {
          const strength = clamp(the.MotionRequest.kickStrength, 0, 1);
          kept.kick = { start: now, left: the.MotionRequest.kickType === KickType.forwardLeft, strength };
        }
        const swingScale = kept.kick
          ? params.minStrengthSwingScale + (1 - params.minStrengthSwingScale) * kept.kick.strength
          : 1;
        const frames = kickKeyframes(params, swingScale);
        const time = kept.kick ? (now - kept.kick.start) / 1000 : 0;
        // The kick ends standing on both feet with the torso calm: handed over to the walk while it still rolled from
        // the weight's return to both feet (up to 11°), the walk's first steps tipped it over; in 64 approaches on the
        // articulated NAO 9 kickers fell so, none with this wait.
        const tilt = inertial ? Math.max(Math.abs(inertial.angle.x), Math.abs(inertial.angle.y)) : 0;
        const calm = tilt < params.endTilt && Math.hypot(kept.gyro.x, kept.gyro.y) < params.endRate;
        const end = kickDuration(frames);
        if (kept.kick && time >= end && (calm || time >= end + params.maxSettleTime)) kept.kick = undefined;

        out.isActive = kept.kick !== undefined;
        out.isLeavingPossible = kept.kick === undefined;
        out.kickType = kept.kick?.left === false ? KickType.forwardRight : KickType.forwardLeft;
        out.kickStrength = kept.kick?.strength ?? 0;
        out.phase = kept.kick ? kickPhase(frames, time) : 0;
        const left = kept.kick?.left ?? true;
        const rollGain = out.phase >= RETURN_PHASE ? params.returnGyroRollGain : params.gyroRollGain;
        const legs = kickLegsAt(frames, time, NAO_LEG * Math.cos(params.standLegBend), left ? -1 : 1);
        // The head is the head control's (headFree); the combinator puts HeadAngles there.
        const a = out.angles.map(() => 0);
        out.headFree = true;
        for (const kicking of [true, false]) {
          const leg = kicking ? legs.kicking : legs.support;
          const support = !kicking && kept.kick !== undefined;
          const joints = kicking === left ? LEFT_LEG_JOINTS : RIGHT_LEG_JOINTS;
          const values = [
            legs.hipYawPitch,
            leg.hipRoll,
            leg.hipPitch,
            leg.knee,
            leg.anklePitch + (support ? params.gyroPitchGain * kept.gyro.y : 0),
            leg.ankleRoll + (support ? rollGain * kept.gyro.x : 0),
          ];
          joints.forEach((j, i) => (a[j] = values[i]!));
        }
        for (const side of [1, -1]) {
          a[side > 0 ? Joint.lShoulderPitch : Joint.rShoulderPitch] = ARMS.shoulderPitch;
          a[side > 0 ? Joint.lShoulderRoll : Joint.rShoulderRoll] = side * ARMS.shoulderRoll;
          a[side > 0 ? Joint.lElbowYaw : Joint.rElbowYaw] = side * ARMS.elbowYaw;
          a[side > 0 ? Joint.lElbowRoll : Joint.rElbowRoll] = side * ARMS.elbowRoll;
        }
        out.angles = a;
        out.stiffnesses = out.stiffnesses.map(() => params.stiffness);
      },
    },
  };
});
