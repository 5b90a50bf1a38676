/**
 * @file The local pool: runs a campaign's runs in worker processes on this machine, one per core unless told,
 * each worker taking the next run when it finished one. A worker that dies mid-run (crash, out of memory, killed)
 * is replaced and its run given to another worker, up to MAX_ATTEMPTS times, so no run is lost and none counted
 * twice. Runs simulate in-process (no sockets, no UDP team network), so workers share no ports or team numbers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { cachedBundle } from '../../deploy/cachedBundle';
import { failedResult, type CampaignResult, type CampaignRun } from './campaignRun';
import type { PoolMessage, WorkerMessage } from './poolMessages';

/** Attempts per run before it is reported as an error. */
export const MAX_ATTEMPTS = 3;

const REPO = path.resolve(import.meta.dirname, '../../../..');

/**
 * The worker's code, bundled ahead (cachedBundle.ts) and started with plain `node`: through tsx each worker spent
 * about 2.8 s of CPU translating and resolving the ~480 files, partly on tsx's loader thread, taken from the other
 * workers on a small machine; the bundle loads in about 0.3 s. Built in the parent before any worker starts, and
 * only when a source changed.
 */
const WORKER_BUNDLE = {
  entry: path.join(import.meta.dirname, 'poolWorker.ts'),
  outFile: path.join(REPO, 'node_modules', '.cache', 'pitchside', 'poolWorker.mjs'),
  external: ['@dimforge/rapier3d-compat', '@mujoco/mujoco', '@bokuweb/zstd-wasm', 'onnxruntime-node'],
  tsconfig: path.join(REPO, 'tsconfig.json'),
};

/**
 * The path of the workers' bundle, built first when a source changed (a pool does this itself; a benchmark does it
 * before it starts the clock).
 */
export async function poolWorkerFile(): Promise<string> {
  return (await cachedBundle(WORKER_BUNDLE)).file;
}

/**
 * Node and V8 options of a worker process, so that a worker keeps to one core and N workers share N cores without
 * taking time from each other (docs/testing.md has the measurements): V8 otherwise compiles optimised code and
 * collects garbage on helper threads, and recompiles the physics engine's hot WebAssembly functions with its
 * optimising compiler on another, which kept a worker alone 1.6 cores busy on a 2-core machine.
 * - `--single-threaded`: optimising compiler and garbage collector on the main thread;
 * - `--liftoff-only`: WebAssembly (Rapier, MuJoCo) stays in V8's baseline code; recompiling it cost about 2 s of a
 *   helper thread per worker, and warm runs of the Duel, GameFast and Articulated scenes measured no dearer
 *   without it;
 * - `--v8-pool-size=1`: one helper thread for what V8 still hands out, not one per core.
 */
const WORKER_EXEC_ARGV: readonly string[] = ['--single-threaded', '--liftoff-only', '--v8-pool-size=1'];

/** libuv's thread pool (file writes of the logs) of a worker process: one, as a worker does one run at a time. */
const WORKER_ENV = { UV_THREADPOOL_SIZE: '1' };

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

/**
 * Wall-clock ms a cancelled pool waits for its workers to report their runs as stopped before it ends them: a run
 * stops at its next simulation step, so this is only reached by a worker that hangs. A run still loading its scene
 * takes its first step late on a loaded machine (at a load average of 25 on two cores, more than 10 s after its
 * start), and a worker ended then loses the run's logs.
 */
const CANCEL_GRACE_MS = 60_000;

/** Runs campaigns on local worker processes. */
export class LocalPool {
  private cancelled = false;
  private readonly children = new Set<ChildProcess>();
  /** Checks whether the pool is done (set while run() runs). */
  private settle: (() => void) | undefined;

  constructor(private readonly options: LocalPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1) throw new Error('--workers must be 1 or more');
  }

  /**
   * Starts no more runs and ends the runs in flight at their next step: each is reported as stopped (its logs so
   * far kept); a worker that does not answer within CANCEL_GRACE_MS is ended, its run without a result.
   */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    for (const child of this.children) if (child.connected) child.send({ type: 'cancel' } satisfies PoolMessage);
    setTimeout(() => {
      for (const child of this.children) child.kill('SIGTERM');
    }, CANCEL_GRACE_MS).unref();
    this.settle?.();
  }

  /** Resolves when every worker process has exited (they exit right after run() resolved). */
  exited(): Promise<void> {
    return Promise.all(
      [...this.children].map((child) => new Promise<void>((resolve) => child.once('exit', () => resolve()))),
    ).then(() => undefined);
  }

  /**
   * Runs every run of `runs`; resolves when all have a result (or, after cancel, when no run is in flight). Builds
   * the workers' code first when it changed (WORKER_BUNDLE); rejects when that fails.
   */
  async run(runs: readonly CampaignRun[]): Promise<void> {
    const workerFile = await poolWorkerFile();
    if (this.cancelled) return;
    const queue = [...runs];
    const attempts = new Map<number, number>();
    /** The run each busy worker has. */
    const inFlight = new Map<ChildProcess, CampaignRun>();
    let pending = runs.length;
    return new Promise<void>((resolve) => {
      const settle = () => {
        if (pending > 0 && !(this.cancelled && inFlight.size === 0)) return;
        this.settle = undefined;
        for (const child of this.children) if (child.connected) child.send({ type: 'stop' } satisfies PoolMessage);
        resolve();
      };
      this.settle = settle;
      if (pending === 0) return settle();
      const report = (result: CampaignResult) => {
        this.options.onResult(result);
        pending--;
      };
      const start = () => {
        const child = fork(workerFile, [], {
          execArgv: [...WORKER_EXEC_ARGV],
          env: { ...process.env, ...WORKER_ENV },
          stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        });
        this.children.add(child);
        // A message to a worker that just died fails; its 'exit' handler below deals with the run.
        child.on('error', () => {});
        const next = () => {
          if (!child.connected) return;
          const run = this.cancelled ? undefined : queue.shift();
          if (run) {
            inFlight.set(child, run);
            child.send({ type: 'run', run, out: this.options.out } satisfies PoolMessage);
            this.options.onStart?.(run, child);
          } else child.send({ type: 'stop' } satisfies PoolMessage);
        };
        child.on('message', (message: WorkerMessage) => {
          const run = inFlight.get(child);
          if (message.type === 'result' && run?.index === message.result.index) {
            inFlight.delete(child);
            report(message.result);
          } else if (message.type === 'failed' && run) {
            inFlight.delete(child);
            report(failedResult(run, message.error));
          }
          if (!inFlight.has(child)) next();
          settle();
        });
        child.on('exit', (code, signal) => {
          this.children.delete(child);
          const run = inFlight.get(child);
          inFlight.delete(child);
          if (run && !this.cancelled) {
            const tries = (attempts.get(run.index) ?? 0) + 1;
            attempts.set(run.index, tries);
            const reason = `worker ${child.pid} ended (${signal ?? `exit ${code}`}) during run ${run.index}`;
            if (tries >= MAX_ATTEMPTS) report(failedResult(run, `${reason}; ${tries} attempts`));
            else {
              this.options.onRetry?.(run, reason);
              queue.unshift(run);
            }
            if (queue.length) start();
          }
          settle();
        });
      };
      for (let i = 0; i < Math.min(this.options.workers, runs.length); i++) start();
    });
  }
}
