import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { GameState } from '../gameController/GameControllerData';
import { Simulation } from './Simulation';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');
const open: Simulation[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.dispose()));
});

/** Steps `sim` for `ms` of simulated time. */
function run(sim: Simulation, ms: number): void {
  const end = sim.time + ms;
  while (sim.time < end) sim.step();
}

describe('automatic referee', () => {
  it('calls a global game stuck after 30 s of an unplayed ball, counting anew when the ball is moved 300 mm', async () => {
    // Two robots do for the rule what fourteen do (they wait off the field), at a seventh of the cost.
    const sim = await Simulation.load(path.join(scenes, 'Tests/Duel.ros3'), { seed: 3 });
    open.push(sim);
    for (const c of ['gc ready', 'gc set', 'gc playing']) expect(sim.command(c)).toEqual({ kind: 'done' });
    // Nobody plays: every robot waits off the field.
    for (const r of sim.worldState.robots) expect(sim.robotCommand(r.name, 'pr manual')).toEqual({ kind: 'done' });
    expect(sim.robotCommand('robot2', 'mvb 1000 1000 50')).toEqual({ kind: 'done' });
    run(sim, 20_000);
    // Moved by 250 mm: still the same unplayed ball. 29 s later, nothing yet …
    expect(sim.robotCommand('robot2', 'mvb 1250 1000 50')).toEqual({ kind: 'done' });
    run(sim, 9_000);
    expect(sim.gc.getData().state).toBe(GameState.playing);
    // … moved by 400 mm from where it lay at the start: the count begins again.
    expect(sim.robotCommand('robot2', 'mvb 1250 1400 50')).toEqual({ kind: 'done' });
    run(sim, 29_000);
    expect(sim.gc.getData().state).toBe(GameState.playing);
    run(sim, 1_500);
    expect(sim.gc.getData().state).not.toBe(GameState.playing);
  });
});
