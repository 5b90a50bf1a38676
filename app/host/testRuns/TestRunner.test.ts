// A short `test situation` on the capsule scene (two robots, a few simulated seconds): the runs follow their
// start script and seeds, end at their target or timeout, and each leaves one replayable log per robot.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestRunsState } from '../../ipc/testRuns';
import { LogFile } from '../log/LogFile';
import { NodeFiles } from '../console/nodeFiles';
import { loadScene } from '../../simulator/scene/loadScene';
import { Simulation, type SimulationOptions } from '../../simulator/simulation/Simulation';
import { fuzzPoses } from './fuzzPoses';
import { parseTestCommand, type TestSpec } from './testSpec';
import { resultTable, TestRunner } from './TestRunner';
import { expressionCheck } from './testTargets';

const root = path.resolve(import.meta.dirname, '../../..');
const sceneFile = path.join(root, 'scenes', 'GameFast.ros3');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-test-runs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** GameFast with its first robot of each team only (a few simulated seconds then take a second or two). */
async function twoRobots(file: string, options: SimulationOptions): Promise<Simulation> {
  const scene = loadScene(file);
  const robots = [scene.robots.find((r) => r.team === 0)!, scene.robots.find((r) => r.team === 1)!];
  return Simulation.fromScene({ ...scene, robots, extras: [] }, options);
}

function runner(
  line: string,
  logDir: string,
  maxRecordedBytes?: number,
  halfDuration?: number,
  onChange?: (state: TestRunsState) => void,
): { runner: TestRunner; printed: string[] } {
  const printed: string[] = [];
  const spec = parseTestCommand(line.split(/\s+/).slice(1)) as TestSpec;
  return {
    printed,
    runner: new TestRunner(spec, line, {
      sceneFile,
      logDir,
      files: new NodeFiles(),
      seed: 7,
      representations: ['FrameInfo', 'GameState', 'RobotPose'],
      print: (l) => printed.push(l),
      load: twoRobots,
      maxRecordedBytes,
      halfDuration,
      onChange,
    }),
  };
}

describe('test situation', () => {
  it('runs seeded, fuzzed runs until their target or timeout and records one log per robot and run', async () => {
    const con = path.join(dir, 'Corner.con');
    fs.writeFileSync(
      con,
      '# the ball in a corner, robot1 beside it\ngc ready\ngc set\ngc playing\nmvo RoboCup.balls.ball 3500 2000 50\n',
    );
    const states: TestRunsState[] = [];
    const reachedAt = runner(
      `test situation 2 3 ${con} fuz pos 200 rot 10 z 5 ballInZone 3000 1500 4500 3000`,
      dir,
      undefined,
      undefined,
      (s) => states.push(s),
    );
    const reached = await reachedAt.runner.run();
    // The Test Runs view's estimate: present while runs remain after the first, gone at the end.
    expect(states.map((s) => [s.running, s.runs.length, s.secondsLeft !== undefined])).toEqual([
      [true, 0, false],
      [true, 1, true],
      [true, 2, true],
      [false, 2, false],
    ]);
    expect(reached.runs.map((r) => [r.run, r.seed, r.outcome])).toEqual([
      [1, 7, 'reached'],
      [2, 8, 'reached'],
    ]);
    expect(reachedAt.printed[0]).toMatch(/fuz z moves nothing/);
    for (const r of reached.runs) expect(r.logs.map((l) => l.robot)).toEqual(['robot1', 'robot21']);

    const timeoutAt = runner('test situation 1 2 goalTeamB', path.join(dir, 'timeout'));
    const timedOut = await timeoutAt.runner.run();
    const run = timedOut.runs[0]!;
    expect(run).toMatchObject({ run: 1, seed: 7, outcome: 'timeout', detail: 'the target was not reached' });
    expect(run.seconds).toBeGreaterThanOrEqual(2);
    expect(run.logs.map((l) => l.robot)).toEqual(['robot1', 'robot21']);
    for (const log of run.logs) {
      expect(path.dirname(log.file)).toBe(path.join(dir, 'timeout', 'run1'));
      const file = LogFile.open(log.file);
      expect(file.frameCount).toBeGreaterThan(10);
    }
    const table = resultTable(timedOut);
    expect(table.split('\n')[0]).toMatch(/^run\s+seed\s+result\s+sim s\s+score\s+detail\s+logs$/);
    expect(table).toMatch(/^ {2}1\s+7\s+timeout\s+2\.0\s+0:0\s+the target was not reached\s+\/.*run1$/m);
    expect(table.split('\n').at(-1)).toBe('0/1 reached the target');
  });

  it('fuzzes the start poses from the seed: the same seed moves the robots the same way', async () => {
    const poses = async (seed: number) => {
      const sim = await twoRobots(sceneFile, { seed: 1 });
      fuzzPoses(sim, [{ axis: 'all', deviation: 300 }], seed);
      sim.step();
      const result = sim.worldState.robots.map((r) => [r.pose.translation.x, r.pose.translation.y, r.pose.rotation]);
      const start = sim.scene.robots.map((r) => r.pose2.translation.x);
      await sim.dispose();
      return { result, start };
    };
    const a = await poses(3);
    const b = await poses(3);
    const c = await poses(4);
    expect(a.result).toEqual(b.result);
    expect(a.result).not.toEqual(c.result);
    expect(Math.abs(a.result[0]![0]! - a.start[0]!)).toBeGreaterThan(1);
  });

  it('fuzzes the poses the start script set with mvo, not the scene poses', async () => {
    const sim = await twoRobots(sceneFile, { seed: 1 });
    try {
      expect(sim.command('mvo RoboCup.robots.robot1 2000 1500 320 0 0 90')).toEqual({ kind: 'done' });
      const shift = fuzzPoses(sim, [{ axis: 'pos', deviation: 200 }], 5);
      sim.step();
      const robot1 = sim.worldState.robots.find((r) => r.name === 'robot1')!;
      const { x, y } = robot1.pose.translation;
      // The scene puts robot1 at (−4300, 0); the script moved it 6.6 m away, and the noise is about 0.2 m.
      expect(shift).toBeGreaterThan(1);
      expect(Math.hypot(x - 2000, y - 1500)).toBeLessThan(1000);
      expect(Math.abs(robot1.pose.rotation - Math.PI / 2)).toBeLessThan(0.05);
    } finally {
      await sim.dispose();
    }
  });

  it('test game plays a whole (short) game to its end', async () => {
    const { runner: r } = runner('test game 1', path.join(dir, 'game'), undefined, 3000);
    const state = await r.run();
    expect(state.runs[0]).toMatchObject({ run: 1, outcome: 'finished' });
    expect(state.runs[0]!.detail).toMatch(/^game over \d+:\d+$/);
    expect(state.runs[0]!.logs).toHaveLength(2);
    expect(resultTable(state).split('\n').at(-1)).toBe('1/1 games finished');
  });

  it('stops recording a run whose logs grow past the memory cap, and still judges the run to its end', async () => {
    const { runner: r } = runner('test situation 1 3 goalTeamB', path.join(dir, 'capped'), 5000);
    const run = (await r.run()).runs[0]!;
    expect(run.outcome).toBe('timeout');
    expect(run.seconds).toBeGreaterThanOrEqual(3);
    expect(run.detail).toMatch(/^the target was not reached; recorded the first \d s only/);
    const recordedFor = Number(/first (\d+) s/.exec(run.detail)![1]);
    expect(recordedFor).toBeLessThan(3);
    expect(LogFile.open(run.logs[0]!.file).frameCount).toBeGreaterThan(0);
  });

  it('judges targets on the ground truth and the GameController: zones by name, penalties, budgets', async () => {
    const sim = await twoRobots(sceneFile, { seed: 1 });
    try {
      const zone = (name: string) => parseTestCommand(['situation', '1', '1', 'ballInZone', name]) as TestSpec;
      const check = (name: string) => expressionCheck(sim, zone(name).target!)();
      sim.physics.moveBall({ x: 4200, y: 300, z: 50 });
      sim.step();
      // The first team (A) defends the −x goal in the first half.
      expect(['penaltyAreaB', 'penaltyArea', 'goalAreaB', 'fieldHalfB', 'fieldHalf'].map(check)).toEqual(
        Array(5).fill('the ball is in the zone'),
      );
      expect(['penaltyAreaA', 'goalAreaA', 'fieldHalfA', 'centerCircle'].map(check)).toEqual(Array(4).fill(undefined));
      const target = (words: string) =>
        expressionCheck(sim, (parseTestCommand(['situation', '1', '1', ...words.split(' ')]) as TestSpec).target!);
      const penalized = target('penalized robot21');
      expect(penalized()).toBeUndefined();
      expect(sim.robotCommand('robot21', 'pr manual')).toEqual({ kind: 'done' });
      expect(penalized()).toBe('robot21 was penalized');
      expect(target('budget teamA >= 1')()).toMatch(/^team A's message budget is \d+$/);
      expect(target('budget teamA < 0')()).toBeUndefined();
      expect(() => target('robotTouch robot99')).toThrow("the scene has no robot 'robot99'");
      // B-Human's OneTeamFastNoPenaltyGoals: a goal of team A counts only while robot1 is not penalized.
      const cleanGoal = target('goalTeamA & not (penalized robot1)');
      const anyGoalOrPenalty = target('goalTeamA | penalized robot21');
      expect(cleanGoal()).toBeUndefined();
      expect(anyGoalOrPenalty()).toBe('goalTeamA | penalized robot21 holds (robot21 was penalized)');
      for (const state of ['ready', 'set', 'playing', 'goalByFirstTeam'])
        expect(sim.command(`gc ${state}`)).toEqual({ kind: 'done' });
      expect(cleanGoal()).toBe('goalTeamA & not penalized robot1 holds (team A scored)');
      expect(sim.robotCommand('robot1', 'pr manual')).toEqual({ kind: 'done' });
      expect(cleanGoal()).toBeUndefined();
    } finally {
      await sim.dispose();
    }
  });

  it('reports a target that cannot apply as a failed run', async () => {
    const { runner: r, printed } = runner('test situation 3 1 robotInSkill dancing robot1', path.join(dir, 'bad'));
    const state = await r.run();
    expect(state.runs[0]).toMatchObject({ outcome: 'error', logs: [] });
    expect(state.runs[0]!.detail).toMatch(/'dancing' is not an activity of BehaviorStatus/);
    expect(state.runs).toHaveLength(1);
    expect(printed.at(-1)).toBe('test: the other 2 run(s) would fail the same way; stopped');
  });
});
