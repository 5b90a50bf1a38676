/**
 * @file Submitting a campaign to the queue (`pitchside test … --queue <url>`): the campaign and a job per run go to
 * the queue, then the submitter waits for the results in the store, reporting each once, until every run has one
 * or the campaign is cancelled. The submitter can be stopped and started again (`--resume <id>`): the results
 * already stored are reported, runs without a result or a job get one again, nothing runs twice.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CampaignResult } from '../campaign/campaignRun';
import type { CampaignExecutor } from '../campaign/runCampaign';
import { CampaignQueue, jobExpiry, type QueueOptions } from './campaignQueue';

/** How a submitter waits. */
export interface SubmitOptions extends QueueOptions {
  /** Seconds a run's job may stay with one worker before it goes to another (default: see jobExpiry). */
  readonly expireSeconds?: number;
  /** Seconds between looks at the store (default 0.5). */
  readonly pollSeconds?: number;
  /** The test line (stored with the campaign). */
  readonly name?: string;
}

/** An executor that runs a campaign through the queue at `url`, artefacts under `out`. */
export async function queueCampaign(url: string, out: string, options: SubmitOptions = {}): Promise<CampaignExecutor> {
  const queue = await CampaignQueue.open(url, options);
  return async (runs, onResult, signal) => {
    let cancelling: Promise<unknown> | undefined;
    try {
      if (runs.length === 0) return;
      const id = runs[0]!.campaign;
      await queue.saveCampaign(id, options.name ?? id, out, runs);
      await queue.enqueue(runs, out, options.expireSeconds ?? jobExpiry(runs[0]!));
      // Stopping the submitter cancels the campaign in the queue: the runs in flight finish on their workers and
      // are stored, the waiting ones are dropped (a resume queues them again).
      const cancel = () => (cancelling ??= queue.cancel(id));
      if (signal?.aborted) void cancel();
      signal?.addEventListener('abort', () => void cancel(), { once: true });
      await waitForResults(queue, id, runs.length, onResult, options.pollSeconds ?? 0.5);
    } finally {
      await cancelling;
      await queue.close();
    }
  };
}

/** Reports each stored result of `campaign` once until `total` are in or the campaign is cancelled. */
export async function waitForResults(
  queue: CampaignQueue,
  campaign: string,
  total: number,
  onResult: (result: CampaignResult) => void,
  pollSeconds: number,
): Promise<void> {
  const seen = new Set<number>();
  for (;;) {
    for (const result of await queue.results(campaign))
      if (!seen.has(result.index)) {
        seen.add(result.index);
        onResult(result);
      }
    if (seen.size >= total || (await queue.cancelled(campaign))) return;
    await sleep(pollSeconds * 1000);
  }
}
