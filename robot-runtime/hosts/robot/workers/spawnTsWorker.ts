/**
 * @file Starting a worker whose entry is a TypeScript file. Plain .js entries start directly; .ts entries go
 * through a tiny bootstrap that registers tsx first, so the worker runs the same sources as the main thread.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** A Worker running `entry` (a file URL); TypeScript entries are loaded through tsx. */
export function spawnWorker(entry: URL, options: WorkerOptions = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  return new Worker(new URL('./tsWorkerBootstrap.mjs', import.meta.url), {
    ...options,
    argv: [entry.href, ...(options.argv ?? [])],
  });
}
