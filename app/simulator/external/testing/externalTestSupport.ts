/**
 * @file Test support for external robots: a simulation of one articulated NAO served on a loopback net of its
 * own (tests run in parallel), and the minimal Python robot program started against its endpoints.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNode, type Child } from '@robot-runtime/hosts/robot/lola/testing/processes';
import { Simulation } from '../../simulation/Simulation';
import { ExternalBoundary, type ExternalOptions } from '../ExternalBoundary';

const root = path.resolve(import.meta.dirname, '../../../..');
/** One NAO on the field, articulated. */
export const ONE_NAO_SCENE = path.join(root, 'scenes/Articulated.ros3');
const robotProgram = path.join(import.meta.dirname, 'minimalRobot.py');
/** Debian's Python, standard library only. */
const PYTHON = '/usr/bin/python3';

/** A served simulation and what its boundary reported. */
export interface Served {
  sim: Simulation;
  boundary: ExternalBoundary;
  lines: string[];
  close(): Promise<void>;
}

/** Serves `robot1` of the one-NAO scene externally. */
export async function serveOneNao(options: ExternalOptions = {}): Promise<Served> {
  const lines: string[] = [];
  const sim = await Simulation.load(ONE_NAO_SCENE, { external: ['robot1'], startScript: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ext-'));
  const net = 1 + Math.floor(Math.random() * 250);
  const boundary = await ExternalBoundary.serve(sim, { net, socketDir: dir, report: (l) => lines.push(l), ...options });
  return {
    sim,
    boundary,
    lines,
    close: async () => {
      await boundary.close();
      await sim.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the Python robot reports. */
export interface PythonReport {
  maps: number;
  answered: number;
  problems: string[];
  keys: string[];
  sizes: Record<string, number>;
  ticks: number[];
  images?: Record<string, { count: number; sizes: number[][]; bad: number }>;
}

/** Starts the Python robot against external robot `robot` (default the first); resolves with its report and exit code. */
export function startPythonRobot(
  boundary: ExternalBoundary,
  cycles: number,
  extra: string[] = [],
  robot = 0,
): Promise<{ report: PythonReport | undefined; code: number | null; err: string }> {
  const e = boundary.robots[robot]!.endpoints!;
  const args = [e.lolaSocket, e.address, String(e.imagePorts[0]), String(e.imagePorts[1]), String(cycles), ...extra];
  const child = spawn(PYTHON, [robotProgram, ...args]);
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) =>
    child.on('exit', (code) =>
      resolve({ report: out.trim() ? (JSON.parse(out) as PythonReport) : undefined, code, err }),
    ),
  );
}

/**
 * Starts Pitchside's own program as deployed (`npm run robot`, through tsx) against external robot `robot`: LoLA on
 * its socket, the debug link on a free port of its address, and `extra` options.
 */
export function startPitchsideRobot(boundary: ExternalBoundary, extra: string[] = [], robot = 0): Child {
  const e = boundary.robots[robot]!.endpoints!;
  const main = 'robot-runtime/hosts/robot/main.ts';
  return startNode(['--import', 'tsx', main, '--lola', e.lolaSocket, '--address', e.address, '--port', '0', ...extra]);
}
