import { describe, expect, it } from 'vitest';
import { deg } from '@robot-runtime/math/vec2';
import { chooseShotDirection, type ShotDirectionInput } from './kickChoice';

const input = (over: Partial<ShotDirectionInput>): ShotDirectionInput => ({
  ball: { x: 0, y: 0 },
  target: { x: 4500, y: 0 },
  alternatives: [],
  obstacles: [],
  previous: undefined,
  corridor: 220,
  blockRange: 1200,
  maxDeviation: deg(100),
  step: deg(15),
  halfLength: 4500,
  halfWidth: 3000,
  goalHalfWidth: 750,
  kickDistance: 240,
  occupiedRadius: 200,
  ...over,
});

describe('chooseShotDirection', () => {
  it('kicks at the target when its way is free, also past robots beside or behind the ball', () => {
    const obstacles = [
      { x: 300, y: 400 },
      // Behind the ball, but not on the kick position (240 mm behind it): see the test on occupied kick positions.
      { x: -500, y: 0 },
      { x: 2000, y: 0 },
    ];
    expect(chooseShotDirection(input({ obstacles }))).toBeCloseTo(0, 6);
  });

  it('kicks past a robot standing at the ball in the way, on the side closest to the target', () => {
    // An opponent facing the kicker with the ball between them: straight on, the ball came straight back.
    const direction = chooseShotDirection(input({ obstacles: [{ x: 140, y: 20 }] }));
    expect(Math.abs(direction)).toBeGreaterThanOrEqual(deg(80));
    expect(Math.abs(direction)).toBeLessThanOrEqual(deg(100));
    expect(direction).toBeLessThan(0); // the robot stands slightly to the left: the ball goes right, away from it
    // A robot 600 mm ahead needs a smaller change.
    const farther = chooseShotDirection(input({ obstacles: [{ x: 600, y: 0 }] }));
    expect(Math.abs(farther)).toBeCloseTo(deg(30), 6);
  });

  it('shoots at a free spot of the goal past a keeper, and keeps a free earlier choice', () => {
    const ball = { x: 3500, y: 0 };
    const keeper = { x: 4400, y: 0 };
    const spots = [350, -350].map((y) => ({ x: 4500, y }));
    const direction = chooseShotDirection(input({ ball, obstacles: [keeper], alternatives: spots }));
    expect(direction).toBeCloseTo(Math.atan2(350, 1000), 6);
    // The other corner, chosen before and still free, is kept.
    const previous = Math.atan2(-350, 1000);
    expect(chooseShotDirection(input({ ball, obstacles: [keeper], previous }))).toBeCloseTo(previous, 6);
  });

  it('does not kick out of the field to get past a robot; boxed in, it kicks through the widest gap', () => {
    // Ball at the left touch line, a robot in the way: turning left would kick it out.
    const ball = { x: 0, y: 2950 };
    const direction = chooseShotDirection(input({ ball, obstacles: [{ x: 400, y: 2950 }] }));
    expect(direction).toBeLessThan(0);
    const boxedIn = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({
      x: 150 * Math.cos((i * Math.PI) / 4),
      y: 150 * Math.sin((i * Math.PI) / 4),
    }));
    // Robots every 45° around the ball: not at one of them, but between two.
    const gap = (Math.abs(chooseShotDirection(input({ obstacles: boxedIn }))) * 180) / Math.PI;
    expect(Math.abs((gap % 45) - 22.5)).toBeLessThanOrEqual(15);
  });

  it("does not head for a kick position another robot stands on: two strikers each stood on the other's", () => {
    // Seen from the kicker (attacking +x): an opponent right behind the ball, where the kick towards the goal
    // needs the kicker; the opponent's path to its goal is free, so only the kick position says it is taken.
    const opponent = { x: -200, y: -60 };
    const direction = chooseShotDirection(input({ obstacles: [opponent] }));
    const spot = { x: -240 * Math.cos(direction), y: -240 * Math.sin(direction) };
    expect(Math.hypot(spot.x - opponent.x, spot.y - opponent.y)).toBeGreaterThanOrEqual(200);
    expect(Math.abs(direction)).toBeLessThanOrEqual(deg(100));
    // Without it, the kicker went for the taken spot.
    expect(chooseShotDirection(input({ obstacles: [opponent], occupiedRadius: 0 }))).toBeCloseTo(0, 6);
  });
});
