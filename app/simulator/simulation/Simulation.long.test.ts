// The long tier's game of Simulation.test.ts: GameFast played until its first goal (54 simulated seconds with seed
// 1). The fast tier keeps the kick-off, the team messages and the seeded repeats.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Simulation } from './Simulation';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');

describe('Simulation, a whole attack', () => {
  it('plays soccer: with seed 1 the robots score within 130 s, and their kicks move the ball', async () => {
    // Which seeds score early changes with every change of the behaviour and the walk (docs/simulation.md has the
    // counts over seeds 1–16; since teams play with forwards, 2026-11-26, seed 1 scores at 54 s with five kicks);
    // a check over several seeds costs too much here. The kick log is the simulation's ground truth
    // (kickStatistics.ts): before the behaviour kicked past robots in the ball's way, two robots with the ball
    // between them kicked it into each other every 0.55 s for up to 40 s. One kick into a robot
    // at the ball may stay short (with the in-walk kick waiting for the ball within reach, seed 12 had one of five, an
    // opponent 137 mm from the ball; the next kick moved it 1 m), but not kick after kick.
    const sim = await Simulation.load(path.join(scenes, 'GameFast.ros3'), { seed: 1 });
    try {
      sim.command('gc ready');
      while (sim.time < 130_000 && sim.score[0] + sim.score[1] === 0) sim.step();
      expect(sim.score[0] + sim.score[1]).toBeGreaterThan(0);
      const kicks = sim.kickStatistics.outcomes;
      expect(kicks.length).toBeGreaterThanOrEqual(3);
      expect(kicks.filter((k) => k.distance < 200).length).toBeLessThanOrEqual(1);
      expect(sim.kickStatistics.goals.map((g) => g.time)).toEqual([expect.any(Number)]);
    } finally {
      await sim.dispose();
    }
  });
});
