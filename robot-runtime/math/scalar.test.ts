import { describe, expect, it } from 'vitest';
import { approach, clamp, smoothRamp } from './scalar';

describe('scalar', () => {
  it('clamps into the range and lets NaN through', () => {
    expect([clamp(-2, -1, 1), clamp(0.5, -1, 1), clamp(3, -1, 1)]).toEqual([-1, 0.5, 1]);
    expect(clamp(Number.NaN, 0, 1)).toBeNaN();
  });

  it('approaches a target by at most the step, either way', () => {
    expect([approach(0, 10, 3), approach(0, -10, 3), approach(9, 10, 3)]).toEqual([3, -3, 10]);
  });

  it('ramps from 0 to 1 with flat ends, holding the ends outside 0..1', () => {
    expect([smoothRamp(-1), smoothRamp(0), smoothRamp(1), smoothRamp(2)]).toEqual([0, 0, 1, 1]);
    expect(smoothRamp(0.5)).toBeCloseTo(0.5, 12);
    const slope = (p: number): number => (smoothRamp(p + 1e-4) - smoothRamp(p)) / 1e-4;
    expect(slope(0)).toBeLessThan(1e-3);
    expect(slope(0.5)).toBeCloseTo(Math.PI / 2, 3);
  });
});
