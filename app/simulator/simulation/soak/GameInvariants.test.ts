import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScene } from '../../scene/loadScene';
import { Simulation } from '../Simulation';
import { DEFAULT_BOUNDS, GameInvariants } from './GameInvariants';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scenes');

/**
 * Plays 14 s with robot5 held at `held` (field frame) and the ball held at (3000, 0); robot5's violations, with 10 s
 * of standing still as the bound (the soak's 30 s judge the same way, only later). robot5's team plays alone: the
 * invariant judges a robot against its teammates, and without the opponents a game costs half.
 */
async function holdRobot5(held: { x: number; y: number }): Promise<string[]> {
  const game = loadScene(path.join(scenes, 'GameFast.ros3'));
  const team = game.robots.filter((r) => /^robot[1-7]$/.test(r.name));
  expect(team.map((r) => r.name)).toContain('robot5');
  const sim = await Simulation.fromScene({ ...game, robots: team }, { seed: 1 });
  try {
    for (const c of ['ar placeBall off', 'gc ready', 'gc set', 'gc playing'])
      expect(sim.command(c)).toEqual({ kind: 'done' });
    const invariants = new GameInvariants({ ...DEFAULT_BOUNDS, standStill: 10_000 });
    const start = sim.time;
    let nextCheck = start + 1000;
    while (sim.time - start < 14_000) {
      // robot5's team defends −x: its team frame is the field frame.
      sim.robotCommand('robot5', `mv ${held.x} ${held.y} 0`);
      sim.physics.moveBall({ x: 3000, y: 0 });
      sim.step();
      if (sim.time < nextCheck) continue;
      nextCheck += 1000;
      invariants.check(sim);
    }
    return invariants.violations.filter((v) => v.robot === 'robot5').map((v) => v.kind);
  } finally {
    await sim.dispose();
  }
}

describe('the game invariants', () => {
  it('count a field player that stands still near the ball as frozen, but not one that holds its place far away', async () => {
    expect(await holdRobot5({ x: 2500, y: 300 })).toContain('standingStill');
    expect(await holdRobot5({ x: -600, y: -1700 })).not.toContain('standingStill');
  });

  it('count a field player 2.5 m from the ball as holding its place while a teammate is nearer to the ball', async () => {
    // Traced in seed 4 at 519 s: a defender stood in its place 2.5 m from a corner where its striker fought for
    // the ball through repeated kick-ins.
    expect(await holdRobot5({ x: 1500, y: -2000 })).not.toContain('standingStill');
  });
});
