/**
 * @file Walking around robots: if an obstacle stands in the corridor between the robot and its target (and is
 * not right at the target, where the robot wants to be anyway), the robot heads for a waypoint beside that
 * obstacle instead, on the side that needs the smaller detour. Only the nearest blocking obstacle is considered;
 * re-planning every frame handles the rest. Goal posts count as obstacles that are never ignored: a goalkeeper
 * that walked along its goal line into a post was held there while its odometry counted the steps, and lost its
 * heading by 50° in two seconds.
 */
import type { Pose2, Vec2 } from '@robot-runtime/math/types';
import { norm, poseToLocal } from '@robot-runtime/math/vec2';

/** An obstacle relative to the robot. */
export interface ObstacleCircle {
  center: Vec2;
  radius: number;
  /** A fixed obstacle (a goal post) blocks the way even right beside the target. */
  fixed?: boolean;
}

/** How wide a berth to give. */
export interface AvoidanceSettings {
  /** Half the width of the corridor the robot sweeps (mm). */
  corridorHalfWidth: number;
  /** Clearance between the obstacle's circle and the waypoint (mm). */
  clearance: number;
  /** Obstacles this close to the target (mm) are ignored: the robot is going there on purpose. */
  ignoreNearTarget: number;
}

/** The point to walk to instead of `target` (both relative to the robot, mm); `target` itself when the way is free. */
export function avoidObstacles(target: Vec2, obstacles: readonly ObstacleCircle[], settings: AvoidanceSettings): Vec2 {
  const length = norm(target);
  if (length < 1) return target;
  const dir = { x: target.x / length, y: target.y / length };
  let nearest: { along: number; lateral: number; o: ObstacleCircle } | undefined;
  for (const o of obstacles) {
    const along = o.center.x * dir.x + o.center.y * dir.y;
    const lateral = -o.center.x * dir.y + o.center.y * dir.x;
    const ignoreNearTarget = o.fixed ? 0 : settings.ignoreNearTarget;
    if (along <= 0 || along >= length - ignoreNearTarget) continue;
    if (Math.abs(lateral) > o.radius + settings.corridorHalfWidth) continue;
    if (!o.fixed && norm({ x: target.x - o.center.x, y: target.y - o.center.y }) < ignoreNearTarget) continue;
    if (!nearest || along < nearest.along) nearest = { along, lateral, o };
  }
  if (!nearest) return target;
  // Pass on the side away from the obstacle's offset from the straight line.
  const side = nearest.lateral > 0 ? -1 : 1;
  const offset = nearest.o.radius + settings.clearance;
  return { x: nearest.o.center.x - dir.y * side * offset, y: nearest.o.center.y + dir.x * side * offset };
}

/** The four goal posts as fixed obstacles relative to the robot at `pose` (field coordinates). */
export function goalPostObstacles(
  pose: Pose2,
  field: { xPosOpponentGroundLine: number; yPosLeftGoal: number; goalPostRadius: number },
): ObstacleCircle[] {
  const posts: ObstacleCircle[] = [];
  for (const x of [field.xPosOpponentGroundLine, -field.xPosOpponentGroundLine])
    for (const y of [field.yPosLeftGoal, -field.yPosLeftGoal])
      posts.push({ center: poseToLocal(pose, { x, y }), radius: field.goalPostRadius, fixed: true });
  return posts;
}
