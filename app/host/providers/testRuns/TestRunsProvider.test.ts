// `test` in the console: help, refusals, a situation run in the background that `test stop` ends, and the state
// the Test Runs view reads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestRunsState } from '@app/ipc/testRuns';
import { loadScene } from '@app/simulator/scene/loadScene';
import { Simulation } from '@app/simulator/simulation/Simulation';
import { ConsoleController } from '../../console/ConsoleController';
import { MemoryFiles } from '../../console/files';
import { NodeFiles } from '../../console/nodeFiles';
import { controllerHost } from '../../session/testing/controllerHost';
import { TestRunsProvider } from './TestRunsProvider';

const root = path.resolve(import.meta.dirname, '../../../..');
const logRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-test-provider-'));
afterAll(() => fs.rmSync(logRoot, { recursive: true, force: true }));

function session(sceneFile: string | undefined) {
  const controller = new ConsoleController({ files: new MemoryFiles() });
  const out: string[] = [];
  controller.on('output', (o) => out.push(o.text));
  const changes: TestRunsState[] = [];
  const host = {
    ...controllerHost(controller),
    broadcast: (_: string, state: unknown) => changes.push(state as TestRunsState),
  };
  const provider = new TestRunsProvider({
    sceneFile,
    configRoot: path.join(root, 'config'),
    logRoot,
    files: new NodeFiles(),
    representations: ['GameState', 'RobotPose'],
    load: async (file, options) => {
      const scene = loadScene(file);
      return Simulation.fromScene({ ...scene, robots: scene.robots.slice(0, 1), extras: [] }, options);
    },
  });
  provider.start(host as never);
  return { controller, out, provider, changes };
}

describe('the test command', () => {
  it('prints its help, refuses bad lines with the reason and refuses without a scene', () => {
    const { controller, out } = session(undefined);
    controller.execute('test help');
    expect(out.at(-1)).toMatch(/^test help \| stop \| game.*\n.*Targets: ballInZone <zone>/s);
    controller.execute('test situation 2 5 Corner nowhere');
    expect(out.at(-1)).toMatch(/^Syntax Error: unknown target 'nowhere'/);
    controller.execute('test situation 0 5 goalTeamA');
    expect(out.at(-1)).toMatch(/^Syntax Error: <numRuns> must be a whole number from 1 to 1000/);
    controller.execute('test stop');
    expect(out.at(-1)).toBe('test stop: no test is running');
    controller.execute('test game 1');
    expect(out.at(-1)).toBe('test: this session simulates no scene, so there is nothing to test');
  });

  it('runs in the background, refuses a second test, stops on test stop and prints the table', async () => {
    const { controller, out, provider, changes } = session(path.join(root, 'scenes', 'GameFast.ros3'));
    controller.execute('test situation 3 600 goalTeamA');
    expect(out.at(-1)).toMatch(/^test: 3 run\(s\) of GameFast\.ros3, logs in .*pitchside-test-provider-.*_situation$/);
    controller.execute('test game 1');
    expect(out.at(-1)).toBe("test: 'test situation 3 600 goalTeamA' is still running (test stop ends it)");
    await new Promise((resolve) => setTimeout(resolve, 2500));
    controller.execute('test stop');
    const state = await provider.whenDone();
    expect(state.running).toBe(false);
    expect(state.runs).toHaveLength(1);
    expect(state.runs[0]).toMatchObject({ run: 1, outcome: 'stopped', detail: 'stopped by test stop' });
    expect(state.runs[0]!.logs.map((l) => l.robot)).toEqual(['robot1']);
    expect(fs.existsSync(state.runs[0]!.logs[0]!.file)).toBe(true);
    expect(out.at(-1)).toMatch(/^run\s+seed.*\n\s+1\s+1\s+stopped.*\n0\/1 reached the target \(2 not run\)$/s);
    expect(changes[0]).toMatchObject({ command: 'test situation 3 600 goalTeamA', running: true, runs: [] });
    expect(changes.at(-1)).toEqual(state);
    expect(provider.handlers['pitchside:testRuns.state']()).toEqual(state);
  });
});
