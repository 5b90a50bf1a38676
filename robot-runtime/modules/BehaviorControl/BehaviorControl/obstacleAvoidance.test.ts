import { describe, expect, it } from 'vitest';
import { avoidObstacles, goalPostObstacles } from './obstacleAvoidance';

const settings = { corridorHalfWidth: 250, clearance: 300, ignoreNearTarget: 400 };
const field = { xPosOpponentGroundLine: 4500, yPosLeftGoal: 800, goalPostRadius: 50 };

describe('avoidObstacles', () => {
  it('keeps the target when the way is free', () => {
    const target = { x: 2000, y: 0 };
    expect(avoidObstacles(target, [{ center: { x: 1000, y: 800 }, radius: 150 }], settings)).toBe(target);
  });

  it('passes a robot in the way on the side of the smaller detour', () => {
    const way = avoidObstacles({ x: 2000, y: 0 }, [{ center: { x: 1000, y: 50 }, radius: 150 }], settings);
    expect(way.x).toBeCloseTo(1000);
    expect(way.y).toBeCloseTo(50 - 450);
  });

  it('ignores a robot right beside the target but never a goal post', () => {
    const target = { x: 1000, y: 0 };
    const nearTarget = { center: { x: 800, y: 100 }, radius: 50 };
    expect(avoidObstacles(target, [nearTarget], settings)).toBe(target);
    expect(avoidObstacles(target, [{ ...nearTarget, fixed: true }], settings)).not.toBe(target);
  });

  it('walks a goalkeeper beside its goal around the post to its position in front of the goal', () => {
    // Traced in a soak game: the keeper stood on the goal line outside the goal and walked along the line into the
    // post, which held it for seconds.
    const pose = { rotation: Math.PI / 2, translation: { x: -4480, y: -1100 } };
    const target = { x: -4250 - pose.translation.x, y: -300 - pose.translation.y };
    // Relative to a robot facing +y, field +y is ahead (x) and field +x is to the right (−y).
    const relative = { x: target.y, y: -target.x };
    const way = avoidObstacles(relative, goalPostObstacles(pose, field), settings);
    expect(way).not.toBe(relative);
    const post = goalPostObstacles(pose, field).find((p) => Math.hypot(p.center.x, p.center.y) < 400)!;
    // The waypoint keeps the post's clearance and lies on the field's side of it (to the robot's right).
    expect(Math.hypot(way.x - post.center.x, way.y - post.center.y)).toBeGreaterThan(300);
    expect(way.y).toBeLessThan(post.center.y);
  });
});
