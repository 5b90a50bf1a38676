/**
 * @file Inverse kinematics of a NAO leg for a foot kept parallel to the ground: from the ankle's position relative
 * to the hip joint to hip roll, hip pitch, knee pitch, ankle pitch and ankle roll. The hip yaw-pitch joint is set
 * by the caller (it turns the foot; its small coupling into roll and pitch is left to the balance feedback).
 */
import { clamp } from './scalar';

/** Thigh length (hip pitch axis to knee axis) of a NAO V6 (mm). */
export const NAO_THIGH = 100;
/** Tibia length (knee axis to ankle axis) of a NAO V6 (mm). */
export const NAO_TIBIA = 102.9;
/** Thigh plus tibia of a NAO V6 (mm): the stretched leg, from which a stand's hip height follows with its bend. */
export const NAO_LEG = NAO_THIGH + NAO_TIBIA;

/** The five leg angles (rad) that place the ankle; NAO sign conventions (negative hip pitch lifts the leg forward). */
export interface LegAngles {
  hipRoll: number;
  hipPitch: number;
  knee: number;
  anklePitch: number;
  ankleRoll: number;
}

/**
 * Angles for an ankle at (x forward, y left, z down) mm from the hip joint, foot flat. A target out of reach is
 * met as closely as the stretched leg allows, so a bad request bends nothing backwards.
 */
export function legAngles(x: number, y: number, z: number, thigh = NAO_THIGH, tibia = NAO_TIBIA): LegAngles {
  const hipRoll = Math.atan2(y, Math.max(z, 1));
  const down = Math.hypot(y, z); // length along the leg's plane after the hip roll
  const reach = clamp(Math.hypot(x, down), Math.abs(thigh - tibia) + 1e-6, thigh + tibia - 1e-6);
  const kneeInner = Math.acos(clamp((thigh * thigh + tibia * tibia - reach * reach) / (2 * thigh * tibia), -1, 1));
  const knee = Math.PI - kneeInner;
  const thighToReach = Math.acos(clamp((thigh * thigh + reach * reach - tibia * tibia) / (2 * thigh * reach), -1, 1));
  const hipPitch = -(Math.atan2(x, down) + thighToReach);
  return { hipRoll, hipPitch, knee, anklePitch: -(hipPitch + knee), ankleRoll: -hipRoll };
}

/** Forward kinematics of {@link legAngles} (the ankle's x forward and z down in the leg plane, mm): for tests. */
export function anklePosition(a: LegAngles, thigh = NAO_THIGH, tibia = NAO_TIBIA): { x: number; y: number; z: number } {
  const x = -thigh * Math.sin(a.hipPitch) - tibia * Math.sin(a.hipPitch + a.knee);
  const down = thigh * Math.cos(a.hipPitch) + tibia * Math.cos(a.hipPitch + a.knee);
  return { x, y: down * Math.sin(a.hipRoll), z: down * Math.cos(a.hipRoll) };
}
