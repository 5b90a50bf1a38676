/**
 * Where a kick reaches the ball. A NAO V6 foot is ~160 mm long with its sole centred ~20 mm ahead of the hip
 * (front edge ~100 mm ahead of the torso) and the feet ~100 mm apart (hips at y = ±50 mm). A kick swings the foot
 * forward by up to ~100 mm, so the ball's centre must lie in front of a foot: x in [60, 280] mm and within
 * ±70 mm (half a foot plus the ball's reach) of that foot's centre line. The long kick stretches the leg fully
 * (the KickEngine's swing aims 280 mm ahead) and is played with the ball 225–265 mm ahead: up to 250 mm, capsule
 * robots standing correctly for it missed the ball.
 */
import type { Vec2 } from '@robot-runtime/math/types';

/** The strongest kick's ball speed (mm/s): rolls ~8 m with the default rolling resistance. */
export const MAX_KICK_SPEED = 4000;
/** Foot centre lines (mm, robot frame). */
export const FOOT_Y = 50;
const REACH_X = { min: 60, max: 280 };
const REACH_Y = 70;

/** Returns which foot can kick a ball at `ballRel` (robot frame, mm), or undefined if none can. */
export function kickingFoot(ballRel: Vec2): 'left' | 'right' | undefined {
  if (ballRel.x < REACH_X.min || ballRel.x > REACH_X.max) return undefined;
  const left = Math.abs(ballRel.y - FOOT_Y),
    right = Math.abs(ballRel.y + FOOT_Y);
  if (Math.min(left, right) > REACH_Y) return undefined;
  return left <= right ? 'left' : 'right';
}
