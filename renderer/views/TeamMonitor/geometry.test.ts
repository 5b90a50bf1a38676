import { describe, expect, it } from 'vitest';
import { fieldMarkings, SPL_FIELD, walkArc, wedgePath } from './geometry';

describe('team monitor geometry', () => {
  it('walks straight without turning and on a circle with turning', () => {
    const straight = walkArc({ x: 100, y: 0, rotation: Math.PI / 2 }, { x: 200, y: 0, theta: 0 }, 2, 4);
    expect(straight[0]).toEqual({ x: 100, y: 0 });
    expect(straight[4]!.x).toBeCloseTo(100);
    expect(straight[4]!.y).toBeCloseTo(400);
    // A quarter turn at 1 m/s and π/2 rad/s: radius 2/π m, ending beside the start, left of it.
    const turn = walkArc({ x: 0, y: 0, rotation: 0 }, { x: 1000, y: 0, theta: Math.PI / 2 }, 1, 8);
    const radius = 2000 / Math.PI;
    expect(turn[8]!.x).toBeCloseTo(radius, 3);
    expect(turn[8]!.y).toBeCloseTo(radius, 3);
    for (const p of turn) expect(Math.hypot(p.x, p.y - radius)).toBeCloseTo(radius, 3);
  });

  it("draws the SPL field's lines and a wedge around the heading", () => {
    const m = fieldMarkings(SPL_FIELD);
    // Outline, halfway line, two penalty and two goal areas of three segments each.
    expect(m.segments).toHaveLength(5 + 12);
    expect(m.spots).toEqual([
      { x: 0, y: 0 },
      { x: -3200, y: 0 },
      { x: 3200, y: 0 },
    ]);
    expect(wedgePath(0, 0, 0, 100, Math.PI / 4)).toBe('M0 0L71 -71A100 100 0 0 1 71 71Z');
  });
});
