// Articulated simulation speed (see docs/simulation.md): the real-time factor of GameArticulated (MuJoCo bodies,
// the full module stack, oracle perception) with 1, 7 and 14 controlled robots; in the same run, the bare MuJoCo
// model of the same scene stepped without robot programs, sensors or motors (their torques frozen); the physics
// layer's own cost (motors, bookkeeping, joint requests, sensor readings) over MuJoCo's step; and the load time of
// B-Human's BH.ros3 (parse, model building and compiling), parsing alone as the baseline; and the default scene
// (Game.ros3, robot1 on its images) as the IDE plays it. Times are the main thread's CPU time (everything runs on
// it: one core).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArticulatedWorld } from '../../simulator/physics/mujoco/ArticulatedWorld';
import { initMujoco } from '../../simulator/physics/mujoco/mujoco';
import { loadScene } from '../../simulator/scene/loadScene';
import { Simulation } from '../../simulator/simulation/Simulation';
import type { BenchRow } from './BenchRow';
import { mainThreadCpuMs as cpuMs } from './mainThreadCpu';
import { withRobots } from './simBench';

const here = path.dirname(fileURLToPath(import.meta.url));
const scenes = path.resolve(here, '../../../scenes');
/** B-Human's scenes (test corpus beside the repository, or one level up from a worktree). */
const corpus = [path.resolve(here, '../../../../shared'), path.resolve(here, '../../../../../shared')]
  .map((shared) => path.join(shared, 'corpus', 'bhuman', 'Config', 'Scenes'))
  .find((dir) => existsSync(dir));
const ROBOT_COUNTS = [1, 7, 14];
/** Simulated seconds measured per configuration, after a 2 s warm-up. */
const SECONDS = 12;
/** Least CPU time of a measured window: 100 ticks of the thread clock. */
const MIN_CPU_MS = 1000;

/**
 * The default scene as `npm start` runs it (Game.ros3: 14 articulated NAOs, robot1 perceiving from both cameras'
 * rendered images at the full rate): simulated seconds per CPU second of the simulation's thread. The IDE shows it
 * in real time when this is at least 1.
 */
async function defaultSceneSpeed(group: string): Promise<BenchRow> {
  const sim = await Simulation.load(path.join(scenes, 'Game.ros3'), { seed: 1 });
  try {
    sim.command('gc ready');
    sim.runFor(2000);
    const start = cpuMs();
    const from = sim.time;
    sim.runFor(SECONDS * 1000);
    const perSecond = (cpuMs() - start) / ((sim.time - from) / 1000);
    return {
      group,
      name: 'default scene (Game.ros3: 14 articulated NAOs, robot1 on its camera images): real-time factor',
      value: 1000 / perSecond,
      unit: '×',
      goal: '≥ 1× (the IDE plays it in real time)',
    };
  } finally {
    await sim.dispose();
  }
}

/** Runs the articulated simulation benchmark. */
export async function runArticulatedBench(): Promise<BenchRow[]> {
  const group = 'articulated simulation';
  const rows: BenchRow[] = [];
  await initMujoco();
  const base = loadScene(path.join(scenes, 'GameArticulated.ros3'));
  for (const n of ROBOT_COUNTS) {
    const sim = await Simulation.fromScene(withRobots(base, n), { seed: 1 });
    const world = sim.articulated!;
    sim.command('gc ready');
    sim.runFor(2000);
    const cost0 = { ...world.cost };
    let start = cpuMs();
    let from = sim.time;
    sim.runFor(SECONDS * 1000);
    // The thread clock counts in 10 ms ticks: a fast configuration runs on until the window is long enough for 1 %.
    while (cpuMs() - start < MIN_CPU_MS) sim.runFor(1000);
    const full = (cpuMs() - start) / ((sim.time - from) / 1000);
    const layer = (world.cost.layerMs - cost0.layerMs) / (world.cost.mujocoMs - cost0.mujocoMs);
    start = cpuMs();
    from = world.time;
    while (world.time - from < SECONDS * 1000 || cpuMs() - start < MIN_CPU_MS)
      for (let k = 0; k < 100; k++) world.stepEngineOnly();
    const bare = (cpuMs() - start) / ((world.time - from) / 1000);
    const robots = `${n} articulated robot${n > 1 ? 's' : ''}`;
    const label = `${robots} (GameArticulated, full module stack, oracle perception)`;
    rows.push({
      group,
      name: `${label}: real-time factor (simulated s per CPU s)`,
      value: 1000 / full,
      unit: '×',
      baseline: { name: 'bare MuJoCo, same model', value: 1000 / bare },
      goal: n === 14 ? '≥ 5×' : undefined,
    });
    rows.push({
      group,
      name: `${robots}: physics layer time / MuJoCo step time (motors, sensors, bookkeeping)`,
      value: layer,
      unit: '×',
      goal: '≤ 1.3×',
    });
    await sim.dispose();
  }
  rows.push(await defaultSceneSpeed(group));
  if (corpus) {
    const file = path.join(corpus, 'BH.ros3');
    loadScene(file); // warm the parser's code once
    let start = cpuMs();
    const scene = loadScene(file);
    const parse = cpuMs() - start;
    start = cpuMs();
    const world = ArticulatedWorld.createLoaded(scene);
    const total = parse + cpuMs() - start;
    world.dispose();
    rows.push({
      group,
      name: "scene load of B-Human's BH.ros3 (parse, build the MuJoCo model, compile)",
      value: total,
      unit: 'ms',
      baseline: { name: 'parsing alone', value: parse },
      goal: '< 1000 ms',
    });
  }
  return rows;
}
