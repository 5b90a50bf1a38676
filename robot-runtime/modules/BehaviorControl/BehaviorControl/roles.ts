/**
 * @file Role assignment through team communication. The goalkeeper is the player the GameController names. Of
 * the other active players, the one that needs the least time to reach the ball is the striker, the next one
 * the supporter; of the rest, those standing furthest up the field are forwards (at most half of them), the others
 * defenders. Every robot computes the same ranking from its own estimate and what its teammates reported, so no
 * negotiation is needed; the current striker gets a bonus so that roles do not flicker while two robots are about
 * equally far. Defenders and forwards take their slots across the field in the order in which they stand across
 * it, so that none has to cross another's way to its slot.
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
  /** Where it stands along the field (field x, mm; the own goal at negative x). */
  x: number;
  /** Where it stands across the field (field y, mm). */
  y: number;
}

/** A role, and for defenders and forwards the slot in their line (0 furthest right, -y) and the line's size. */
export interface RoleAssignment {
  role: number;
  slot: number;
  slots: number;
}

/**
 * The roles of all candidates: striker, supporter, then forwards and defenders, each with its slot from right to left
 * (by y; the slots of positions.ts are ordered so). Ordered by player number, defenders swapped slots whenever the
 * striker changed and walked into each other on the way: a third of the falls after contact in articulated games.
 * The forwards are the `maxForwards` (at most half of the rest) that stand furthest up the field, so the striker's
 * change moves no one across the field.
 */
export function assignRoles(
  candidates: readonly Candidate[],
  strikerBonus: number,
  maxForwards = 0,
): Map<number, RoleAssignment> {
  const effective = (c: Candidate): number => Math.max(0, c.time - (c.striker ? strikerBonus : 0));
  const ranked = [...candidates].sort((a, b) => effective(a) - effective(b) || a.number - b.number);
  const upField = ranked.slice(2).sort((a, b) => b.x - a.x || a.number - b.number);
  const forwardCount = Math.min(maxForwards, Math.floor(upField.length / 2));
  const roles = new Map<number, RoleAssignment>();
  /** Gives a line its role, the slots in the order in which its members stand across the field. */
  const line = (members: Candidate[], role: number): void =>
    members
      .sort((a, b) => a.y - b.y || a.number - b.number)
      .forEach((c, slot) => roles.set(c.number, { role, slot, slots: members.length }));
  if (ranked[0]) line([ranked[0]], BehaviorRole.striker);
  if (ranked[1]) line([ranked[1]], BehaviorRole.supporter);
  line(upField.slice(0, forwardCount), BehaviorRole.forward);
  line(upField.slice(forwardCount), BehaviorRole.defender);
  return roles;
}
