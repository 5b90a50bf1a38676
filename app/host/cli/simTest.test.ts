// `npm run sim -- --test` as docs/ide.md shows it: the shipped start script scenes/Tests/Attack.con on GameFast,
// fuzzed, until team A scores; and the folder test runs record into by default is one git ignores.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG_ROOT } from '../../simulator/simulation/robotConfig';
import { LogFile } from '../log/LogFile';
import { stampedTestDir, testLogRoot } from '../testRuns/testLogDir';
import { runSimTest } from './simTest';

const root = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-sim-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('npm run sim -- --test', () => {
  it('runs the documented example: Tests/Attack with fuz pos 200 until goalTeamA', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runSimTest(
      {
        scene: path.join(root, 'scenes', 'GameFast.ros3'),
        test: 'situation 1 20 Tests/Attack fuz pos 200 goalTeamA',
        // Seeds 3, 4, 5, 8 and 10 of 1–10 score (docs/ide.md); seed 3 after 6.0 simulated seconds.
        seed: 3,
        record: dir,
        recordRepresentations: ['FrameInfo', 'RobotPose'],
        recordRobots: ['robot2'],
      },
      (l) => out.push(l),
      (l) => err.push(l),
    );
    // Team A scores only from where the script placed robot2 (0.5 m behind the ball in front of the goal): fuzzed
    // from the scene's poses instead, robot2 would start 6.7 m from the ball.
    expect(err).toEqual([]);
    expect(out.filter((l) => /^test run 1\/1: reached after [\d.]+ s \(team A scored\)$/.test(l))).toHaveLength(1);
    expect(code).toBe(0);
    const log = LogFile.open(path.join(dir, 'run1', 'robot2.log'));
    expect(log.frameCount).toBeGreaterThan(10);
  }, 300_000);

  it('records into config/Logs/Tests/<time>_<kind> by default, which git ignores', () => {
    const logDir = stampedTestDir(
      testLogRoot(DEFAULT_CONFIG_ROOT),
      'situation',
      new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    );
    expect(path.relative(root, logDir)).toBe(path.join('config', 'Logs', 'Tests', '2026-01-02_03-04-05_situation'));
    const ignored = spawnSync('git', ['check-ignore', '-q', path.join(logDir, 'run1', 'robot1.log')], { cwd: root });
    expect(ignored.status).toBe(0);
  });
});
