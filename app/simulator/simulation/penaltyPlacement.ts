/**
 * @file Where the simulator's referee puts penalized robots, as the SPL's assistant referees do: a robot that is
 * penalized leaves the field (it waits beside the carpet, in its own half), and when its penalty ends it comes
 * back on the sideline at the height of its own penalty mark, on the side away from the ball, facing the field.
 * A robot penalized for a motion in `set` or `standby` stays where it is, as the rules say. Which robots have left
 * the field: those whose centre is farther than {@link LEAVING_MARGIN} beyond the outer edge of a sideline or goal
 * line (a NAO's feet reach about 100 mm from its centre: then both are off the field), unless they are playing
 * the ball (closer than {@link PLAYING_BALL_DISTANCE}): a corner kick or a kick-in is taken from outside the lines.
 */
import type { Pose2, Vec2 } from '@robot-runtime/math/types';
import type { FieldDimensions } from '../scene/SceneModel';

/** How far (mm) beyond the outer edge of the lines a robot's centre must be to have left the field. */
export const LEAVING_MARGIN = 150;
/** A robot this close (mm) to the ball plays it and may stand outside the lines. */
export const PLAYING_BALL_DISTANCE = 600;
/** Distance (mm) of the waiting robots from the outer edge of the sideline, off the carpet. */
const BENCH_DISTANCE = 1200;
/** Gap (mm) between waiting robots along the sideline. */
const BENCH_SPACING = 400;

/** Whether a robot centred at `position` (field frame) has left the field, the ball lying at `ball`. */
export function hasLeftField(position: Vec2, field: FieldDimensions, ball?: Vec2): boolean {
  if (ball && Math.hypot(ball.x - position.x, ball.y - position.y) < PLAYING_BALL_DISTANCE) return false;
  const edge = field.lineWidth / 2 + LEAVING_MARGIN;
  return Math.abs(position.x) > field.length / 2 + edge || Math.abs(position.y) > field.width / 2 + edge;
}

/**
 * Where a penalized robot waits: off the carpet beside the right sideline (−y) in its own half, one place per
 * player number. `ownHalfSign` is −1 for the team defending the −x goal.
 */
export function benchPose(playerNumber: number, ownHalfSign: number, field: FieldDimensions): Pose2 {
  return {
    rotation: Math.PI / 2,
    translation: {
      x: ownHalfSign * (field.centerCircleDiameter / 2 + playerNumber * BENCH_SPACING),
      y: -(field.width / 2 + field.lineWidth / 2 + BENCH_DISTANCE),
    },
  };
}

/**
 * Where a robot whose penalty ended comes back: on the sideline at its own penalty mark, on the side away from
 * the ball (the left one if the ball is unknown or on the centre line), facing the field.
 */
export function returnPose(ball: Vec2 | undefined, ownHalfSign: number, field: FieldDimensions): Pose2 {
  const side = ball !== undefined && ball.y > 0 ? -1 : 1;
  return {
    rotation: -side * (Math.PI / 2),
    translation: { x: ownHalfSign * (field.length / 2 - field.penaltyMarkDistance), y: side * (field.width / 2) },
  };
}
