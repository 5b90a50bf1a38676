/**
 * @file Role assignment through team communication. The goalkeeper is the player the GameController names. Of
 * the other active players, the one that needs the least time to reach the ball is the striker, the next one
 * the supporter, the rest defenders. Every robot computes the same ranking from its own estimate and what its
 * teammates reported, so no negotiation is needed; the current striker gets a bonus so that roles do not flicker
 * while two robots are about equally far. The defenders take their slots across the field in the order in which
 * they stand across it, so that none has to cross another's way to its slot.
 */
import type { Pose2, Vec2 } from '@robot-runtime/math/types';
import { angleOf, norm, normalizeAngle, sub } from '@robot-runtime/math/vec2';
import { BehaviorRole } from '@robot-runtime/representations/BehaviorControl/BehaviorStatus';

/** Walking speed and turning speed assumed for the time to the ball. */
const WALK_SPEED = 220; // mm/s
const TURN_SPEED = Math.PI / 3; // rad/s

/** Time (ms) a robot at `pose` needs to get to `ball` (field coordinates). */
export function timeToReachBall(pose: Pose2, ball: Vec2): number {
  const offset = sub(ball, pose.translation);
  const turn = Math.abs(normalizeAngle(angleOf(offset) - pose.rotation));
  return Math.round((norm(offset) / WALK_SPEED + turn / TURN_SPEED) * 1000);
}

/** A field player competing for roles. */
export interface Candidate {
  number: number;
  /** Time to the ball (ms). */
  time: number;
  /** Whether it is the striker now (it gets the hysteresis bonus). */
  striker: boolean;
  /** Where it stands across the field (field y, mm). */
  y: number;
}

/**
 * The roles of all candidates: striker, supporter, then defenders, with their index among the defenders from right
 * to left (by y; defender slots are ordered so). Ordered by player number, defenders swapped slots whenever the
 * striker changed and walked into each other on the way: a third of the falls after contact in articulated games.
 */
export function assignRoles(
  candidates: readonly Candidate[],
  strikerBonus: number,
): Map<number, { role: number; defenderIndex: number; defenders: number }> {
  const effective = (c: Candidate): number => Math.max(0, c.time - (c.striker ? strikerBonus : 0));
  const ranked = [...candidates].sort((a, b) => effective(a) - effective(b) || a.number - b.number);
  const defenders = ranked
    .slice(2)
    .sort((a, b) => a.y - b.y || a.number - b.number)
    .map((c) => c.number);
  const roles = new Map<number, { role: number; defenderIndex: number; defenders: number }>();
  ranked.forEach((c, i) => {
    const role = i === 0 ? BehaviorRole.striker : i === 1 ? BehaviorRole.supporter : BehaviorRole.defender;
    roles.set(c.number, { role, defenderIndex: defenders.indexOf(c.number), defenders: defenders.length });
  });
  return roles;
}
