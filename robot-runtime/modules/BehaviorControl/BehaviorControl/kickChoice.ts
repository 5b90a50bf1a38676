/**
 * @file Which kick the behaviour plays (docs/motion.md, "Kicks"): the long kick from standing for shots on goal
 * when there is time to stand and align (no other robot near the ball), the in-walk kick otherwise (dribbling
 * towards the goal from afar, short passes such as the kick-off, a robot close by).
 */
import type { Vec2 } from '@robot-runtime/math/types';
import { angleOf, norm, normalizeAngle, sub } from '@robot-runtime/math/vec2';
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

export interface ShotDirectionInput {
  /** The ball on the field (mm). */
  ball: Vec2;
  /** Where the kick should go ideally (the opponent goal's centre), on the field (mm). */
  target: Vec2;
  /** Other places (mm) as good as the target, tried before any other direction (spots across the goal mouth). */
  alternatives: readonly Vec2[];
  /** Other robots on the field (mm). */
  obstacles: readonly Vec2[];
  /** The direction chosen in the last frame (field, rad), if any: kept while it stays free. */
  previous: number | undefined;
  /** A robot whose centre is closer than this (mm) to the ball's path blocks it … */
  corridor: number;
  /** … if it stands within this distance (mm) along the path. */
  blockRange: number;
  /** Directions up to this far off the target (rad) are tried, in steps of `step` (rad). */
  maxDeviation: number;
  step: number;
  /** Half the field's length and width (mm): a path that leaves the field within blockRange is not taken … */
  halfLength: number;
  halfWidth: number;
  /** … unless it crosses the goal line at +halfLength closer than this (mm) to the goal's centre. */
  goalHalfWidth: number;
  /** The kicker stands this far (mm) behind the ball to kick … */
  kickDistance: number;
  /** … so a direction whose kick position has another robot's centre closer than this (mm) is taken last. */
  occupiedRadius: number;
}

/**
 * The field direction to kick the ball in: towards the target if no robot stands in the ball's path, else towards
 * the first free alternative (another spot in the goal), else the free direction closest to the target (a robot
 * facing the kicker at the ball got it back at once, and two such robots kicked it into each other for minutes).
 * The last frame's direction is kept while it stays free and no better choice is free, so that the kick position
 * does not jump between two free directions. A direction whose kick position another robot occupies comes after
 * every free one whose kick position is free: two strikers that each stood where the other had to stand pushed the
 * ball 20 cm in 30 s while both teams waited. Without a free direction, the one whose path passes the robots in it
 * at the widest distance (in a crowded penalty area the ball otherwise went straight into the keeper every step).
 */
export function chooseShotDirection(c: ShotDirectionInput): number {
  const ideal = angleOf(sub(c.target, c.ball));
  const inBounds = (along: Vec2): boolean => {
    const end = { x: c.ball.x + along.x * c.blockRange, y: c.ball.y + along.y * c.blockRange };
    if (Math.abs(end.x) <= c.halfLength && Math.abs(end.y) <= c.halfWidth) return true;
    if (along.x <= 0) return false;
    const yAtGoalLine = c.ball.y + (along.y * (c.halfLength - c.ball.x)) / along.x;
    return Math.abs(yAtGoalLine) < c.goalHalfWidth;
  };
  /** How far (mm) the ball's path passes the nearest robot in it; -1 if it leaves the field. */
  const clearance = (direction: number): number => {
    const along = { x: Math.cos(direction), y: Math.sin(direction) };
    if (!inBounds(along)) return -1;
    let nearest = Infinity;
    for (const o of c.obstacles) {
      const d = sub(o, c.ball);
      const ahead = d.x * along.x + d.y * along.y;
      if (ahead <= 0 || ahead > c.blockRange) continue;
      nearest = Math.min(nearest, Math.abs(d.x * along.y - d.y * along.x));
    }
    return nearest;
  };
  const candidates = [ideal, ...c.alternatives.map((spot) => angleOf(sub(spot, c.ball)))];
  if (c.previous !== undefined && Math.abs(normalizeAngle(c.previous - ideal)) <= c.maxDeviation)
    candidates.push(c.previous);
  for (let off = c.step; off <= c.maxDeviation + 1e-9; off += c.step)
    candidates.push(normalizeAngle(ideal + off), normalizeAngle(ideal - off));
  const occupied = (direction: number): boolean => {
    const spot = {
      x: c.ball.x - Math.cos(direction) * c.kickDistance,
      y: c.ball.y - Math.sin(direction) * c.kickDistance,
    };
    return c.obstacles.some((o) => norm(sub(o, spot)) < c.occupiedRadius);
  };
  for (const direction of candidates) if (clearance(direction) >= c.corridor && !occupied(direction)) return direction;
  let best = ideal;
  let widest = -Infinity;
  for (const direction of candidates) {
    const passes = clearance(direction);
    if (passes >= c.corridor) return direction;
    if (passes > widest) [best, widest] = [direction, passes];
  }
  return best;
}
