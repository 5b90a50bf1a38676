// Simulation speed: steps per second of whole 7 vs 7 games (14 robots, every thread and module of the
// configuration) against real time (one 12 ms step per 12 ms), with the oracled world model (GameFast) and with
// oracle percepts, localization and ball filtering (Game); plus the cost of one rendered upper camera image.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Simulation } from '../../simulator/simulation/Simulation';
import type { BenchRow } from './BenchRow';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');

async function stepsPerSecond(scene: string, simSeconds: number): Promise<{ rate: number; realTime: number; sim: Simulation }> {
  const sim = await Simulation.load(path.join(scenes, scene), { seed: 1 });
  sim.command('gc ready');
  sim.runFor(2000); // warm-up: JIT and the first poses
  const start = performance.now();
  const startSteps = sim.worldState.step;
  sim.runFor(simSeconds * 1000);
  const wall = (performance.now() - start) / 1000;
  return { rate: (sim.worldState.step - startSteps) / wall, realTime: 1 / sim.scene.stepLength, sim };
}

/** Runs the simulation benchmark. */
export async function runSimBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [scene, label, goal] of [
    ['GameFast.ros3', '7 vs 7, oracled world model (GameFast)', undefined],
    ['Game.ros3', '7 vs 7, oracle percepts + localization (Game)', '≥ 5× (14 robots, oracle perception)'],
  ] as const) {
    const { rate, realTime, sim } = await stepsPerSecond(scene, 10);
    rows.push({ group: 'simulator', name: `${label}: simulation steps`, value: rate, unit: 'steps/s', baseline: { name: 'real time', value: realTime }, goal });
    if (scene === 'Game.ros3') {
      const robot = sim.scene.robots[0]!;
      sim.cameraImages.render(robot, 'upper');
      const n = 10;
      const start = performance.now();
      for (let i = 0; i < n; i++) sim.cameraImages.render(robot, 'upper');
      rows.push({ group: 'simulator', name: 'rendering one upper camera image (640×480 YUYV)', value: (performance.now() - start) / n, unit: 'ms' });
    }
    await sim.dispose();
  }
  return rows;
}
