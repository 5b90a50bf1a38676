// Every command-line entry point, started as a user starts it (`pitchside <command>`, the package's bin): `--help`
// prints the usage and exits 0 without doing anything, a wrong flag exits 2 with the reason on stderr, and a
// failure exits 1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HelpRequested, numberOption, parseCommandLine, UsageError } from '@robot-runtime/hosts/robot/commandLine';
import { COMMANDS } from './pitchside';

const REPO = path.resolve(import.meta.dirname, '../../..');
const BIN = path.join(REPO, 'bin/pitchside.mjs');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[]): Promise<Run> {
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
async function limited<T>(jobs: (() => Promise<T>)[], n: number): Promise<T[]> {
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

describe('the shared command-line parser', () => {
  it('separates help, wrong arguments and values', () => {
    const spec = { options: { n: { type: 'string' }, flag: { type: 'boolean' } }, positionals: [1, 2] } as const;
    expect(() => parseCommandLine(['--help'], spec)).toThrow(HelpRequested);
    expect(() => parseCommandLine(['a', '-h', '--bogus'], spec)).toThrow(HelpRequested);
    expect(() => parseCommandLine(['a', '--bogus'], spec)).toThrow(UsageError);
    expect(() => parseCommandLine([], spec)).toThrow(UsageError);
    expect(() => parseCommandLine(['a', 'b', 'c'], spec)).toThrow(/unexpected argument 'c'/);
    expect(parseCommandLine(['a', '--n', '3', '--flag'], spec)).toMatchObject({
      positionals: ['a'],
      values: { n: '3', flag: true },
    });
    expect(numberOption('n', '3', Number.isInteger)).toBe(3);
    expect(() => numberOption('seed', 'x', Number.isInteger)).toThrow("--seed: 'x' is not a valid value");
  });
});

describe('pitchside <command>', () => {
  const names = Object.keys(COMMANDS);

  it('--help exits 0 with the usage on stdout for every command; bench runs nothing', async () => {
    const before = fs.readFileSync(path.join(REPO, 'docs/benchmarks.md'), 'utf8');
    const runs = await limited([() => run(['--help']), ...names.map((n) => () => run([n, '--help']))], 3);
    for (const [i, r] of runs.entries()) {
      const what = i === 0 ? 'pitchside' : names[i - 1]!;
      expect([what, r.code, r.stderr]).toEqual([what, 0, '']);
      expect(r.stdout, what).toMatch(/usage/i);
    }
    expect(runs[names.indexOf('bench') + 1]!.stdout).not.toMatch(/running/);
    expect(fs.readFileSync(path.join(REPO, 'docs/benchmarks.md'), 'utf8')).toBe(before);
  }, 600_000);

  it('a wrong flag exits 2 with the reason on stderr for every command', async () => {
    const runs = await limited([() => run(['nonsense']), ...names.map((n) => () => run([n, '--no-such-flag']))], 3);
    for (const [i, r] of runs.entries()) {
      const what = i === 0 ? 'pitchside' : names[i - 1]!;
      expect([what, r.code]).toEqual([what, 2]);
      // cfg prefixes its messages with its name, as before.
      expect(r.stderr, what).toMatch(/^(error|cfg): (unknown command 'nonsense'|Unknown option '--no-such-flag'\n)/);
    }
  }, 600_000);

  it('bad values exit 2, failures exit 1', async () => {
    const [robot, info, seed] = await limited(
      [
        () => run(['robot', '--robot', 'NoSuchRobot']),
        () => run(['log', 'info', path.join(REPO, 'package.json')]),
        () => run(['sim', '--scene', 'x.ros3', '--seed', 'x']),
      ],
      3,
    );
    expect(robot.code).toBe(2);
    expect(robot.stderr).toMatch(/unknown robot 'NoSuchRobot'/);
    expect(info.code).toBe(1);
    expect(info.stderr).toMatch(/is not a readable log/);
    expect(seed.code).toBe(2);
    expect(seed.stderr).toMatch(/--seed/);
  });
});
