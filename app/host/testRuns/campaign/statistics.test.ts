// The two tests a campaign report compares variants with, against values from the textbooks: Fisher's tea-tasting
// table and a Mann–Whitney U of two separated samples (normal approximation with continuity correction).
import { describe, expect, it } from 'vitest';
import { fisherExact, mannWhitney } from './statistics';

describe('campaign statistics', () => {
  it("Fisher's exact test, two-sided", () => {
    expect(fisherExact(3, 1, 1, 3)).toBeCloseTo(0.4857, 4);
    expect(fisherExact(1, 9, 11, 3)).toBeCloseTo(0.002759, 5);
    expect(fisherExact(5, 5, 5, 5)).toBeCloseTo(1, 10);
    expect(fisherExact(10, 0, 0, 10)).toBeCloseTo(1.0825e-5, 8);
  });

  it('Mann–Whitney U with ties and without', () => {
    const apart = mannWhitney([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])!;
    expect(apart.u).toBe(0);
    expect(apart.p).toBeCloseTo(0.0122, 3);
    const same = mannWhitney([1, 2, 3], [1, 2, 3])!;
    expect(same.u).toBe(4.5);
    expect(same.p).toBeCloseTo(1, 6);
    expect(mannWhitney([2, 2, 2], [2, 2])).toEqual({ u: 3, p: 1 });
    expect(mannWhitney([], [1])).toBeUndefined();
  });
});
