/**
 * @file The keyframe motion format (config maps, see config/Scenarios/Default/keyframeMotionEngine.cfg and
 * docs/motion.md): a motion is a list of keyframes; each keyframe gives the joint angles to reach, the time to
 * reach them, the stiffness per limb, and optional checks of the torso's orientation when it is reached (a get-up
 * whose torso did not come up is aborted and tried again). Also the checks of a loaded motion's values that the
 * types alone do not express, and the torso angles the checks use.
 */
import type { ParameterProblem } from '@robot-runtime/core/module/defineModule';
import { defineClass, field, t, type ValueOf } from '@robot-runtime/core/streamable';
import { deg } from '@robot-runtime/math/vec2';
import { Joint, LEFT_LEG_JOINTS, RIGHT_LEG_JOINTS } from '@robot-runtime/representations/Infrastructure/Joints';

/** A range of angles (B-Human's Rangea). */
export const AngleRange = defineClass('Range<Angle>', {
  min: field(t.angle, 'Smallest allowed angle (rad).'),
  max: field(t.angle, 'Largest allowed angle (rad).'),
});
export type AngleRange = ValueOf<typeof AngleRange>;

/** One pose of a keyframe motion and how to get there. */
export const Keyframe = defineClass('KeyframeMotion::Keyframe', {
  duration: field(t.int32, 'Time to move from the previous pose to this one (ms), with a smooth start and stop.', 500),
  head: field(t.array(t.angle, 2), 'HeadYaw, HeadPitch (rad).'),
  leftArm: field(
    t.array(t.angle, 6),
    'LShoulderPitch, LShoulderRoll, LElbowYaw, LElbowRoll, LWristYaw, LHand (rad; the hand 0..1 rad closed..open).',
  ),
  rightArm: field(t.array(t.angle, 6), 'The same joints of the right arm (rad).'),
  leftLeg: field(t.array(t.angle, 6), 'LHipYawPitch, LHipRoll, LHipPitch, LKneePitch, LAnklePitch, LAnkleRoll (rad).'),
  rightLeg: field(
    t.array(t.angle, 6),
    'RHipYawPitch (the same motor as LHipYawPitch; the left value is used), RHipRoll … RAnkleRoll (rad).',
  ),
  stiffness: field(
    t.array(t.int32, 5),
    'Stiffness (percent, 0..100) of the head, left arm, right arm, left leg and right leg while moving here.',
    () => [100, 100, 100, 100, 100],
  ),
  waitUntilStill: field(
    t.int32,
    'After reaching this pose, wait at most this long (ms) until the torso turns slower than stillGyro.',
  ),
  torsoPitch: field(
    t.optional(AngleRange),
    'If given, the torso pitch (forward positive; lying on the front 90deg, on the back -90deg) must lie in this range once the pose is reached, else the motion failed.',
  ),
  torsoRoll: field(
    t.optional(AngleRange),
    'If given, the torso roll (leaning left positive; lying on the side ±90deg) must lie in this range once the pose is reached, else the motion failed.',
  ),
});
export type Keyframe = ValueOf<typeof Keyframe>;

/** A motion: its keyframes played in order from the pose the robot is in. */
export const KeyframeMotion = defineClass('KeyframeMotion', {
  keyframes: field(t.vector(Keyframe), 'The poses, in order; the last one is held when the motion is done.'),
  endsStanding: field(
    t.bool,
    'True when the last pose is a stand the walk can take over from; false (sitting) makes the robot play the stand motion before it walks.',
    true,
  ),
});
export type KeyframeMotion = ValueOf<typeof KeyframeMotion>;

/** The joints of a keyframe's limb arrays, in their order. */
const LIMBS = {
  head: [Joint.headYaw, Joint.headPitch],
  leftArm: [Joint.lShoulderPitch, Joint.lShoulderRoll, Joint.lElbowYaw, Joint.lElbowRoll, Joint.lWristYaw, Joint.lHand],
  rightArm: [
    Joint.rShoulderPitch,
    Joint.rShoulderRoll,
    Joint.rElbowYaw,
    Joint.rElbowRoll,
    Joint.rWristYaw,
    Joint.rHand,
  ],
  leftLeg: LEFT_LEG_JOINTS,
  rightLeg: RIGHT_LEG_JOINTS,
} as const;
const LIMB_NAMES = ['head', 'leftArm', 'rightArm', 'leftLeg', 'rightLeg'] as const;

/** A keyframe's angles and stiffnesses per joint (B-Human's joint order); the hip yaw-pitch motor is the left one. */
export function keyframeJoints(k: Keyframe): { angles: number[]; stiffnesses: number[] } {
  const angles = Joint.names.map(() => 0);
  const stiffnesses = Joint.names.map(() => 0);
  LIMB_NAMES.forEach((limb, l) =>
    LIMBS[limb].forEach((j, i) => {
      angles[j] = k[limb][i] ?? 0;
      stiffnesses[j] = Math.min(100, Math.max(0, k.stiffness[l] ?? 0));
    }),
  );
  angles[Joint.rHipYawPitch] = angles[Joint.lHipYawPitch]!;
  return { angles, stiffnesses };
}

/**
 * The torso's pitch and roll as the checks use them, free of the Euler angles' branch flips: pitch is the turn
 * about the torso's y axis from upright (lying on the front +90°, on the back −90°, on the head ±180°), roll how far
 * the torso's y axis points up (lying on the right side +90°).
 */
export function torsoAngles(angle: { x: number; y: number }): { pitch: number; roll: number } {
  const { x: roll, y: pitch } = angle;
  return {
    pitch: Math.atan2(Math.sin(pitch), Math.cos(roll) * Math.cos(pitch)),
    roll: Math.asin(Math.max(-1, Math.min(1, Math.sin(roll) * Math.cos(pitch)))),
  };
}

/** Limits the checks allow: a keyframe longer than this is surely a typo (ms). */
const MAX_DURATION = 60_000;

/** Problems the types do not catch: durations, stiffnesses, ranges, angles beyond any NAO joint. */
export function checkKeyframeMotion(motion: KeyframeMotion, path: string): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  motion.keyframes.forEach((k, i) => {
    const at = `${path}.keyframes[${i}]`;
    if (!(k.duration >= 0 && k.duration <= MAX_DURATION))
      problems.push({ path: `${at}.duration`, message: `duration ${k.duration} ms is outside 0..${MAX_DURATION}` });
    if (!(k.waitUntilStill >= 0 && k.waitUntilStill <= MAX_DURATION))
      problems.push({
        path: `${at}.waitUntilStill`,
        message: `waitUntilStill ${k.waitUntilStill} ms is outside 0..${MAX_DURATION}`,
      });
    k.stiffness.forEach((s, l) => {
      if (!(s >= 0 && s <= 100))
        problems.push({ path: `${at}.stiffness[${l}]`, message: `stiffness ${s} is outside 0..100 percent` });
    });
    for (const limb of LIMB_NAMES)
      k[limb].forEach((a, j) => {
        if (!(Math.abs(a) <= deg(180)))
          problems.push({ path: `${at}.${limb}[${j}]`, message: `angle ${a} rad is beyond ±180deg` });
      });
    for (const check of ['torsoPitch', 'torsoRoll'] as const) {
      const r = k[check];
      if (r && !(r.min <= r.max))
        problems.push({ path: `${at}.${check}`, message: `the range's min is above its max` });
    }
  });
  return problems;
}
