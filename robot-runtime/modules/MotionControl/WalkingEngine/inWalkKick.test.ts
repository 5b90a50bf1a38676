import { describe, expect, it } from 'vitest';
import { InWalkKickParameters, kickSwingFoot } from './inWalkKick';

const HIP_HEIGHT = 184;
const p = InWalkKickParameters.defaultValue();
const foot = (q: number, strength = 1, startX = -30, landingX = 15) =>
  kickSwingFoot(p, strength, q, startX, landingX, HIP_HEIGHT);

describe('in-walk kick foot path', () => {
  it('starts where the step starts, ends on the ground at the landing place, never below the ground', () => {
    expect(foot(0)).toMatchObject({ x: -30, lift: 0, yaw: 0 });
    const end = foot(1);
    expect(end.x).toBeCloseTo(Math.max(15, p.landing), 6);
    expect(end.lift).toBeCloseTo(0, 6);
    expect(end.yaw).toBeCloseTo(0, 6);
    // Continuous: no jump between two 12 ms frames of a 0.3 s step beyond what the swing itself does.
    let previous = foot(0);
    for (let i = 1; i <= 1000; i++) {
      const f = foot(i / 1000);
      expect(f.lift).toBeGreaterThanOrEqual(0);
      expect(Math.abs(f.x - previous.x)).toBeLessThan(3);
      expect(Math.abs(f.lift - previous.lift)).toBeLessThan(3);
      previous = f;
    }
  });

  it('swings the foot on a circle around the knee (the thigh keeps its angle), lifted to the ball', () => {
    const knee = { x: 100 * Math.sin(p.thighAngle), z: 100 * Math.cos(p.thighAngle) };
    let top = -Infinity;
    let bottom = Infinity;
    for (let q = p.drawnBackAt; q < p.forwardAt; q += 0.01) {
      const f = foot(q);
      const down = HIP_HEIGHT - f.lift;
      expect(Math.hypot(f.x - knee.x, down - knee.z)).toBeCloseTo(102.9, 3);
      top = Math.max(top, f.x);
      bottom = Math.min(bottom, f.lift);
    }
    // Through the ball: from under the hip to well ahead of it, the sole (20 mm) at the ball's centre (50 mm).
    expect(foot(p.drawnBackAt).x).toBeLessThan(20);
    expect(top).toBeGreaterThan(100);
    expect(bottom).toBeGreaterThan(25);
    expect(bottom).toBeLessThan(50);
  });

  it('a weaker kick draws the foot back less far, so it swings slower', () => {
    expect(foot(p.drawnBackAt, 0).x).toBeGreaterThan(foot(p.drawnBackAt, 1).x + 40);
  });
});
