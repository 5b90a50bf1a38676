/**
 * @file Keyframe motions of the Motion thread (docs/motion.md): getting up from the front and the back, and the
 * special actions (sit down, stand up from sitting, stand high). Each motion is a list of keyframes read from
 * keyframeMotionEngine.cfg; the joints move from the pose the robot is in through the keyframes with smooth
 * (cosine) interpolation. A keyframe may wait for the torso to come to rest and check the torso's orientation:
 * a get-up whose check fails starts again (front or back chosen anew) up to maxGetUpTries times in a row.
 * The engine plays what the MotionCombinator selected (MotionInfo of the previous frame) and otherwise idles,
 * following the robot's pose so that a switch to it starts where the robot is.
 */
import { defineModule, type ParameterProblem } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t, type ValueOf } from '@robot-runtime/core/streamable';
import { smoothRamp } from '@robot-runtime/math/scalar';
import { deg } from '@robot-runtime/math/vec2';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { JOINT_IGNORE, JOINT_OFF, Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { JointRequest } from '@robot-runtime/representations/Infrastructure/JointRequest';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import {
  KeyframeMotionEngineOutput,
  KeyframeMotionID,
} from '@robot-runtime/representations/MotionControl/KeyframeMotionEngineOutput';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import { MotionType, SpecialActionID } from '@robot-runtime/representations/MotionControl/MotionRequest';
import { InertialData } from '@robot-runtime/representations/Sensing/InertialData';
import { KeyframeMotion, checkKeyframeMotion, keyframeJoints, torsoAngles, type Keyframe } from './KeyframeMotion';

const Parameters = defineParameters('KeyframeMotionEngine', {
  getUpFront: field(KeyframeMotion, 'Getting up from lying on the front, ending in the walk’s stand.'),
  getUpBack: field(KeyframeMotion, 'Getting up from lying on the back, ending in the walk’s stand.'),
  sitDown: field(KeyframeMotion, 'Special action sitDown: from standing to sitting on the ground, torso low.'),
  stand: field(KeyframeMotion, 'Special action stand: from sitting (or any pose) up into the walk’s stand.'),
  standHigh: field(KeyframeMotion, 'Special action standHigh: standing with straight legs.'),
  maxGetUpTries: field(
    t.int32,
    'Get-ups that may fail in a row before the robot gives up and lies, motors off, to be placed upright …',
    5,
  ),
  retryAfterGivingUp: field(
    t.int32,
    '… or, after this long (ms), to try again from where the relaxed body came to lie; 0: it waits to be placed. ' +
      'In a game nobody places a robot unless its team asks for a pickup, and one that gave up lay for the rest of the half.',
    8000,
  ),
  stillGyro: field(
    t.float,
    'A keyframe that waits until still waits until the torso turns slower than this (rad/s).',
    0.5,
  ),
  uprightTilt: field(
    t.angle,
    'A get-up whose check fails while the torso tilts less than this (rad) ends: the robot was placed upright (or the capsule simulation stood it up).',
    deg(15),
  ),
  placedHipPitch: field(
    t.angle,
    'A robot whose torso is upright and whose hips are both bent less than this (legs under the torso, not sitting) before its get-up reaches its rise (until then it lies, sits or kneels) was put on its feet (by a referee), and the get-up ends …',
    deg(-50),
  ),
  placedTime: field(t.int32, '… once it has stood so for this long (ms).', 30),
  lowStiffness: field(
    t.int32,
    'A motion starts from the measured angle of a joint commanded below this stiffness (percent), not its command.',
    30,
  ),
});
/** The engine's parameters: every keyframe motion by name (keyframeMotionEngine.cfg). */
export type KeyframeMotionParameters = ValueOf<typeof Parameters>;
type Parameters = KeyframeMotionParameters;

/** Which parameter holds each motion. */
const MOTIONS = {
  [KeyframeMotionID.getUpFront]: 'getUpFront',
  [KeyframeMotionID.getUpBack]: 'getUpBack',
  [KeyframeMotionID.sitDown]: 'sitDown',
  [KeyframeMotionID.stand]: 'stand',
  [KeyframeMotionID.standHigh]: 'standHigh',
} as const satisfies Record<number, keyof Parameters>;
const SPECIAL_MOTIONS: Record<number, number> = {
  [SpecialActionID.sitDown]: KeyframeMotionID.sitDown,
  [SpecialActionID.stand]: KeyframeMotionID.stand,
  [SpecialActionID.standHigh]: KeyframeMotionID.standHigh,
};

/** Problems of loaded parameters the types do not catch (reported with the file's line by the loader). */
export function checkKeyframeMotionParameters(params: Parameters): ParameterProblem[] {
  return Object.values(MOTIONS).flatMap((name) => checkKeyframeMotion(params[name], name));
}

/** Whether a keyframe's torso check (pitch or roll) rejects an upright torso. */
const excludesUpright = (range: { min: number; max: number } | undefined): boolean =>
  !!range && (range.min > 0 || range.max < 0);
/** Whether a keyframe's torso check (pitch or roll) admits an upright torso. */
const admitsUpright = (range: { min: number; max: number } | undefined): boolean =>
  !!range && range.min <= 0 && range.max >= 0;
/** The index of a get-up's rise (see wasPlaced); its length without one. */
function riseOf(keyframes: readonly Keyframe[]): number {
  let lying = -1;
  keyframes.forEach((k, i) => {
    if (excludesUpright(k.torsoPitch) || excludesUpright(k.torsoRoll)) lying = i;
  });
  const rise = keyframes.findIndex((k, i) => i > lying && admitsUpright(k.torsoPitch));
  return rise < 0 ? keyframes.length : rise;
}
const valid = (a: number | undefined): a is number => a !== undefined && Math.abs(a) <= 2 * Math.PI;

export const KeyframeMotionEngine = defineModule({
  name: 'KeyframeMotionEngine',
  category: 'MotionControl',
  requires: [FrameInfo],
  uses: [MotionInfo, InertialData, JointSensorData, JointRequest],
  provides: [KeyframeMotionEngineOutput],
  parameters: Parameters,
  loadsParameters: true,
  checkParameters: checkKeyframeMotionParameters,
}).implement(({ the, params, keep }) => {
  const kept = keep({
    motion: KeyframeMotionID.none as number,
    keyframe: 0,
    /** When the current keyframe began (ms), and the angles it starts from. */
    keyframeStart: 0,
    from: Joint.names.map(() => 0) as number[],
    angles: Joint.names.map(() => JOINT_OFF) as number[],
    stiffnesses: Joint.names.map(() => 0) as number[],
    isDone: false,
    getUpTries: 0,
    getUpCount: 0,
    /** Failed get-ups in a row. */
    failures: 0,
    gaveUp: false,
    /** When the robot gave up (ms). */
    gaveUpAt: 0,
    /** Since when (ms) the robot has stood on its feet before its get-up's rise, if it does. */
    standingSince: undefined as number | undefined,
  });

  const motionOf = (m: number): KeyframeMotion | undefined =>
    m === KeyframeMotionID.none ? undefined : params[MOTIONS[m as keyof typeof MOTIONS]];
  const keyframesOf = (m: number): readonly Keyframe[] => motionOf(m)?.keyframes ?? [];
  const isGetUp = (m: number): boolean => m === KeyframeMotionID.getUpFront || m === KeyframeMotionID.getUpBack;

  /** Where each joint is now: as commanded last frame where the motor held it, else as measured. */
  function currentPose(): number[] {
    const request = the.JointRequest;
    const measured = the.JointSensorData?.angles;
    return Joint.names.map((_, j) => {
      const commanded = request?.angles[j];
      if (valid(commanded) && (request?.stiffnessData.stiffnesses[j] ?? 0) >= params.lowStiffness) return commanded;
      if (valid(measured?.[j])) return measured[j];
      return valid(commanded) ? commanded : 0;
    });
  }

  /** The get-up for the side the robot lies on (InertialData; the front without it). */
  function chooseGetUp(): number {
    const inertial = the.InertialData;
    return !inertial || torsoAngles(inertial.angle).pitch >= 0
      ? KeyframeMotionID.getUpFront
      : KeyframeMotionID.getUpBack;
  }

  function start(m: number, now: number): void {
    kept.motion = m;
    kept.standingSince = undefined;
    kept.keyframe = 0;
    kept.keyframeStart = now;
    kept.from = currentPose();
    kept.isDone = keyframesOf(m).length === 0;
    if (isGetUp(m)) kept.getUpTries++;
  }

  /** Whether the torso is where the keyframe's checks want it. */
  function checksPass(k: Keyframe): boolean {
    const inertial = the.InertialData;
    if (!inertial) return true;
    const torso = torsoAngles(inertial.angle);
    const inside = (r: { min: number; max: number } | undefined, v: number): boolean =>
      !r || (v >= r.min && v <= r.max);
    return inside(k.torsoPitch, torso.pitch) && inside(k.torsoRoll, torso.roll);
  }

  function isStill(): boolean {
    const g = the.InertialData?.gyro;
    return !g || Math.hypot(g.x, g.y) < params.stillGyro;
  }

  /** A failed get-up starts again from where the robot now lies, unless it failed too often or stands already. */
  function fail(now: number): void {
    const inertial = the.InertialData;
    if (inertial && Math.acos(Math.cos(inertial.angle.x) * Math.cos(inertial.angle.y)) < params.uprightTilt) {
      kept.isDone = true; // placed upright: nothing left to do, and no get-up of its own to count
      return;
    }
    kept.failures++;
    if (kept.failures >= params.maxGetUpTries) {
      kept.gaveUp = true;
      kept.gaveUpAt = now;
      return;
    }
    start(chooseGetUp(), now);
  }

  /** Whether the torso is upright with the legs under it (as measured). */
  function standsOnFeet(): boolean {
    const inertial = the.InertialData;
    const joints = the.JointSensorData?.angles;
    return (
      !!inertial &&
      !!joints &&
      Math.acos(Math.cos(inertial.angle.x) * Math.cos(inertial.angle.y)) < params.uprightTilt &&
      joints[Joint.lHipPitch]! > params.placedHipPitch &&
      joints[Joint.rHipPitch]! > params.placedHipPitch
    );
  }

  /**
   * Whether the robot was put on its feet during its get-up: it stood for placedTime before the get-up's rise (the
   * first keyframe after its last check of a tilted torso whose check admits an upright one; until then the robot
   * lies, sits or kneels on its hands). Going on would fold a standing robot into a lying robot's pose.
   */
  function wasPlaced(keyframes: readonly Keyframe[], now: number): boolean {
    if (!isGetUp(kept.motion) || kept.isDone || kept.keyframe >= riseOf(keyframes) || !standsOnFeet()) {
      kept.standingSince = undefined;
      return false;
    }
    kept.standingSince ??= now;
    return now - kept.standingSince >= params.placedTime;
  }

  /** Moves through the current motion's keyframes. */
  function play(now: number): void {
    const keyframes = keyframesOf(kept.motion);
    if (wasPlaced(keyframes, now)) {
      kept.isDone = true; // no get-up of its own to count
      return;
    }
    // A get-up that was done but lies again (pushed over before the walk took over) starts again.
    if (kept.isDone && isGetUp(kept.motion) && keyframes.length > 0 && !checksPass(keyframes.at(-1)!)) fail(now);
    while (!kept.isDone) {
      const k = keyframes[kept.keyframe]!;
      const target = keyframeJoints(k);
      const elapsed = now - kept.keyframeStart;
      const duration = Math.max(0, k.duration);
      kept.stiffnesses = target.stiffnesses;
      if (elapsed < duration) {
        const r = smoothRamp(elapsed / duration);
        kept.angles = target.angles.map((a, j) => kept.from[j]! + (a - kept.from[j]!) * r);
        return;
      }
      kept.angles = target.angles;
      if (elapsed < duration + Math.max(0, k.waitUntilStill) && !isStill()) return;
      if (!checksPass(k)) {
        if (isGetUp(kept.motion)) fail(now);
        else kept.isDone = true; // a special action that did not get there holds its pose
        return;
      }
      kept.keyframe++;
      kept.keyframeStart = now;
      kept.from = target.angles;
      if (kept.keyframe >= keyframes.length) {
        kept.isDone = true;
        if (isGetUp(kept.motion)) {
          kept.getUpCount++;
          kept.failures = 0;
        }
      }
    }
  }

  /** The motion the combinator selected last frame, or none. */
  function selected(): number {
    const info = the.MotionInfo;
    if (info?.executedMotion === MotionType.special)
      return SPECIAL_MOTIONS[info.specialAction] ?? KeyframeMotionID.none;
    if (info?.executedMotion === MotionType.getUp) return isGetUp(kept.motion) ? kept.motion : chooseGetUp();
    return KeyframeMotionID.none;
  }

  return {
    update: {
      KeyframeMotionEngineOutput(output) {
        const now = the.FrameInfo.time;
        const wanted = selected();
        if (wanted === KeyframeMotionID.none) {
          // Not selected: follow the robot's pose, so that a switch to this engine starts where the robot is.
          kept.motion = KeyframeMotionID.none;
          kept.isDone = false;
          kept.gaveUp = false;
          kept.failures = 0;
          kept.angles = currentPose();
          kept.stiffnesses = the.JointRequest ? [...the.JointRequest.stiffnessData.stiffnesses] : kept.stiffnesses;
        } else {
          if (wanted !== kept.motion) start(wanted, now);
          if (kept.gaveUp && params.retryAfterGivingUp > 0 && now - kept.gaveUpAt >= params.retryAfterGivingUp) {
            kept.gaveUp = false;
            kept.failures = 0;
            start(chooseGetUp(), now);
          }
          if (!kept.gaveUp) play(now);
        }
        output.motion = kept.motion;
        output.keyframe = kept.keyframe;
        output.isDone = kept.isDone;
        output.getUpTries = kept.getUpTries;
        output.getUpCount = kept.getUpCount;
        output.gaveUp = kept.gaveUp;
        output.headFree = false;
        // A motion can be left once done; a get-up also after giving up (someone has to pick the robot up).
        output.isLeavingPossible =
          kept.motion === KeyframeMotionID.none ||
          kept.gaveUp ||
          (kept.isDone && (motionOf(kept.motion)?.endsStanding ?? true));
        if (kept.gaveUp) {
          output.angles = kept.angles.map(() => JOINT_OFF);
          output.stiffnesses = kept.stiffnesses.map(() => 0);
          return;
        }
        output.angles = kept.angles.map((a) => (a === JOINT_IGNORE ? JOINT_OFF : a));
        output.stiffnesses = [...kept.stiffnesses];
      },
    },
  };
});
