import { describe, expect, it } from 'vitest';
import { SPL_FIELD } from '../scene/extractModel';
import type { RobotGroundTruth, WorldState } from '../physics/WorldState';
import { KickStatistics } from './kickStatistics';

const robot = (x: number, falls = 0): RobotGroundTruth => ({
  name: 'r1',
  team: 0,
  playerNumber: 1,
  controlled: true,
  pose: { rotation: 0, translation: { x, y: 0 } },
  velocity: { rotation: 0, translation: { x: 0, y: 0 } },
  walkSpeed: { rotation: 0, translation: { x: 0, y: 0 } },
  fallen: false,
  upAgainAt: undefined,
  falls,
  fallsAfterContact: 0,
  getUps: 0,
  kicks: 0,
  distanceWalked: 0,
});

const state = (time: number, ball: { x: number; y: number; vx: number }, falls = 0): WorldState => ({
  time,
  step: time / 12,
  robots: [robot(0, falls)],
  ball: {
    position: { x: ball.x, y: ball.y, z: 50 },
    velocity: { x: ball.vx, y: 0, z: 0 },
    lastTouchedBy: undefined,
  },
});

describe('KickStatistics', () => {
  it('measures where the ball went, against the goal direction, and whether the kicker fell', () => {
    const k = new KickStatistics(SPL_FIELD);
    k.kickStarted(state(0, { x: 200, y: 0, vx: 0 }), 'r1', 1, true);
    // The ball rolls 2 m straight at the goal, slows down and stops; the kicker falls at 1.5 s.
    for (let t = 12; t <= 3000; t += 12) {
      if (t === 300) k.kickEnded(t, 'r1');
      const x = t < 1000 ? 200 + 2 * t : 2200;
      k.afterStep(state(t, { x, y: 0, vx: t < 1000 ? 2000 : 0 }, t >= 1500 ? 1 : 0));
    }
    expect(k.outcomes).toHaveLength(1);
    const [o] = k.outcomes;
    expect(o!.kind).toBe('inWalk');
    expect(o!.distance).toBeCloseTo(2000, -1);
    expect(o!.goalDirectionError).toBeCloseTo(0, 3);
    expect(o!.ballDistance).toBeCloseTo(200, 3);
    expect(o!.fell).toBe(true);
    expect(k.robotSummary('r1')).toMatchObject({ kicks: 1, hits: 1, fellAfter: 1 });
    expect(k.report()[0]).toMatch(/inWalk kicks: 1, ball moved ≥ 200 mm: 1 \(mean 2\.0 m, within 20° .*: 1/);
  });

  it('counts a kick that leaves the ball lying as missed, and the ball time in the penalty areas', () => {
    const k = new KickStatistics(SPL_FIELD);
    k.kickStarted(state(0, { x: 4000, y: 0, vx: 0 }), 'r1', 0, true);
    for (let t = 12; t <= 5004; t += 12) {
      if (t === 1500) k.kickEnded(t, 'r1');
      k.afterStep(state(t, { x: 4000, y: 0, vx: 0 }));
    }
    k.goalScored(5004, 1);
    expect(k.robotSummary('r1')).toMatchObject({ kicks: 1, hits: 0, meanHitDistance: undefined });
    expect(k.penaltyAreaMs[1]).toBeCloseTo(4992, -1);
    expect(k.penaltyAreaMs[0]).toBe(0);
    const report = k.report().join('\n');
    expect(report).toMatch(/long kicks: 1, ball moved ≥ 200 mm: 0 .*missed: 1 \(ball at 4000 mm\)/);
    expect(report).toMatch(/goals: 5\.0 s \(team 2\)/);
  });

  it('waits for the long kick to swing: the ball lies still for a second before it rolls', () => {
    const k = new KickStatistics(SPL_FIELD);
    k.kickStarted(state(0, { x: 1000, y: 0, vx: 0 }), 'r1', 0, true);
    // Weight shift and lift: the ball lies; the foot meets it at 1.1 s, it rolls 3 m; the motion ends at 1.6 s.
    for (let t = 12; t <= 6000; t += 12) {
      if (t === 1608) k.kickEnded(t, 'r1');
      const rolling = t >= 1100 && t < 2600;
      const x = t < 1100 ? 1000 : Math.min(4000, 1000 + 2 * (t - 1100));
      k.afterStep(state(t, { x, y: 0, vx: rolling ? 2000 : 0 }));
    }
    expect(k.outcomes).toHaveLength(1);
    expect(k.outcomes[0]!.distance).toBeCloseTo(3000, -1);
    expect(k.robotSummary('r1')).toMatchObject({ kicks: 1, hits: 1 });
  });
});
