// The local pool on real worker processes: two workers share a campaign of short situation runs on the Duel
// scene; one worker is killed mid-run, its run completes on a new worker, and every run has exactly one result.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CampaignResult } from './campaignRun';
import { duelCampaign } from './duelCampaign';
import { LocalPool } from './LocalPool';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-pool-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('LocalPool', () => {
  it('runs a campaign on two worker processes and retries the run of a killed worker elsewhere', async () => {
    const runs = duelCampaign('pool', 'situation 4 1 fuz pos 300 robotInZone -1300 -300 -700 300 robot2');
    const results: CampaignResult[] = [];
    const retries: string[] = [];
    let killed: number | undefined;
    const pool = new LocalPool({
      workers: 2,
      out,
      onResult: (r) => results.push(r),
      onRetry: (run, reason) => retries.push(`${run.index}: ${reason}`),
      onStart: (run, child) => {
        if (run.index === 2 && killed === undefined) {
          killed = child.pid;
          // Killed while loading the scene: the run is in flight and no result can have been sent.
          setTimeout(() => child.kill('SIGKILL'), 300);
        }
      },
    });
    await pool.run(runs);
    expect(results.map((r) => r.index).sort()).toEqual([1, 2, 3, 4]);
    expect(retries).toEqual([
      expect.stringMatching(new RegExp(`^2: worker ${killed} ended \\(SIGKILL\\) during run 2$`)),
    ]);
    const run2 = results.find((r) => r.index === 2)!;
    expect(run2.worker).not.toBe(`${os.hostname()}:${killed}`);
    for (const r of results) {
      expect(r.outcome === 'passed' || r.outcome === 'failed', r.detail).toBe(true);
      expect(r.seed).toBe(r.index);
      expect(fs.existsSync(path.join(out, r.logs[0]!))).toBe(true);
    }
  }, 180_000);
});
