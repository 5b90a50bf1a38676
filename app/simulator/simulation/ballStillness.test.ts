import { describe, expect, it } from 'vitest';
import { BallStillness } from './ballStillness';

/** The first time (ms) at which `stillness`, fed `path` every `interval` ms, calls the ball unplayed. */
function firstStuck(
  stillness: BallStillness,
  path: (t: number) => { x: number; y: number },
  interval: number,
  end: number,
) {
  for (let t = 0; t <= end; t += interval) {
    const p = path(t);
    if (stillness.add(t, p.x, p.y)) return t;
  }
  return undefined;
}

describe('BallStillness', () => {
  it('calls a ball unplayed once it has stayed near where it was for the whole window, and forgets on reset', () => {
    const s = new BallStillness(300, 30_000);
    expect(firstStuck(s, () => ({ x: 100, y: 50 }), 100, 60_000)).toBe(30_000);
    s.reset();
    expect(s.add(0, 0, 0)).toBe(false);
    expect(s.add(29_000, 10, 0)).toBe(false);
    expect(s.add(30_000, 10, 0)).toBe(true);
    // A ball that left the radius is played until the window has moved past that moment.
    expect(s.add(31_000, 400, 0)).toBe(false);
    expect(s.add(60_000, 400, 0)).toBe(false);
    expect(s.add(61_000, 400, 0)).toBe(true);
  });

  it('judges the traced kick-in alike for referee and invariant: a ball nudged 300 mm after 20 s restarts both', () => {
    // Placed for a kick-in at (-3502, 3090), nudged at 20.5 s to (-3758, 2933) where it stayed (seed 4, 640-684 s).
    const path = (t: number) => (t < 20_500 ? { x: -3502, y: 3090 } : { x: -3758, y: 2933 });
    const referee = firstStuck(new BallStillness(300, 30_000), path, 100, 120_000)!;
    const invariant = firstStuck(new BallStillness(150, 32_000), path, 1000, 120_000)!;
    expect(referee).toBe(50_500);
    // Anchored at the placement, the invariant had called this ball stuck at 33 s, while the referee counted anew.
    expect(invariant).toBeGreaterThan(referee);
  });

  it('never lets the invariant call a ball stuck before the referee could have (random slow paths)', () => {
    let seed = 7;
    let stuck = 0;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 200; run++) {
      // A ball that drifts and jumps now and then, at most 150 mm/s between the invariant's samples.
      const legs: { until: number; vx: number; vy: number }[] = [];
      for (let t = 0; t < 120_000;) {
        const until = t + 1000 + random() * 20_000;
        const moving = random() < 0.4;
        legs.push({ until, vx: moving ? (random() - 0.5) * 0.3 : 0, vy: moving ? (random() - 0.5) * 0.3 : 0 });
        t = until;
      }
      const path = (t: number) => {
        let x = 0;
        let y = 0;
        let from = 0;
        for (const leg of legs) {
          const d = Math.min(t, leg.until) - from;
          if (d <= 0) break;
          x += leg.vx * d;
          y += leg.vy * d;
          from = leg.until;
        }
        return { x, y };
      };
      const referee = firstStuck(new BallStillness(300, 30_000), path, 100, 120_000);
      const invariant = firstStuck(new BallStillness(150, 32_000), path, 1000, 120_000);
      if (invariant === undefined) continue;
      stuck++;
      expect(referee, `run ${run}`).toBeLessThanOrEqual(invariant - 2000);
    }
    expect(stuck).toBeGreaterThan(20);
  });
});
