import { describe, expect, it } from 'vitest';
import { SeededRandom } from './SeededRandom';

describe('SeededRandom', () => {
  it('repeats from the same seed and differs between modules', () => {
    const a = SeededRandom.forModule(42, 0, 'Cognition', 'BallLocator');
    const b = SeededRandom.forModule(42, 0, 'Cognition', 'BallLocator');
    const c = SeededRandom.forModule(42, 0, 'Cognition', 'SelfLocator');
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
  });

  it('is uniform in [0, 1) and gaussian with the given sigma', () => {
    const r = new SeededRandom(7);
    let sum = 0;
    let sumSq = 0;
    let min = 1;
    let max = 0;
    const n = 20000;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      min = Math.min(min, u);
      max = Math.max(max, u);
      const g = r.gaussian(2);
      sum += g;
      sumSq += g * g;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    expect(Math.abs(sum / n)).toBeLessThan(0.05);
    expect(Math.sqrt(sumSq / n)).toBeCloseTo(2, 1);
  });
});
