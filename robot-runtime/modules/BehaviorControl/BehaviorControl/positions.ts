/**
 * @file Where players stand: kick-off positions for the ready state and the ball-dependent positions of the
 * supporter, the defenders and the forwards while playing. All in the team frame (own goal at negative x), mm.
 */
import { clamp } from '@robot-runtime/math/scalar';
import type { Pose2, Vec2 } from '@robot-runtime/math/types';
import type { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';

/**
 * Kick-off position of a player: the goalkeeper in its goal, two defenders, two wings and two forwards. With the
 * own kick-off, player 6 stands right behind the ball; otherwise everyone keeps out of the centre circle.
 */
export function kickOffPosition(playerNumber: number, ownKickOff: boolean, field: Readonly<FieldDimensions>): Pose2 {
  const goalX = -field.xPosOpponentGroundLine;
  const table: Record<number, Vec2> = {
    1: { x: goalX + 200, y: 0 },
    2: { x: -3000, y: 1100 },
    3: { x: -3000, y: -1100 },
    4: { x: -2000, y: 1900 },
    5: { x: -2000, y: -1900 },
    6: ownKickOff ? { x: -200, y: 0 } : { x: -1000, y: 0 },
    7: ownKickOff ? { x: -900, y: -1100 } : { x: -1300, y: -900 },
  };
  const p = table[playerNumber] ?? { x: -1500 + 100 * playerNumber, y: 0 };
  return { rotation: 0, translation: p };
}

/** The supporter waits diagonally behind the ball, towards the middle of the field, ready for a rebound. */
export function supporterPosition(ball: Vec2, field: Readonly<FieldDimensions>): Vec2 {
  const x = clamp(ball.x - 1300, -field.xPosOpponentGroundLine + 800, field.xPosOpponentGroundLine - 1000);
  const y = clamp(
    ball.y > 0 ? ball.y - 1100 : ball.y + 1100,
    -field.yPosLeftSideline + 400,
    field.yPosLeftSideline - 400,
  );
  return { x, y };
}

/**
 * Defender `index` of `count` (ordered by player number) forms a line between the ball and the own goal: the
 * line moves up with the ball but never beyond the own half's front third.
 */
export function defenderPosition(index: number, count: number, ball: Vec2, field: Readonly<FieldDimensions>): Vec2 {
  const goalX = -field.xPosOpponentGroundLine;
  const x = clamp(ball.x * 0.5 - 2000, goalX + 900, -600);
  const spread = count <= 1 ? [0] : Array.from({ length: count }, (_, i) => -1 + (2 * i) / (count - 1));
  const width = count <= 1 ? 0 : count === 2 ? 1000 : 1700;
  const y = clamp(
    ball.y * 0.4 + (spread[index] ?? 0) * width,
    -field.yPosLeftSideline + 300,
    field.yPosLeftSideline - 300,
  );
  return { x, y };
}

/**
 * Forward `index` of `count` (ordered from right to left) waits ahead of the ball on a wing, for the ball that the
 * striker kicks forward or that rebounds from the opponents: it then is the closest and takes the ball on towards
 * the goal. Never deeper than 1.5 m into the own half, never closer to the opponent goal line than its penalty area.
 */
export function forwardPosition(index: number, count: number, ball: Vec2, field: Readonly<FieldDimensions>): Vec2 {
  const x = clamp(ball.x + 1800, -1500, field.xPosOpponentPenaltyArea);
  const side = count <= 1 ? (ball.y > 0 ? -1 : 1) : -1 + (2 * index) / (count - 1);
  const y = clamp(ball.y * 0.3 + side * 1500, -field.yPosLeftSideline + 400, field.yPosLeftSideline - 400);
  return { x, y };
}

/** The goalkeeper's spot on its goal line, shifted towards the ball's side but inside the posts. */
export function goalkeeperPosition(ball: Vec2 | undefined, field: Readonly<FieldDimensions>): Vec2 {
  const x = -field.xPosOpponentGroundLine + 250;
  if (!ball) return { x, y: 0 };
  const limit = field.yPosLeftGoal - 250;
  return { x, y: clamp((ball.y * 400) / Math.max(400, ball.x - x), -limit, limit) };
}
