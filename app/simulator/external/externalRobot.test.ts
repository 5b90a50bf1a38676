import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runHeadless } from '../simulation/headless';
import { Simulation } from '../simulation/Simulation';
import { ExternalBoundary, type ExternalOptions } from './ExternalBoundary';

const here = path.dirname(fileURLToPath(import.meta.url));
const scene = path.resolve(here, '../../../scenes/Articulated.ros3');
const robotProgram = path.join(here, 'testing/minimalRobot.py');
/** Debian's Python, standard library only. */
const PYTHON = '/usr/bin/python3';

const open: { sim: Simulation; boundary: ExternalBoundary; dir: string }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.boundary.close();
    await o.sim.dispose();
    fs.rmSync(o.dir, { recursive: true, force: true });
  }
});

/** A simulation of one NAO served externally, on a loopback net of its own (tests run in parallel). */
async function serve(options: ExternalOptions = {}) {
  const lines: string[] = [];
  const sim = await Simulation.load(scene, { external: ['robot1'], startScript: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ext-'));
  const net = 1 + Math.floor(Math.random() * 250);
  const boundary = await ExternalBoundary.serve(sim, { net, socketDir: dir, report: (l) => lines.push(l), ...options });
  open.push({ sim, boundary, dir });
  return { sim, boundary, lines };
}

interface Report {
  maps: number;
  answered: number;
  problems: string[];
  keys: string[];
  sizes: Record<string, number>;
  ticks: number[];
  images?: Record<string, { count: number; sizes: number[][]; bad: number }>;
}

/** Starts the Python robot against robot1's endpoints; resolves with its report and exit code. */
function startPython(boundary: ExternalBoundary, cycles: number, extra: string[] = []) {
  const e = boundary.robots[0]!.endpoints!;
  const child = spawn(PYTHON, [
    robotProgram,
    e.lolaSocket,
    e.address,
    String(e.imagePorts[0]),
    String(e.imagePorts[1]),
    String(cycles),
    ...extra,
  ]);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise<{ report: Report | undefined; code: number | null; err: string }>((resolve) =>
    child.on('exit', (code) => resolve({ report: out.trim() ? (JSON.parse(out) as Report) : undefined, code, err })),
  );
}

describe('external robots: a foreign program drives a simulated NAO through LoLA and the image streams', () => {
  it('a Python robot stands for 10 s in lock-step, answers every cycle and gets 30 images per camera', async () => {
    const { sim, boundary, lines } = await serve({ lockStep: true });
    const cycles = Math.ceil(10_000 / 12);
    const done = startPython(boundary, cycles);
    expect(await boundary.waitForPrograms(10_000)).toEqual([]);
    // The Python program connects its image readers right after LoLA; let them arrive before the first image.
    while (!boundary.robots[0]!.cameras.every((c) => c.hasReaders)) await new Promise((r) => setTimeout(r, 10));
    await runHeadless(sim, { duration: 10, speed: 'max', startGame: false, afterStep: () => boundary.answers() });
    const { report, code, err } = await done;
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(report!.problems).toEqual([]);
    expect(report!.maps).toBe(cycles);
    expect(report!.answered).toBe(cycles);
    // The NAO V6's sensor map: its keys and sizes.
    expect(report!.keys).toEqual([
      'RobotConfig',
      'Accelerometer',
      'Angles',
      'Battery',
      'Current',
      'FSR',
      'Gyroscope',
      'Position',
      'Sonar',
      'Stiffness',
      'Temperature',
      'Touch',
      'Status',
    ]);
    expect(report!.sizes).toMatchObject({ Position: 25, Stiffness: 25, FSR: 8, Touch: 14, Status: 25, Angles: 2 });
    const robot = boundary.robots[0]!;
    expect(robot.received).toBeGreaterThanOrEqual(cycles);
    expect(robot.silent).toBe(false);
    const cams = sim.scene.robots[0]!.model.cameras;
    for (const camera of ['0', '1']) {
      const images = report!.images![camera]!;
      expect(images.bad).toBe(0);
      expect(images.count).toBeGreaterThanOrEqual(30);
      expect(images.sizes).toEqual([[cams[Number(camera)]!.imageWidth, cams[Number(camera)]!.imageHeight]]);
    }
    // Ticks are LoLA cycles: 30 Hz images come every 2 or 3 cycles of 12 ms.
    const gaps = report!.ticks.slice(1).map((t, i) => t - report!.ticks[i]!);
    for (const g of gaps) expect([2, 3]).toContain(g);
    // It stood: upright, the torso at standing height.
    const truth = sim.worldState.robots.find((r) => r.name === 'robot1')!;
    expect(truth.fallen).toBe(false);
    expect(truth.falls).toBe(0);
    // Only the program's own exit after its cycles is reported.
    expect(lines.filter((l) => !/connected|program gone/.test(l))).toEqual([]);
  }, 120_000);
});
