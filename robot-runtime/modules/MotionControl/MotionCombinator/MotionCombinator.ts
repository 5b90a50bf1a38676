/**
 * @file Motion selection and combination of the Motion thread (docs/motion.md, B-Human's MotionCombinator): each
 * motion engine provides its own output (joint angles, stiffnesses, whether it may be left now); this module
 * chooses the active motion from the MotionRequest and the robot's state, commands the active engine's joints as
 * the one JointRequest (the head control's angles where the engine leaves the head free) and blends the joints
 * smoothly from the previous motion for `interpolationTime` after each switch. A motion is left only when its
 * engine says leaving is possible, except for playDead and a fall (the walk protects a falling robot, whatever it
 * was doing, and a lying one gets up). A robot lying on the ground gets up by itself
 * (the "fallen → get up" decision) unless it is penalized or asked to play dead. It also provides MotionInfo.
 */
import { smoothRamp } from '@robot-runtime/math/scalar';
import { deg } from '@robot-runtime/math/vec2';
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GameState } from '@robot-runtime/representations/Infrastructure/GameState';
import { JOINT_IGNORE, JOINT_OFF, Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { JointRequest } from '@robot-runtime/representations/Infrastructure/JointRequest';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import { HeadAngles } from '@robot-runtime/representations/MotionControl/HeadAngles';
import type { MotionEngineOutput } from '@robot-runtime/representations/MotionControl/MotionEngineOutput';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import { KeyframeMotionEngineOutput } from '@robot-runtime/representations/MotionControl/KeyframeMotionEngineOutput';
import { KickEngineOutput } from '@robot-runtime/representations/MotionControl/KickEngineOutput';
import {
  KickKind,
  MotionRequest,
  MotionType,
  SpecialActionID,
} from '@robot-runtime/representations/MotionControl/MotionRequest';
import { WalkingEngineOutput } from '@robot-runtime/representations/MotionControl/WalkingEngineOutput';

const Parameters = defineParameters('MotionCombinator', {
  interpolationTime: field(
    t.float,
    'After a switch to another motion, the joints blend from the previous command to the new engine in this time (s).',
    0.2,
  ),
  lowStiffness: field(
    t.int32,
    'A joint commanded below this stiffness (percent) or switched off is blended from its measured angle, not its command.',
    30,
  ),
  movedAngle: field(
    t.angle,
    'A joint measured farther than this from its command (rad) was moved or held: it is blended from its measured angle too.',
    deg(20),
  ),
  getUpWhenFallen: field(
    t.bool,
    'A robot lying on the ground gets up by itself unless penalized or asked to play dead (else only on request).',
    true,
  ),
});

/** Which engine's output executes a motion; `undefined` is no engine (playDead: every motor off). */
type Engine = 'walk' | 'keyframe' | 'kick' | undefined;

/** A motion as the combinator selects it: the motion and, for special, which one. */
interface Selection {
  motion: number;
  special: number;
}

export const MotionCombinator = defineModule({
  name: 'MotionCombinator',
  category: 'MotionControl',
  requires: [FrameInfo, MotionRequest, WalkingEngineOutput, KeyframeMotionEngineOutput, KickEngineOutput],
  uses: [HeadAngles, JointSensorData, GameState],
  provides: [JointRequest, MotionInfo],
  parameters: Parameters,
}).implement(({ the, params, keep }) => {
  const kept = keep({
    frameTime: -1,
    motion: MotionType.stand as number,
    special: SpecialActionID.sitDown as number,
    switchTime: -Infinity,
    /** The joints commanded in the previous frame, and where the blend after the last switch starts. */
    lastAngles: Joint.names.map(() => JOINT_OFF),
    lastStiffnesses: Joint.names.map(() => 0),
    fromAngles: [] as number[],
    fromStiffnesses: [] as number[],
  });
  kept.fromAngles = kept.lastAngles;
  kept.fromStiffnesses = kept.lastStiffnesses;

  /** The engine that executes `m`. New engines add their motions here and their output to `outputOf`. */
  function engineOf(m: number): Engine {
    if (m === MotionType.playDead) return undefined;
    if (m === MotionType.kick) return 'kick';
    return m === MotionType.getUp || m === MotionType.special ? 'keyframe' : 'walk';
  }

  function outputOf(engine: Engine): Readonly<MotionEngineOutput> | undefined {
    return engine === 'walk'
      ? the.WalkingEngineOutput
      : engine === 'keyframe'
        ? the.KeyframeMotionEngineOutput
        : engine === 'kick'
          ? the.KickEngineOutput
          : undefined;
  }

  /** The motion the request and the robot's state ask for, before the active engine agrees to hand over. */
  function wantedMotion(): Selection {
    const request = the.MotionRequest;
    const walk = the.WalkingEngineOutput;
    const keep = { motion: kept.motion, special: kept.special };
    if (request.motion === MotionType.playDead) return { ...keep, motion: MotionType.playDead };
    // Lying on the ground: get up, by itself unless penalized (a get-up request always).
    const mayGetUp = params.getUpWhenFallen && !the.GameState?.isPenalized;
    if (walk.isFallen && (mayGetUp || request.motion === MotionType.getUp))
      return { ...keep, motion: MotionType.getUp };
    // Falling, or lying without getting up: the walk protects the robot (a get-up passes through such tilts itself).
    if (walk.isFalling && kept.motion !== MotionType.getUp) return { ...keep, motion: walk.executedMotion };
    if (request.motion === MotionType.special) return { motion: MotionType.special, special: request.specialAction };
    // The long kick is the KickEngine's; in-walk kicks are steps of the walk.
    if (request.motion === MotionType.kick && request.kickKind === KickKind.long)
      return { ...keep, motion: MotionType.kick };
    // Not lying, a get-up request means standing; the walk says whether it stands, walks or kicks.
    return { ...keep, motion: walk.executedMotion };
  }

  /** Chooses this frame's motion; a switch to another engine starts a blend from the last command. */
  function select(now: number): void {
    let wanted = wantedMotion();
    const engine = engineOf(kept.motion);
    const keyframes = the.KeyframeMotionEngineOutput;
    // A keyframe motion that does not end standing (sitting) stands up before the walk takes over.
    if (engine === 'keyframe' && engineOf(wanted.motion) === 'walk' && keyframes.isDone && !keyframes.isLeavingPossible)
      wanted = { motion: MotionType.special, special: SpecialActionID.stand };
    if (wanted.motion === kept.motion && (kept.motion !== MotionType.special || wanted.special === kept.special))
      return;
    const sameEngine = engineOf(wanted.motion) === engine;
    const walk = the.WalkingEngineOutput;
    const allowed =
      // playDead (motors off) and a fall do not wait for the active motion to finish.
      wanted.motion === MotionType.playDead ||
      (wanted.motion === MotionType.getUp && walk.isFallen) ||
      (walk.isFalling && kept.motion !== MotionType.getUp && engineOf(wanted.motion) === 'walk') ||
      // The walk changes between standing, walking and kicking by itself; a keyframe motion once it is done.
      (sameEngine && engine === 'walk') ||
      (sameEngine && engine === 'keyframe' && keyframes.isDone) ||
      (outputOf(engine)?.isLeavingPossible ?? true);
    // After a get-up the walk takes over only once the torso is upright (until then it would protect a fall).
    if (!allowed || (kept.motion === MotionType.getUp && engineOf(wanted.motion) === 'walk' && walk.isFalling)) return;
    if (!sameEngine) {
      kept.switchTime = now;
      const measured = the.JointSensorData?.angles;
      // Joints that were off or weak did not hold their command, and joints far from it were moved (a robot put on
      // its feet by a referee): blend from where they really are.
      kept.fromAngles = kept.lastAngles.map((a, j) =>
        measured &&
        Math.abs(measured[j]!) <= 2 * Math.PI &&
        (a === JOINT_OFF ||
          a === JOINT_IGNORE ||
          kept.lastStiffnesses[j]! < params.lowStiffness ||
          Math.abs(measured[j]! - a) > params.movedAngle)
          ? measured[j]!
          : a,
      );
      kept.fromStiffnesses = kept.lastStiffnesses;
    }
    kept.motion = wanted.motion;
    kept.special = wanted.special;
  }

  /** The active engine's joints, the head control's angles where the head is free. */
  function target(): { angles: number[]; stiffnesses: number[] } {
    const output = outputOf(engineOf(kept.motion));
    if (!output) return { angles: Joint.names.map(() => JOINT_OFF), stiffnesses: Joint.names.map(() => 0) };
    const angles = [...output.angles];
    const head = the.HeadAngles;
    if (output.headFree && head) {
      angles[Joint.headYaw] = head.pan;
      angles[Joint.headPitch] = head.tilt;
    }
    return { angles, stiffnesses: [...output.stiffnesses] };
  }

  function update(): void {
    const now = the.FrameInfo.time;
    if (now === kept.frameTime) return;
    kept.frameTime = now;
    select(now);
    const goal = target();
    const r = smoothRamp((now - kept.switchTime) / 1000 / Math.max(params.interpolationTime, 1e-3));
    const blend = (from: number, to: number): number =>
      r >= 1 || from === JOINT_OFF || from === JOINT_IGNORE || to === JOINT_OFF || to === JOINT_IGNORE
        ? to
        : from + (to - from) * r;
    kept.lastAngles = goal.angles.map((a, j) => blend(kept.fromAngles[j]!, a));
    // A motor switched off is off at once, whatever its stiffness was.
    kept.lastStiffnesses = goal.stiffnesses.map((s, j) =>
      goal.angles[j] === JOINT_OFF ? s : Math.round(blend(kept.fromStiffnesses[j]!, s)),
    );
  }

  return {
    update: {
      JointRequest(request) {
        update();
        request.timestamp = the.FrameInfo.time;
        request.angles = [...kept.lastAngles];
        request.stiffnessData.stiffnesses = [...kept.lastStiffnesses];
      },
      MotionInfo(info) {
        update();
        const walk = the.WalkingEngineOutput;
        const walking = engineOf(kept.motion) === 'walk';
        info.executedMotion = kept.motion;
        info.speed = walking
          ? { rotation: walk.speed.rotation, translation: { ...walk.speed.translation } }
          : { rotation: 0, translation: { x: 0, y: 0 } };
        const kick = engineOf(kept.motion) === 'kick' ? the.KickEngineOutput : undefined;
        info.isKicking = (walking && walk.isKicking) || (kick?.isActive ?? false);
        info.kickKind = kick ? KickKind.long : KickKind.inWalk;
        info.gaitPhase = walking ? walk.gaitPhase : 0;
        info.kickStrength = kick?.isActive ? kick.kickStrength : walking && walk.isKicking ? walk.kickStrength : 0;
        info.isFallen = walk.isFallen;
        info.specialAction = kept.special;
        info.getUpTries = the.KeyframeMotionEngineOutput.getUpTries;
        info.getUpCount = the.KeyframeMotionEngineOutput.getUpCount;
      },
    },
  };
});
