// The shortened soak of `npm test`: the 7 vs 7 game (GameOracle.ros3, the default scene without camera images, as
// `npm run soak` plays it) for a whole game with 30 s halves (both halves, half
// time with the teams changing sides), invariants checked every simulated second. `npm run soak` plays the full
// 2 x 10 minutes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Simulation } from '../Simulation';
import { playGame } from './playGame';

const SCENE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scenes/Game.ros3');

describe('a whole short game of the 7 vs 7 scene', () => {
  it('keeps beliefs near the truth in both halves, nobody frozen, the ball never stuck unrefereed', async () => {
    const sim = await Simulation.load(SCENE, { seed: 3, halfDuration: 30_000 });
    const seconds: number[] = [];
    try {
      const outcome = await playGame(sim, {
        maxHalfMs: 150_000,
        onSecond: (s) => seconds.push(s.gc.getData().firstHalf),
      });
      expect(outcome.violations).toEqual([]);
      // Both halves were played to their end, each checked once per simulated second.
      expect(outcome.halves).toHaveLength(2);
      expect(outcome.halves.every((h) => h >= 30 && h < 150)).toBe(true);
      expect(seconds.filter((f) => f === 1).length).toBeGreaterThan(30);
      expect(seconds.filter((f) => f === 0).length).toBeGreaterThan(30);
    } finally {
      await sim.dispose();
    }
  }, 240_000);
});
