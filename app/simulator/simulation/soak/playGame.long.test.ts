// The shortened soak of `npm test`: the default 7 vs 7 scene (Game.ros3, every NAO articulated, robot1 perceiving
// from its rendered camera images, as `npm run soak` plays it) for a whole game with 12 s halves (both halves, half
// time with the teams changing sides), invariants checked every simulated second. Shortened also in robot1's image
// rate: 10 images per second instead of 60 (every 6th frame of each camera; an image costs ~15 ms). `npm run soak`
// plays the full 2 x 10 minutes at the full rate.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Simulation } from '../Simulation';
import { BeliefTrace } from './beliefTrace';
import { playGame } from './playGame';

const SCENE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scenes/Game.ros3');

describe('a whole short game of the 7 vs 7 scene', () => {
  it('keeps beliefs near the truth in both halves, nobody frozen, the ball never stuck unrefereed', async () => {
    const sim = await Simulation.load(SCENE, { seed: 3, halfDuration: 12_000 });
    sim.cameraImages.rate = 10;
    const seconds: number[] = [];
    // robot1's self-localization traced for a second of the first half, as `npm run soak -- --trace` prints it.
    const trace = new BeliefTrace('robot1', 10, 11);
    const traced: string[] = [];
    try {
      const outcome = await playGame(sim, {
        maxHalfMs: 150_000,
        onSecond: (s) => seconds.push(s.gc.getData().firstHalf),
        onStep: (s) => {
          const line = trace.line(s);
          if (line) traced.push(line);
        },
      });
      expect(outcome.violations).toEqual([]);
      // robot1 saw the game through its images, nobody else rendered any: 10 a second over the whole game.
      const simulatedSeconds = sim.time / 1000;
      expect(sim.cameraImages.rendered).toBeGreaterThan(9 * simulatedSeconds);
      expect(sim.cameraImages.rendered).toBeLessThan(11 * simulatedSeconds);
      // Both halves were played to their end, each checked once per simulated second.
      expect(outcome.halves).toHaveLength(2);
      expect(outcome.halves.every((h) => h >= 12 && h < 150)).toBe(true);
      expect(seconds.filter((f) => f === 1).length).toBeGreaterThan(12);
      expect(seconds.filter((f) => f === 0).length).toBeGreaterThan(12);
      // One line per Cognition frame of that second, the belief near the truth (no violation).
      expect(traced.length).toBeGreaterThan(25);
      expect(traced.length).toBeLessThan(65);
      for (const line of traced) {
        const [, bx, by, tx, ty] = line.match(/belief \((-?\d+), (-?\d+),.* truth \((-?\d+), (-?\d+),/)!.map(Number);
        expect(line).toMatch(/^t=1[01]\.\d\d robot1 belief .* sd \(\d+, \d+ mm, [\d.]+°\) truth /);
        expect(Math.hypot(bx! - tx!, by! - ty!)).toBeLessThan(1000);
      }
    } finally {
      await sim.dispose();
    }
  }, 240_000);
});
