// A worker process of the local pool does many runs one after another (its code loaded and compiled once): each
// must still be a fresh simulation of its own seed. One worker runs three runs in a row; a new worker then runs the
// third alone; result and log must be the same as in the worker that had run two others before it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CampaignResult, CampaignRun } from './campaignRun';
import { duelCampaign } from './duelCampaign';
import { LocalPool } from './LocalPool';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-pool-reuse-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** Runs `runs` on one worker process; resolves with the results and the worker's process id. */
async function onOneWorker(runs: CampaignRun[], dir: string): Promise<{ results: CampaignResult[]; pids: number[] }> {
  const results: CampaignResult[] = [];
  const pids = new Set<number>();
  const pool = new LocalPool({
    workers: 1,
    out: dir,
    onResult: (r) => results.push(r),
    onStart: (_run, child) => pids.add(child.pid!),
  });
  await pool.run(runs);
  await pool.exited();
  return { results, pids: [...pids] };
}

/** What a run's result says about the game, without where and how fast it ran. */
const game = (r: CampaignResult) => {
  const { worker: _worker, wallMs: _wallMs, cpuMs: _cpuMs, ...rest } = r;
  return rest;
};

describe('LocalPool worker reuse', () => {
  it('gives a run the same result and log after other runs in the same worker as in a fresh one', async () => {
    // Fuzzed start poses, so that each seed places the robots differently and the seeds' outcomes differ.
    const runs = duelCampaign('reuse', 'situation 3 2 fuz pos 300 robotInZone -1300 -300 -700 300 robot2');
    const warm = await onOneWorker(runs, path.join(out, 'warm'));
    const fresh = await onOneWorker([runs[2]!], path.join(out, 'fresh'));

    expect(warm.pids).toHaveLength(1);
    expect(fresh.pids).toHaveLength(1);
    expect(fresh.pids[0]).not.toBe(warm.pids[0]);
    expect(warm.results.map((r) => r.index)).toEqual([1, 2, 3]);
    expect(warm.results.map((r) => r.worker)).toEqual(Array(3).fill(`${os.hostname()}:${warm.pids[0]}`));
    const third = warm.results[2]!;
    expect(third.outcome === 'passed' || third.outcome === 'failed', third.detail).toBe(true);
    expect(game(fresh.results[0]!)).toEqual(game(third));
    // The seeds did place the robots differently: the three runs' logs differ from each other.
    const logOf = (dir: string, r: CampaignResult) => fs.readFileSync(path.join(out, dir, r.logs[0]!));
    const warmLogs = warm.results.map((r) => logOf('warm', r));
    expect(new Set(warmLogs.map((b) => b.toString('base64'))).size).toBe(3);
    expect(logOf('fresh', fresh.results[0]!).equals(warmLogs[2]!)).toBe(true);
  }, 240_000);
});
