/**
 * What the referee decides when the ball leaves the field (SPL rules: it is out once it has completely crossed
 * the outer edge of a sideline or goal line): over a sideline a kick-in for the opponents of the team that
 * touched it last; over a goal line (outside the goal) a corner kick if the defending team touched it last,
 * else a goal kick for the defenders. Placement: kick-in on the sideline where it left, corner kick at that
 * corner, goal kick at the nearer front corner of the goal area.
 */
import type { Vec2, Vec3 } from '@robot-runtime/math/types';
import type { FieldDimensions } from '../scene/SceneModel';
import { SetPlay, type SetPlayCode } from './GameControllerData';

/** The referee's decision for a ball out. */
export interface BallOutDecision {
  setPlay: SetPlayCode;
  /** Team index (0 first, 1 second) that gets the set play. */
  team: 0 | 1;
  placement: Vec2;
}

/** Whether a ball centre is completely over a line at `edge` (outer edge of the line), given its radius. */
const beyond = (value: number, edge: number, radius: number): boolean => Math.abs(value) > edge + radius;

/** Whether the ball is inside a goal: completely over the goal line, between the posts and under the crossbar. */
export function isInGoal(ball: Vec3, field: FieldDimensions, radius: number): boolean {
  return (
    beyond(ball.x, field.length / 2 + field.lineWidth / 2, radius) &&
    Math.abs(ball.y) < field.goalInnerWidth / 2 &&
    ball.z < field.goalHeight &&
    Math.abs(ball.x) < field.length / 2 + field.goalDepth + 100
  );
}

/**
 * Decides a ball out, or returns undefined while the ball is in play. `defendsNegativeX` is the team index
 * defending the −x goal; `lastTouched` the team that touched the ball last (undefined: unknown, then the ball
 * goes to the team defending that half for kick-ins and to the defenders for goal-line outs).
 */
export function decideBallOut(
  ball: Vec3,
  field: FieldDimensions,
  radius: number,
  defendsNegativeX: 0 | 1,
  lastTouched: 0 | 1 | undefined,
): BallOutDecision | undefined {
  const halfLength = field.length / 2,
    halfWidth = field.width / 2,
    lw = field.lineWidth / 2;
  const sx = Math.sign(ball.x) || 1,
    sy = Math.sign(ball.y) || 1;
  const other = (t: 0 | 1): 0 | 1 => (t === 0 ? 1 : 0);
  const defender: 0 | 1 = sx < 0 ? defendsNegativeX : other(defendsNegativeX);
  if (beyond(ball.x, halfLength + lw, radius)) {
    if (isInGoal(ball, field, radius)) return undefined;
    if (lastTouched === defender)
      return {
        setPlay: SetPlay.cornerKick,
        team: other(defender),
        placement: { x: sx * halfLength, y: sy * halfWidth },
      };
    return {
      setPlay: SetPlay.goalKick,
      team: defender,
      placement: { x: sx * (halfLength - field.goalAreaLength), y: sy * (field.goalAreaWidth / 2) },
    };
  }
  if (beyond(ball.y, halfWidth + lw, radius)) {
    const team = lastTouched === undefined ? defender : other(lastTouched);
    return {
      setPlay: SetPlay.kickIn,
      team,
      placement: { x: Math.max(-halfLength, Math.min(halfLength, ball.x)), y: sy * halfWidth },
    };
  }
  return undefined;
}
