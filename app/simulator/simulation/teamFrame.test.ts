import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Simulation } from './Simulation';
import { groundTruthFor } from './teamFrame';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');

describe('groundTruthFor', () => {
  it("rewritten into a robot's earlier value equals a fresh one, for both teams' frames", async () => {
    const sim = await Simulation.load(path.join(scenes, 'GameFast.ros3'), { seed: 1 });
    try {
      const before = sim.worldState;
      sim.command('gc ready');
      sim.runFor(1500);
      const after = sim.worldState;
      const fewer = { ...after, robots: after.robots.slice(0, 3), ball: undefined };
      for (const mirrored of [false, true]) {
        const value = groundTruthFor(before, 'robot1', 0, mirrored);
        const mate = value.ownTeamPlayers[0];
        expect(groundTruthFor(after, 'robot1', 0, mirrored, value)).toBe(value);
        expect(value.ownTeamPlayers[0]).toBe(mate);
        expect(value).toEqual(groundTruthFor(after, 'robot1', 0, mirrored));
        expect(groundTruthFor(fewer, 'robot1', 0, mirrored, value)).toEqual(
          groundTruthFor(fewer, 'robot1', 0, mirrored),
        );
        expect(value.balls).toEqual([]);
      }
    } finally {
      await sim.dispose();
    }
  });
});
