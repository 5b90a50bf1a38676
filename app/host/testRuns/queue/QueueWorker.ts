/**
 * @file A worker of the campaign queue (`pitchside worker --queue <url>`): takes one run's job at a time, executes
 * it in this process (executeRun, as the local pool's workers do), stores its result and completes the job. The
 * logs go to the folder the submitter named (a shared location such as an NFS mount) unless the worker maps it
 * elsewhere with `--out`. Jobs of a cancelled campaign are completed without running.
 */
import path from 'node:path';
import type { CampaignResult } from '../campaign/campaignRun';
import { executeRun } from '../campaign/executeRun';
import type { CampaignQueue } from './campaignQueue';

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
}

/** Takes and runs jobs until stopped. */
export class QueueWorker {
  private stopped = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly queue: CampaignQueue,
    private readonly options: QueueWorkerOptions = {},
  ) {}

  /** Finishes the current run and takes no more. */
  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  /** Runs jobs until stop(); with `untilEmpty`, also ends when the queue is empty. Resolves with the runs done. */
  async run(untilEmpty = false): Promise<CampaignResult[]> {
    const done: CampaignResult[] = [];
    while (!this.stopped) {
      const job = await this.queue.take();
      if (!job) {
        if (untilEmpty) break;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          setTimeout(resolve, (this.options.idleSeconds ?? 0.5) * 1000);
        });
        continue;
      }
      this.options.onTake?.(job.run.index);
      if (await this.queue.cancelled(job.run.campaign)) {
        await this.queue.complete(job.id);
        continue;
      }
      const out = this.options.out ? path.join(this.options.out, job.run.campaign) : job.out;
      this.options.print?.(
        `run ${job.run.index} of ${job.run.campaign} (${job.run.variant.name}, seed ${job.run.seed})`,
      );
      const result = await executeRun(job.run, out);
      const stored = await this.queue.saveResult(result);
      await this.queue.complete(job.id);
      this.options.print?.(`run ${job.run.index}: ${result.outcome}${stored ? '' : ' (already had a result)'}`);
      done.push(result);
    }
    return done;
  }
}
