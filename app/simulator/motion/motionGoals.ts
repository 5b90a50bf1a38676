/**
 * @file The goals of the walk and the get-up on an articulated NAO (issue 38; docs/motion.md), each played on a
 * WalkHarness and measured from the simulation's ground truth: 60 s at the top speed forward, sideways and turning,
 * a 2 m square, getting up from the front and the back. The tests check them on each NAO model and on variations of
 * it; the figures they return are what the tests print and docs/motion.md reports.
 */
import type { Pose2 } from '@robot-runtime/math/types';
import { deg } from '@robot-runtime/math/vec2';
import { MotionType } from '@robot-runtime/representations/MotionControl/MotionRequest';
import type { WalkHarness } from './walkHarness';

/** A relative walk speed (each axis −1..1 of the top speed). */
export const speed = (x: number, y: number, rotation: number): Pose2 => ({ rotation, translation: { x, y } });

/** The walk's top speed (mm/s, rad/s). */
export const maxSpeed = (h: WalkHarness): Pose2 => h.params.maxSpeed as Pose2;

/** Walks with a relative speed; returns how far the robot really turned (rad, unwrapped) and if it ever fell. */
export function walk(
  h: WalkHarness,
  seconds: number,
  relative: (t: number) => Pose2,
): { turned: number; fell: boolean } {
  let fell = false;
  let turned = 0;
  let last = h.pose.rotation;
  h.request.motion = MotionType.walkAtRelativeSpeed;
  h.run(seconds, (t) => {
    h.request.walkSpeed = relative(t);
    fell ||= h.fallen;
    const r = h.pose.rotation;
    turned += Math.atan2(Math.sin(r - last), Math.cos(r - last));
    last = r;
  });
  return { turned, fell: fell || h.fallen };
}

/** Forward at the top speed for 60 s on a wide circle of 3 m radius (the field is too short): mean speed (mm/s). */
export function walkForward(h: WalkHarness): { fell: boolean; speed: number } {
  const steer = maxSpeed(h).translation.x / 3000 / maxSpeed(h).rotation;
  let distance = 0;
  let previous = h.pose.translation;
  const { fell } = walk(h, 60, () => {
    const p = h.pose.translation;
    distance += Math.hypot(p.x - previous.x, p.y - previous.y);
    previous = p;
    return speed(1, 0, steer);
  });
  return { fell, speed: distance / 60 };
}

/** Sideways at the top speed for 60 s, left and right 15 s each: mean sideways speed (mm/s). */
export function walkSideways(h: WalkHarness): { fell: boolean; speed: number } {
  let moved = 0;
  let y = h.pose.translation.y;
  const { fell } = walk(h, 60, (t) => {
    moved += Math.abs(h.pose.translation.y - y);
    y = h.pose.translation.y;
    return speed(0, Math.floor((t - 1) / 15) % 2 === 0 ? 1 : -1, 0);
  });
  return { fell, speed: moved / 60 };
}

/** Turning on the spot at the top speed for 60 s: mean turn rate (°/s). */
export function turnOnTheSpot(h: WalkHarness): { fell: boolean; degreesPerSecond: number } {
  const { turned, fell } = walk(h, 60, () => speed(0, 0, 1));
  return { fell, degreesPerSecond: ((turned / 60) * 180) / Math.PI };
}

/** Round a 2 m square for 60 s at the top speed (walkToPose), facing along each side: corners reached. */
export function walkSquare(h: WalkHarness): { fell: boolean; corners: number } {
  const corners = [
    { x: 2000, y: 0 },
    { x: 2000, y: 2000 },
    { x: 0, y: 2000 },
    { x: 0, y: 0 },
  ];
  let next = 0;
  let reached = 0;
  let fell = false;
  h.request.motion = MotionType.walkToPose;
  h.request.walkSpeed = speed(1, 1, 1);
  h.run(60, () => {
    fell ||= h.fallen;
    const p = h.pose;
    const c = corners[next]!;
    const dx = c.x - p.translation.x;
    const dy = c.y - p.translation.y;
    if (Math.hypot(dx, dy) < 150) {
      next = (next + 1) % corners.length;
      reached++;
    }
    const cos = Math.cos(-p.rotation);
    const sin = Math.sin(-p.rotation);
    const heading = Math.atan2(dy, dx) - p.rotation;
    h.request.walkTarget = {
      rotation: Math.atan2(Math.sin(heading), Math.cos(heading)),
      translation: { x: cos * dx - sin * dy, y: sin * dx + cos * dy },
    };
  });
  return { fell: fell || h.fallen, corners: reached };
}

/** The true torso: height (mm) and tilt from upright (rad). */
export function torso(h: WalkHarness): { z: number; tilt: number } {
  const t = h.world.getState().robots[0]!.torso!;
  return { z: t.z, tilt: Math.acos(Math.cos(t.roll) * Math.cos(t.pitch)) };
}

/** Pushes the standing robot over (forward: onto its front, 40 N for 108 ms) and runs 1 s: it lies. */
export function knockOver(h: WalkHarness, forward: boolean): void {
  let frames = 0;
  h.run(1, () => {
    if (frames++ < 9) h.world.push('robot1', { x: forward ? 40 : -40, y: 0, z: 0 });
  });
}

/**
 * Runs until the robot stands in the walk's stand again (at most `limit` s); returns the time it took (s), and
 * whether the MotionInfo said it was getting up meanwhile.
 */
export function untilStanding(h: WalkHarness, limit: number): { seconds: number; wasGettingUp: boolean } {
  let wasGettingUp = false;
  const start = h.world.time;
  while (h.world.time - start < limit * 1000) {
    h.run(0.12);
    wasGettingUp ||= h.info.executedMotion === MotionType.getUp;
    if (h.info.executedMotion === MotionType.stand && torso(h).z > 280 && torso(h).tilt < deg(10)) break;
  }
  return { seconds: (h.world.time - start) / 1000, wasGettingUp };
}
