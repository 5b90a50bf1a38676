/**
 * @file Starting a worker whose entry is a TypeScript file. Plain .js entries start directly; .ts entries go
 * through a tiny bootstrap that registers tsx first, so the worker runs the same sources as the main thread.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

let live = 0;

/**
 * How many workers this module started that have not exited yet. The kernel's thread count of the process would
 * also count threads that are not the robot's (a test runner's own workers share the process).
 */
export function liveWorkers(): number {
  return live;
}

/** A Worker running `entry` (a file URL); TypeScript entries are loaded through tsx. */
export function spawnWorker(entry: URL, options: WorkerOptions = {}): Worker {
  const worker = entry.pathname.endsWith('.ts')
    ? new Worker(new URL('./tsWorkerBootstrap.mjs', import.meta.url), {
        ...options,
        argv: [entry.href, ...(options.argv ?? [])],
      })
    : new Worker(entry, options);
  live++;
  worker.once('exit', () => live--);
  return worker;
}
