/**
 * @file Motion selection and combination of the Motion thread (docs/motion.md, B-Human's MotionCombinator): each
 * motion engine provides its own output (joint angles, stiffnesses, whether it may be left now); this module
 * chooses the active motion from the MotionRequest and the robot's state, commands the active engine's joints as
 * the one JointRequest (the head control's angles where the engine leaves the head free) and blends the joints
 * smoothly from the previous motion for `interpolationTime` after each switch. A motion is left only when its
 * engine says leaving is possible, except for playDead. It also provides MotionInfo.
 */
import { defineModule } from '../../../core/module/defineModule';
import { defineParameters, field, t } from '../../../core/streamable';
import { FrameInfo } from '../../../representations/Infrastructure/FrameInfo';
import { GameState } from '../../../representations/Infrastructure/GameState';
import { JOINT_IGNORE, JOINT_OFF, Joint } from '../../../representations/Infrastructure/Joints';
import { JointRequest } from '../../../representations/Infrastructure/JointRequest';
import { JointSensorData } from '../../../representations/Infrastructure/JointSensorData';
import { HeadAngles } from '../../../representations/MotionControl/HeadAngles';
import type { MotionEngineOutput } from '../../../representations/MotionControl/MotionEngineOutput';
import { MotionInfo } from '../../../representations/MotionControl/MotionInfo';
import { MotionRequest, MotionType } from '../../../representations/MotionControl/MotionRequest';
import { WalkingEngineOutput } from '../../../representations/MotionControl/WalkingEngineOutput';

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
});

/** Which engine's output executes a motion; `undefined` is no engine (playDead: every motor off). */
type Engine = 'walk' | undefined;

const clamp = (v: number, min: number, max: number): number => Math.min(max, Math.max(min, v));
/** Smooth 0..1 ramp with zero speed at both ends. */
const smooth = (p: number): number => 0.5 - 0.5 * Math.cos(Math.PI * clamp(p, 0, 1));

export const MotionCombinator = defineModule({
  name: 'MotionCombinator',
  category: 'MotionControl',
  requires: [FrameInfo, MotionRequest, WalkingEngineOutput],
  uses: [HeadAngles, JointSensorData, GameState],
  provides: [JointRequest, MotionInfo],
  parameters: Parameters,
}).implement(({ the, params }) => {
  let frameTime = -1;
  let motion: number = MotionType.stand;
  let switchTime = -Infinity;
  /** The joints commanded in the previous frame, and where the blend after the last switch starts. */
  let lastAngles = Joint.names.map(() => JOINT_OFF);
  let lastStiffnesses = Joint.names.map(() => 0);
  let fromAngles = lastAngles;
  let fromStiffnesses = lastStiffnesses;

  /** The engine that executes `m`. New engines add their motions here and their output to `outputOf`. */
  function engineOf(m: number): Engine {
    return m === MotionType.playDead ? undefined : 'walk';
  }

  function outputOf(engine: Engine): Readonly<MotionEngineOutput> | undefined {
    return engine === 'walk' ? the.WalkingEngineOutput : undefined;
  }

  /** The motion the request and the robot's state ask for, before the active engine agrees to hand over. */
  function wantedMotion(): number {
    const requested = the.MotionRequest.motion;
    if (requested === MotionType.playDead) return MotionType.playDead;
    return the.WalkingEngineOutput.executedMotion;
  }

  /** Chooses this frame's motion; a switch to another engine starts a blend from the last command. */
  function select(now: number): void {
    const wanted = wantedMotion();
    const engine = engineOf(motion);
    // playDead (motors off) does not wait for the active motion to finish.
    const mayLeave = (outputOf(engine)?.isLeavingPossible ?? true) || wanted === MotionType.playDead;
    if (wanted === motion || (!mayLeave && engineOf(wanted) !== engine)) return;
    if (engineOf(wanted) !== engine) {
      switchTime = now;
      const measured = the.JointSensorData?.angles;
      // Joints that were off or weak did not hold their command: blend from where they really are.
      fromAngles = lastAngles.map((a, j) =>
        (a === JOINT_OFF || a === JOINT_IGNORE || lastStiffnesses[j]! < params.lowStiffness) &&
        measured &&
        Math.abs(measured[j]!) <= 2 * Math.PI
          ? measured[j]!
          : a,
      );
      fromStiffnesses = lastStiffnesses;
    }
    motion = wanted;
  }

  /** The active engine's joints, the head control's angles where the head is free. */
  function target(): { angles: number[]; stiffnesses: number[] } {
    const output = outputOf(engineOf(motion));
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
    if (now === frameTime) return;
    frameTime = now;
    select(now);
    const goal = target();
    const r = smooth((now - switchTime) / 1000 / Math.max(params.interpolationTime, 1e-3));
    const blend = (from: number, to: number): number =>
      r >= 1 || from === JOINT_OFF || from === JOINT_IGNORE || to === JOINT_OFF || to === JOINT_IGNORE
        ? to
        : from + (to - from) * r;
    lastAngles = goal.angles.map((a, j) => blend(fromAngles[j]!, a));
    // A motor switched off is off at once, whatever its stiffness was.
    lastStiffnesses = goal.stiffnesses.map((s, j) =>
      goal.angles[j] === JOINT_OFF ? s : Math.round(blend(fromStiffnesses[j]!, s)),
    );
  }

  return {
    update: {
      JointRequest(request) {
        update();
        request.timestamp = the.FrameInfo.time;
        request.angles = [...lastAngles];
        request.stiffnessData.stiffnesses = [...lastStiffnesses];
      },
      MotionInfo(info) {
        update();
        const walk = the.WalkingEngineOutput;
        const walking = engineOf(motion) === 'walk';
        info.executedMotion = motion;
        info.speed = walking
          ? { rotation: walk.speed.rotation, translation: { ...walk.speed.translation } }
          : { rotation: 0, translation: { x: 0, y: 0 } };
        info.isKicking = walking && walk.isKicking;
        info.gaitPhase = walking ? walk.gaitPhase : 0;
        info.kickStrength = walking ? walk.kickStrength : 0;
        info.isFallen = walk.isFallen;
      },
    },
  };
});
