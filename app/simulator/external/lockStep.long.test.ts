import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScene } from '../scene/loadScene';
import { runHeadless } from '../simulation/headless';
import { Simulation } from '../simulation/Simulation';
import { ExternalBoundary } from './ExternalBoundary';
import { startPythonRobot } from './testing/externalTestSupport';

const scene = path.resolve(import.meta.dirname, '../../../scenes/GameArticulated.ros3');

/** Two robots per team, the first of each team external (a Python program), the second in-process; 4 s played. */
async function playOnce(seed: number): Promise<string> {
  const full = loadScene(scene);
  const teams = [0, 1].map((t) => full.robots.filter((r) => r.team === t).slice(0, 2));
  const robots = full.robots.filter((r) => teams.flat().includes(r));
  const external = teams.map((t) => t[0]!.name);
  const sim = await Simulation.fromScene({ ...full, robots }, { seed, external, startScript: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ext-'));
  const net = 1 + Math.floor(Math.random() * 250);
  const boundary = await ExternalBoundary.serve(sim, { lockStep: true, net, socketDir: dir });
  try {
    const programs = external.map((_, k) => startPythonRobot(boundary, 100_000, ['--no-images'], k));
    expect(await boundary.waitForPrograms(120_000)).toEqual([]);
    await runHeadless(sim, { duration: 4, speed: 'max', afterStep: () => boundary.answers() });
    for (const r of boundary.robots) expect(r.silent).toBe(false);
    const state = sim.worldState;
    const snapshot = JSON.stringify({
      time: sim.time,
      ball: state.ball?.position,
      robots: state.robots.map((r) => [r.name, r.pose, r.fallen]),
      joints: boundary.robots.map((r) => sim.articulated!.measure(r.name).JointSensorData.angles),
    });
    for (const r of boundary.robots) r.lola.disconnect('game over');
    await Promise.all(programs);
    return snapshot;
  } finally {
    await boundary.close();
    await sim.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('lock-step with external robots', () => {
  it('the same seed and the same programs give the same game twice (mixed: in-process and external robots)', async () => {
    const first = await playOnce(3);
    const second = await playOnce(3);
    expect((JSON.parse(first) as { time: number }).time).toBe(Math.ceil(4000 / 12) * 12);
    expect(second).toBe(first);
  }, 240_000);
});
