import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '@robot-runtime/hosts/robot/commandLine';
import { parseSimArgs, runSim } from './sim';

const root = path.resolve(import.meta.dirname, '../../..');
const scene = path.join(root, 'scenes/Articulated.ros3');
const robotProgram = path.join(root, 'app/simulator/external/testing/minimalRobot.py');

describe('npm run sim -- --external', () => {
  it('parses the external options', () => {
    expect(parseSimArgs(['--scene', 'a.ros3', '--external', 'robot1, robot2', '--lock-step'])).toMatchObject({
      external: ['robot1', 'robot2'],
      lockStep: true,
      wait: 60,
    });
    expect(parseSimArgs(['--scene', 'a.ros3', '--external', 'robot1', '--wait', '5', '--net', '7'])).toMatchObject({
      external: ['robot1'],
      wait: 5,
      net: 7,
    });
    expect(() => parseSimArgs(['--scene', 'a.ros3', '--lock-step'])).toThrow(/need --external/);
    expect(() => parseSimArgs(['--scene', 'a.ros3', '--external', 'robot1', '--speed', '2'])).toThrow(UsageError);
    expect(() => parseSimArgs(['--scene', 'a.ros3', '--external', ','])).toThrow(/robot names/);
  });

  it('refuses a robot the scene does not have, and a capsule scene', async () => {
    const err: string[] = [];
    const args = parseSimArgs(['--scene', scene, '--external', 'robot9', '--wait', '0']);
    expect(
      await runSim(
        args,
        () => {},
        (l) => err.push(l),
      ),
    ).toBe(1);
    expect(err.join('\n')).toMatch(/no robot 'robot9' in the scene/);
    const capsules = parseSimArgs(['--scene', path.join(root, 'scenes/GameFast.ros3'), '--external', 'robot1']);
    err.length = 0;
    expect(
      await runSim(
        capsules,
        () => {},
        (l) => err.push(l),
      ),
    ).toBe(1);
    expect(err.join('\n')).toMatch(/external robots need an articulated scene/);
  });

  it('prints one line per external robot, waits, and plays in real time with the program it served', async () => {
    const net = String(1 + Math.floor(Math.random() * 250));
    const args = parseSimArgs(['--scene', scene, '--external', 'robot1', '--wait', '20', '--net', net]);
    args.duration = 2;
    args.progress = 0;
    const lines: string[] = [];
    let python: Promise<string> | undefined;
    const out = (line: string): void => {
      lines.push(line);
      const m =
        /^robot1: LoLA (\S+) and tcp (\S+):(\d+), images upper (\d+) lower (\d+), address (\S+) .*debug link/.exec(
          line,
        );
      if (!m) return;
      const child = spawn('/usr/bin/python3', [robotProgram, m[1]!, m[6]!, m[4]!, m[5]!, '150']);
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      python = new Promise((resolve) => child.on('exit', () => resolve(text)));
    };
    expect(await runSim(args, out, (l) => lines.push(`stderr: ${l}`))).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(
      new RegExp(
        `robot1: LoLA \\S+/robot1/robocup and tcp 127\\.${net}\\.1\\.1:\\d+, images upper \\d+ lower \\d+, ` +
          `address 127\\.${net}\\.1\\.1 \\(GameController 3838, team 10\\d+\\), debug link 127\\.${net}\\.1\\.1:9999`,
      ),
    );
    expect(text).toMatch(/waiting up to 20 s for 1 robot programs to connect/);
    expect(text).toMatch(/robot1: program connected over unix/);
    expect(text).toMatch(/0 robots and 1 external, seed 1, 2 s at real time/);
    expect(text).not.toMatch(/does not answer|malformed/);
    const report = JSON.parse(await python!) as { maps: number; answered: number };
    expect(report.answered).toBe(150);
  });
});
