/**
 * @file Which kick the behaviour plays (docs/motion.md, "Kicks"): the long kick from standing for shots on goal
 * when there is time to stand and align (no other robot near the ball), the in-walk kick otherwise (dribbling
 * towards the goal from afar, short passes such as the kick-off, a robot close by).
 */
import type { Vec2 } from '@robot-runtime/math/types';
import { norm, sub } from '@robot-runtime/math/vec2';
import { KickKind } from '@robot-runtime/representations/MotionControl/MotionRequest';

export interface KickChoiceInput {
  /** The ball on the field (mm). */
  ball: Vec2;
  /** Where the kick goes, on the field (mm). */
  target: Vec2;
  /** Other robots on the field (mm). */
  obstacles: readonly Vec2[];
  /** A short pass (kick-off): never the long kick. */
  shortPass: boolean;
  /** The longest ball-to-target distance (mm) for which the long kick is a shot on goal. */
  longKickRange: number;
  /** The long kick needs no other robot closer than this (mm) to the ball. */
  longKickClearance: number;
}

/** The kind of kick for this situation. */
export function chooseKickKind(c: KickChoiceInput): number {
  if (c.shortPass) return KickKind.inWalk;
  if (norm(sub(c.target, c.ball)) > c.longKickRange) return KickKind.inWalk;
  const crowded = c.obstacles.some((o) => norm(sub(o, c.ball)) < c.longKickClearance);
  return crowded ? KickKind.inWalk : KickKind.long;
}
