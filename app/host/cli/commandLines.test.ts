// Command-line entry points, started as a user starts it (`pitchside <command>`, the package's bin): `--help`
// prints the usage and exits 0 without doing anything, a wrong flag exits 2 with the reason on stderr, and a
// failure exits 1.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HelpRequested, numberOption, parseCommandLine, UsageError } from '@robot-runtime/hosts/robot/commandLine';
import { COMMANDS } from './pitchside';
import { expectHelp, expectWrongFlagRefused, limited, runPitchsideBin } from './testing/pitchsideBin';

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
  // Every command's --help and wrong flag: commandLines.long.test.ts. Here the dispatcher and three commands: a
  // simulation, the benchmarks (whose --help once ran them) and a file tool.
  const sample = ['sim', 'bench', 'log'];

  it('--help exits 0 with the usage on stdout; bench runs nothing', async () => {
    expect(sample.filter((n) => !Object.hasOwn(COMMANDS, n))).toEqual([]);
    await expectHelp(sample);
  }, 600_000);

  it('a wrong flag exits 2 with the reason on stderr', async () => {
    await expectWrongFlagRefused(sample);
  }, 600_000);

  it('bad values exit 2, failures exit 1', async () => {
    const [robot, info, seed] = await limited(
      [
        () => runPitchsideBin(['robot', '--robot', 'NoSuchRobot']),
        () => runPitchsideBin(['log', 'info', path.resolve(import.meta.dirname, '../../../package.json')]),
        () => runPitchsideBin(['sim', '--scene', 'x.ros3', '--seed', 'x']),
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
