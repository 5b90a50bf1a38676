// Starts `pitchside` as a user does (the package's bin in a process of its own) and checks what every command owes
// its user on the command line: `--help` prints the usage and exits 0 without doing anything, a wrong flag exits 2
// with the reason on stderr.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const BIN = path.join(REPO, 'bin/pitchside.mjs');

/** How a started `pitchside` ended. */
export interface BinRun {
  /** The exit code (null when killed). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `pitchside <args>` in the repository and resolves when it ends. */
export function runPitchsideBin(args: string[]): Promise<BinRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Generous: on a loaded machine, loading a command's modules alone can take tens of seconds.
    const timer = setTimeout(() => child.kill('SIGKILL'), 200_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs `jobs` with at most `n` at a time (2 cores shared with others). */
export async function limited<T>(jobs: (() => Promise<T>)[], n: number): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

/** `pitchside --help` and `pitchside <name> --help` for each of `names`: exit 0, the usage, nothing written. */
export async function expectHelp(names: readonly string[]): Promise<void> {
  const benchmarks = path.join(REPO, 'docs/benchmarks.md');
  const before = fs.readFileSync(benchmarks, 'utf8');
  const runs = await limited(
    [() => runPitchsideBin(['--help']), ...names.map((n) => () => runPitchsideBin([n, '--help']))],
    3,
  );
  for (const [i, r] of runs.entries()) {
    const what = i === 0 ? 'pitchside' : names[i - 1]!;
    expect([what, r.code, r.stderr]).toEqual([what, 0, '']);
    expect(r.stdout, what).toMatch(/usage/i);
    if (what === 'bench') expect(r.stdout).not.toMatch(/running/);
  }
  // bench --help measured nothing and recorded nothing.
  expect(fs.readFileSync(benchmarks, 'utf8')).toBe(before);
}

/** `pitchside nonsense` and `pitchside <name> --no-such-flag` for each of `names`: exit 2, the reason on stderr. */
export async function expectWrongFlagRefused(names: readonly string[]): Promise<void> {
  const runs = await limited(
    [() => runPitchsideBin(['nonsense']), ...names.map((n) => () => runPitchsideBin([n, '--no-such-flag']))],
    3,
  );
  for (const [i, r] of runs.entries()) {
    const what = i === 0 ? 'pitchside' : names[i - 1]!;
    expect([what, r.code]).toEqual([what, 2]);
    // cfg prefixes its messages with its name, as before.
    expect(r.stderr, what).toMatch(/^(error|cfg): (unknown command 'nonsense'|Unknown option '--no-such-flag'\n)/);
  }
}
