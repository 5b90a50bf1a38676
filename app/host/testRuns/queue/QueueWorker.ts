/**
 * @file A worker of the campaign queue (`pitchside worker --queue <url>`): takes one run's job at a time, executes
 * it in this process (executeRun, as the local pool's workers do), stores its result and completes the job. The
 * logs go to the folder the submitter named (a shared location such as an NFS mount) unless the worker maps it
 * elsewhere with `--out`. Jobs of a cancelled campaign are completed without running.
 */
import path from 'node:path';
import type { CampaignResult, CampaignRun } from '../campaign/campaignRun';
import { executeRun } from '../campaign/executeRun';
import type { CampaignQueue, RunJob } from './campaignQueue';

/** Wall-clock ms a worker trusts what it learnt about a campaign's cancellation (saves a query per run). */
const CANCEL_CACHE_MS = 1000;

/** How a worker runs. */
export interface QueueWorkerOptions {
  /** Artefacts root replacing the submitter's output folder (`<out>/<campaign id>`); default the submitter's. */
  readonly out?: string;
  /** Seconds between looks at an empty queue (default 0.5). */
  readonly idleSeconds?: number;
  /** Told of each run taken and each result. */
  readonly print?: (line: string) => void;
  /** Called when a run was taken (tests kill the worker mid-run). */
  readonly onTake?: (index: number) => void;
  /** Executes a run (default executeRun; the bench measures the queue's own cost with runs that do nothing). */
  readonly execute?: (run: CampaignRun, out: string) => Promise<CampaignResult>;
}

/**
 * Takes and runs jobs until stopped. Per run it talks to the queue three times (take, store the result, complete
 * the job); storing and completing one run overlaps with taking the next, and whether a campaign was cancelled is
 * asked at most once a second per campaign (a cancel drops the waiting jobs itself; the check only catches jobs
 * taken while it ran).
 */
export class QueueWorker {
  private stopped = false;
  private wake: (() => void) | undefined;
  private readonly cancelledAt = new Map<string, { cancelled: boolean; at: number }>();

  constructor(
    private readonly queue: CampaignQueue,
    private readonly options: QueueWorkerOptions = {},
  ) {}

  /** Finishes the current run and takes no more. */
  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  private async cancelled(campaign: string): Promise<boolean> {
    const known = this.cancelledAt.get(campaign);
    const now = performance.now();
    if (known && now - known.at < CANCEL_CACHE_MS) return known.cancelled;
    const cancelled = await this.queue.cancelled(campaign);
    this.cancelledAt.set(campaign, { cancelled, at: now });
    return cancelled;
  }

  /** Runs jobs until stop(); with `untilEmpty`, also ends when the queue is empty. Resolves with the runs done. */
  async run(untilEmpty = false): Promise<CampaignResult[]> {
    const done: CampaignResult[] = [];
    const execute = this.options.execute ?? executeRun;
    let job = this.stopped ? undefined : await this.queue.take();
    while (!this.stopped || job) {
      if (!job) {
        if (untilEmpty) break;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          setTimeout(resolve, (this.options.idleSeconds ?? 0.5) * 1000);
        });
        job = this.stopped ? undefined : await this.queue.take();
        continue;
      }
      const current = job;
      this.options.onTake?.(current.run.index);
      if (await this.cancelled(current.run.campaign)) {
        [, job] = await Promise.all([this.queue.complete(current.id), this.takeUnlessStopped()]);
        continue;
      }
      const out = this.options.out ? path.join(this.options.out, current.run.campaign) : current.out;
      this.options.print?.(
        `run ${current.run.index} of ${current.run.campaign} (${current.run.variant.name}, seed ${current.run.seed})`,
      );
      const result = await execute(current.run, out);
      const finish = async () => {
        const stored = await this.queue.saveResult(result);
        await this.queue.complete(current.id);
        this.options.print?.(`run ${current.run.index}: ${result.outcome}${stored ? '' : ' (already had a result)'}`);
      };
      [, job] = await Promise.all([finish(), this.takeUnlessStopped()]);
      done.push(result);
    }
    return done;
  }

  /** The next job, unless the worker was stopped (then it takes none, so no job waits on a worker that ends). */
  private takeUnlessStopped(): Promise<(RunJob & { id: string }) | undefined> {
    return this.stopped ? Promise.resolve(undefined) : this.queue.take();
  }
}
