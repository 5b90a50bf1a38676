/**
 * @file The long kick's motion as keyframes in foot space (docs/motion.md, "Kicks"): where the hips stand over the
 * feet and where the kicking foot is, relative to the stand pose, at each phase of the kick. Each keyframe becomes
 * leg angles by the inverse kinematics; between keyframes the angles follow a cosine ramp (zero speed at both
 * ends). Interpolating angles rather than positions makes the swing a whip of the knee: the drawn-back and the
 * forward foot are placed so that the thigh keeps its angle, only the light shank and foot swing, much faster than
 * the whole leg could, and the foot is fastest in the middle of the swing, where it meets the ball.
 */
import { legAngles, type LegAngles } from '@robot-runtime/math/legKinematics';
import { smoothRamp } from '@robot-runtime/math/scalar';

/** Where the legs are at one instant of the kick, relative to the stand pose (mm). */
export interface KickPose {
  /** Sideways shift of the hips towards the support foot (mm, positive towards it). */
  shift: number;
  /** Kicking foot ahead of its hip (mm). */
  footX: number;
  /** Kicking foot lifted above the ground (mm). */
  footZ: number;
  /** The hips' shared yaw-pitch joint (rad; positive turns both toes inwards): aims the kicking foot. */
  hipYawPitch: number;
}

/** The timing and shape of the kick (each field is a module parameter with its doc). */
export interface KickShape {
  shiftDuration: number;
  liftDuration: number;
  swingDuration: number;
  holdDuration: number;
  returnDuration: number;
  setDownDuration: number;
  shift: number;
  drawBack: number;
  reach: number;
  liftHeight: number;
  swingHeight: number;
  hipYawPitch: number;
}

interface Keyframe {
  /** Seconds to get from the previous keyframe to this one. */
  duration: number;
  pose: KickPose;
}

/** The keyframes of one kick; `swingScale` (> 0) stretches the swing's duration (a weaker kick swings slower). */
export function kickKeyframes(k: KickShape, swingScale = 1): Keyframe[] {
  const stand = { shift: 0, footX: 0, footZ: 0, hipYawPitch: 0 };
  const shifted = { ...stand, shift: k.shift };
  const drawnBack = { ...shifted, hipYawPitch: k.hipYawPitch, footX: -k.drawBack, footZ: k.liftHeight };
  const forward = { ...shifted, hipYawPitch: k.hipYawPitch, footX: k.reach, footZ: k.swingHeight };
  return [
    { duration: 0, pose: stand },
    { duration: k.shiftDuration, pose: shifted },
    { duration: k.liftDuration, pose: drawnBack },
    { duration: k.swingDuration * swingScale, pose: forward },
    { duration: k.holdDuration, pose: forward },
    { duration: k.returnDuration, pose: { ...shifted, footZ: k.liftHeight } },
    { duration: k.setDownDuration, pose: shifted },
    { duration: k.shiftDuration, pose: stand },
  ];
}

/** Total duration of a kick (s). */
export function kickDuration(frames: Keyframe[]): number {
  return frames.reduce((sum, f) => sum + f.duration, 0);
}

/** Which keyframe phase `time` lies in: the index of the keyframe being approached (0 before, length after). */
export function kickPhase(frames: Keyframe[], time: number): number {
  let end = 0;
  for (let i = 1; i < frames.length; i++) {
    end += frames[i]!.duration;
    if (time < end) return i;
  }
  return frames.length;
}

/** The angles of both legs in a pose: the hips `hipHeight` (mm) above the ankles in the stand. */
export interface KickLegs {
  kicking: LegAngles;
  support: LegAngles;
  /** The hips' yaw-pitch joint (rad), see KickPose. */
  hipYawPitch: number;
}

function legsOf(pose: KickPose, hipHeight: number, towardsSupport: number): KickLegs {
  // The hips move towards the support foot: relative to the hips, both feet move the other way.
  const y = -towardsSupport * pose.shift;
  return {
    kicking: legAngles(pose.footX, y, hipHeight - pose.footZ),
    support: legAngles(0, y, hipHeight),
    hipYawPitch: pose.hipYawPitch,
  };
}

const mix = (a: LegAngles, b: LegAngles, s: number): LegAngles => ({
  hipRoll: a.hipRoll + (b.hipRoll - a.hipRoll) * s,
  hipPitch: a.hipPitch + (b.hipPitch - a.hipPitch) * s,
  knee: a.knee + (b.knee - a.knee) * s,
  anklePitch: a.anklePitch + (b.anklePitch - a.anklePitch) * s,
  ankleRoll: a.ankleRoll + (b.ankleRoll - a.ankleRoll) * s,
});

/**
 * The legs `time` seconds into the kick (the stand before and after). `towardsSupport` is the sign of the
 * support foot's side in the hips' y (left positive): -1 when the left foot kicks.
 */
export function kickLegsAt(frames: Keyframe[], time: number, hipHeight: number, towardsSupport: number): KickLegs {
  const legs = (pose: KickPose): KickLegs => legsOf(pose, hipHeight, towardsSupport);
  let begin = 0;
  for (let i = 1; i < frames.length; i++) {
    const { duration, pose } = frames[i]!;
    if (time < begin + duration) {
      const from = legs(frames[i - 1]!.pose);
      const to = legs(pose);
      const s = smoothRamp((time - begin) / duration);
      return {
        kicking: mix(from.kicking, to.kicking, s),
        support: mix(from.support, to.support, s),
        hipYawPitch: from.hipYawPitch + (to.hipYawPitch - from.hipYawPitch) * s,
      };
    }
    begin += duration;
  }
  return legs(frames[frames.length - 1]!.pose);
}
