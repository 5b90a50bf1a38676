/**
 * @file The local pool: runs a campaign's runs in worker processes on this machine, one per core unless told,
 * each worker taking the next run when it finished one. A worker that dies mid-run (crash, out of memory, killed)
 * is replaced and its run given to another worker, up to MAX_ATTEMPTS times, so no run is lost and none counted
 * twice. Runs simulate in-process (no sockets, no UDP team network), so workers share no ports or team numbers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { failedResult, type CampaignResult, type CampaignRun } from './campaignRun';
import type { PoolMessage, WorkerMessage } from './poolMessages';

/** Attempts per run before it is reported as an error. */
export const MAX_ATTEMPTS = 3;

const WORKER_FILE = fileURLToPath(new URL('./poolWorker.ts', import.meta.url));
const TSCONFIG = fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url));

/** The default number of workers: one per core. */
export const defaultWorkers = (): number => Math.max(1, os.availableParallelism());

/** How the pool runs. */
export interface LocalPoolOptions {
  readonly workers: number;
  /** Output folder of the campaign (logs under `runs/`). */
  readonly out: string;
  /** Called with each result as it arrives. */
  readonly onResult: (result: CampaignResult) => void;
  /** Told when a worker died and its run goes to another. */
  readonly onRetry?: (run: CampaignRun, reason: string) => void;
  /** Called when a worker is given a run (tests kill a worker mid-run). */
  readonly onStart?: (run: CampaignRun, child: ChildProcess) => void;
}

/** Runs campaigns on local worker processes. */
export class LocalPool {
  private cancelled = false;
  private readonly children = new Set<ChildProcess>();

  constructor(private readonly options: LocalPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1) throw new Error('--workers must be 1 or more');
  }

  /** Starts no more runs; the runs in flight are ended with their workers. */
  cancel(): void {
    this.cancelled = true;
    for (const child of this.children) child.kill('SIGTERM');
  }

  /** Runs every run of `runs`; resolves when all have a result (or the pool was cancelled). */
  run(runs: readonly CampaignRun[]): Promise<void> {
    const queue = [...runs];
    const attempts = new Map<number, number>();
    let pending = runs.length;
    return new Promise((resolve) => {
      if (pending === 0) return resolve();
      const finish = () => {
        if (--pending === 0 || this.cancelled) {
          for (const child of this.children) if (child.connected) child.send({ type: 'stop' } satisfies PoolMessage);
          resolve();
        }
      };
      const start = () => {
        const child = fork(WORKER_FILE, [], {
          execArgv: ['--import', 'tsx'],
          env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG },
          stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        });
        this.children.add(child);
        // A message to a worker that just died fails; its 'exit' handler below deals with the run.
        child.on('error', () => {});
        let current: CampaignRun | undefined;
        const next = () => {
          if (!child.connected) return;
          current = this.cancelled ? undefined : queue.shift();
          if (current) {
            child.send({ type: 'run', run: current, out: this.options.out } satisfies PoolMessage);
            this.options.onStart?.(current, child);
          } else child.send({ type: 'stop' } satisfies PoolMessage);
        };
        child.on('message', (message: WorkerMessage) => {
          if (message.type === 'result' && current?.index === message.result.index) {
            current = undefined;
            this.options.onResult(message.result);
            finish();
          } else if (message.type === 'failed' && current) {
            const run = current;
            current = undefined;
            this.options.onResult(failedResult(run, message.error));
            finish();
          }
          if (!current) next();
        });
        child.on('exit', (code, signal) => {
          this.children.delete(child);
          if (!current || this.cancelled) return;
          const run = current;
          current = undefined;
          const tries = (attempts.get(run.index) ?? 0) + 1;
          attempts.set(run.index, tries);
          const reason = `worker ${child.pid} ended (${signal ?? `exit ${code}`}) during run ${run.index}`;
          if (tries >= MAX_ATTEMPTS) {
            this.options.onResult(failedResult(run, `${reason}; ${tries} attempts`));
            finish();
          } else {
            this.options.onRetry?.(run, reason);
            queue.unshift(run);
          }
          if (queue.length) start();
        });
      };
      for (let i = 0; i < Math.min(this.options.workers, runs.length); i++) start();
    });
  }
}
