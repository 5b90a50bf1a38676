/**
 * @file A worker process of the local pool (LocalPool.ts): it asks its parent for runs over the IPC channel,
 * executes each (executeRun) and sends the result back, until the parent says there are no more. LocalPool starts
 * it from its bundle (cachedBundle.ts) with plain `node`, one per core by default; a process does many runs, each a
 * fresh simulation of its own seed, so its code is loaded and compiled once.
 */
import { executeRun } from './executeRun';
import type { PoolMessage, WorkerMessage } from './poolMessages';

const send = (message: WorkerMessage): void => {
  if (process.connected) process.send?.(message);
};

/** Ends the run in flight (the campaign was cancelled). */
let current: AbortController | undefined;

process.on('message', (message: PoolMessage) => {
  if (message.type === 'stop') process.exit(0);
  if (message.type === 'cancel') current?.abort();
  if (message.type === 'run') {
    const controller = new AbortController();
    current = controller;
    void executeRun(message.run, message.out, controller.signal).then(
      (result) => send({ type: 'result', result }),
      (error: unknown) => send({ type: 'failed', index: message.run.index, error: String(error) }),
    );
  }
});
// A parent that dies takes its workers with it instead of leaving them waiting forever.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
