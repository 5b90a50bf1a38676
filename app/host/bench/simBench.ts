// Simulation speed (see docs/simulation.md, "Benchmarks"): the real-time factor of whole games with 1, 2, 7 and
// 14 controlled robots (every thread and module of the scene's configuration), with oracle percepts
// (GameOracle: no images) and with image-based perception (GameImages: both cameras rendered at 30 Hz and read by the
// perceptors); the cost per added robot (slope of a least-squares line through CPU ms per simulated second);
// the oracled world model (GameFast) for reference; and ms per rendered camera image, in play and with B-Human's 14
// NAOs in view drawn from their meshes (cameraMeshBench.ts). Times are the main thread's CPU time (everything runs on
// it: one core), so that other load on the machine does not count.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadScene } from '../../simulator/scene/loadScene';
import type { SceneModel } from '../../simulator/scene/SceneModel';
import { Simulation } from '../../simulator/simulation/Simulation';
import type { BenchRow } from './BenchRow';
import { cameraMeshRows } from './cameraMeshBench';
import { mainThreadCpuMs as cpuMs } from './mainThreadCpu';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');
const ROBOT_COUNTS = [1, 2, 7, 14];
/** Least CPU time of a measured window: 100 ticks of the thread clock. */
const MIN_CPU_MS = 1000;
/** Longest measured window, for a configuration that would need more to reach MIN_CPU_MS. */
const MAX_SIM_SECONDS = 120;

/** The scene with only `n` of its controlled robots, taken from both teams in turn (robot1, robot21, robot2, …). */
export function withRobots(scene: SceneModel, n: number): SceneModel {
  const teams = [scene.robots.filter((r) => r.team === 0), scene.robots.filter((r) => r.team === 1)];
  const picked = Array.from({ length: n }, (_, i) => teams[i % 2]![Math.floor(i / 2)]!).filter(Boolean);
  return { ...scene, robots: scene.robots.filter((r) => picked.includes(r)) };
}

/** All threads of the process (main thread plus V8's compiler and GC helpers), in ms. */
const processCpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Main-thread CPU ms per simulated second of a started game (after a warm-up for the JIT and the first poses);
 * `processMs` counts all of the process's threads.
 */
async function cpuPerSimulatedSecond(
  scene: SceneModel,
  simSeconds: number,
): Promise<{ ms: number; processMs: number; sim: Simulation }> {
  const sim = await Simulation.fromScene(scene, { seed: 1 });
  sim.command('gc ready');
  sim.runFor(2000);
  const start = cpuMs(),
    processStart = processCpuMs();
  const from = sim.time;
  sim.runFor(simSeconds * 1000);
  // The thread clock counts in 10 ms ticks: a fast configuration runs on until the window is long enough for 1 %.
  while (cpuMs() - start < MIN_CPU_MS && sim.time - from < MAX_SIM_SECONDS * 1000) sim.runFor(1000);
  const seconds = (sim.time - from) / 1000;
  return { ms: (cpuMs() - start) / seconds, processMs: (processCpuMs() - processStart) / seconds, sim };
}

/** Least-squares line y = a + b·x and its R². */
function fitLine(xs: number[], ys: number[]): { intercept: number; slope: number; r2: number } {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n,
    my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0,
    sxx = 0,
    syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  const slope = sxy / sxx;
  return { intercept: my - slope * mx, slope, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

/** CPU ms per rendered image of `camera` for each robot of a running simulation, in its current state. */
function msPerImage(sim: Simulation, camera: 'upper' | 'lower', rounds: number): number {
  for (const r of sim.scene.robots) sim.cameraImages.render(r, camera, { yaw: 0, pitch: 0.26 });
  const start = cpuMs();
  let n = 0;
  for (let i = 0; i < rounds; i++) {
    for (const r of sim.scene.robots) {
      sim.cameraImages.render(r, camera, { yaw: 0, pitch: 0.26 });
      n++;
    }
  }
  return (cpuMs() - start) / n;
}

/** Runs the simulation benchmark. */
export async function runSimBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const group = 'simulator';
  // A throwaway game first, so that the first measured one does not pay for compiling the code.
  await (await cpuPerSimulatedSecond(loadScene(path.join(scenes, 'GameOracle.ros3')), 3)).sim.dispose();
  for (const [file, label, simSeconds] of [
    ['GameOracle.ros3', 'oracle perception', 10],
    ['GameImages.ros3', 'image-based perception', 2],
  ] as const) {
    const base = loadScene(path.join(scenes, file));
    const costs: number[] = [];
    for (const n of ROBOT_COUNTS) {
      const { ms, processMs, sim } = await cpuPerSimulatedSecond(withRobots(base, n), simSeconds);
      costs.push(ms);
      const goal = n === 14 && file === 'GameOracle.ros3' ? '≥ 5×' : undefined;
      rows.push({
        group,
        name: `${n} robot${n > 1 ? 's' : ''}, ${label}: real-time factor (simulated s per CPU s)`,
        value: 1000 / ms,
        unit: '×',
        goal,
      });
      if (n === 14 && file === 'GameOracle.ros3') {
        rows.push({
          group,
          name: '14 robots, oracle perception: real-time factor counting all threads (also V8 compiler and GC helpers)',
          value: 1000 / processMs,
          unit: '×',
        });
      }
      if (n === 14 && file === 'GameImages.ros3') {
        rows.push({
          group,
          name: 'rendering one upper camera image (640×480 YUYV), 14 robots in play',
          value: msPerImage(sim, 'upper', 3),
          unit: 'ms',
          goal: '< 150',
        });
        rows.push({
          group,
          name: 'rendering one lower camera image (320×240 YUYV), 14 robots in play',
          value: msPerImage(sim, 'lower', 6),
          unit: 'ms',
        });
      }
      await sim.dispose();
    }
    const fit = fitLine(ROBOT_COUNTS, costs);
    rows.push({
      group,
      name: `${label}: CPU per added robot (slope of the linear fit, R² ${fit.r2.toFixed(3)})`,
      value: fit.slope,
      unit: 'ms/sim s',
    });
    rows.push({
      group,
      name: `${label}: fixed cost (intercept: physics, GameController, network)`,
      value: fit.intercept,
      unit: 'ms/sim s',
    });
  }
  const fast = await cpuPerSimulatedSecond(loadScene(path.join(scenes, 'GameFast.ros3')), 10);
  rows.push({
    group,
    name: '14 robots, oracled world model (GameFast): real-time factor (simulated s per CPU s)',
    value: 1000 / fast.ms,
    unit: '×',
  });
  await fast.sim.dispose();
  rows.push(...(await cameraMeshRows()));
  return rows;
}
