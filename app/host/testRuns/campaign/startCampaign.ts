/**
 * @file Runs a parsed campaign where its words say: on the local pool of worker processes, or through the job queue
 * (pg-boss, loaded only when asked for). `pitchside test` and the IDE's console `test` both run campaigns here, so
 * a campaign started in the IDE plans, executes, records and reports exactly as one started from a terminal or CI.
 */
import path from 'node:path';
import type { CampaignArgs } from './campaignArgs';
import { planFromArgs } from './campaignArgs';
import type { CampaignResult, CampaignRun } from './campaignRun';
import { LocalPool } from './LocalPool';
import type { ProgressCounts } from './progress';
import { runCampaign, type CampaignExecutor } from './runCampaign';

/** Where progress goes and how the campaign is stopped. */
export interface CampaignCallbacks {
  /** The checkout whose revision the runs carry. */
  readonly root: string;
  /** Progress and problems, one line each (the terminal, the IDE's console). */
  readonly print: (line: string) => void;
  /** Told once the runs are planned, before any runs. */
  readonly onPlanned?: (runs: readonly CampaignRun[]) => void;
  /** Told after every result. */
  readonly onProgress?: (counts: ProgressCounts, results: readonly CampaignResult[]) => void;
  /** Told when a run starts on a worker (the local pool's; the queue's workers start runs unseen). */
  readonly onStart?: (run: CampaignRun) => void;
  /** Stops the campaign: no more runs start; the runs in flight end as stopped. */
  readonly signal?: AbortSignal;
  /** Executes the runs instead of the pool or queue the words ask for (tests). */
  readonly executor?: (args: CampaignArgs) => Promise<CampaignExecutor>;
}

/** A finished (or stopped) campaign. */
export interface FinishedCampaign {
  readonly runs: readonly CampaignRun[];
  /** The results in run order. */
  readonly results: CampaignResult[];
}

/** The name of a campaign in reports and the Test Runs view: the test line as `test …` without the options. */
export const campaignName = (args: CampaignArgs): string => `test ${args.test.join(' ')}`;

/** Plans the campaign of `args`, runs it and writes its results and reports. */
export async function startCampaign(args: CampaignArgs, callbacks: CampaignCallbacks): Promise<FinishedCampaign> {
  const runs = planFromArgs(args, callbacks.root);
  const first = runs[0]!;
  callbacks.print(
    `campaign ${first.campaign}: ${runs.length} run(s) of ${path.relative(process.cwd(), args.scene) || args.scene}, ` +
      `revision ${first.revision}, configuration ${first.configDigest}; output in ${args.out}`,
  );
  callbacks.onPlanned?.(runs);
  const execute = callbacks.executor
    ? await callbacks.executor(args)
    : args.queue !== undefined
      ? await queueExecutor(args, callbacks.print)
      : localExecutor(args, callbacks.print);
  const results = await runCampaign(runs, execute, {
    name: campaignName(args),
    out: args.out,
    junit: args.junit,
    html: args.html,
    print: callbacks.print,
    onProgress: callbacks.onProgress,
    signal: callbacks.signal,
    onStart: callbacks.onStart,
  });
  if (args.junit) callbacks.print(`JUnit XML: ${args.junit}`);
  if (args.html) callbacks.print(`HTML report: ${path.join(args.html, 'index.html')}`);
  return { runs, results };
}

/** The local pool as an executor. */
function localExecutor(args: CampaignArgs, print: (line: string) => void): CampaignExecutor {
  print(`${args.workers} worker process(es) on this machine`);
  return (runs, onResult, signal, onStart) => {
    const pool = new LocalPool({
      workers: args.workers,
      out: args.out,
      onResult,
      onStart: onStart && ((run) => onStart(run)),
      onRetry: (run, reason) => print(`${reason}; run ${run.index} goes to another worker`),
    });
    if (signal?.aborted) pool.cancel();
    signal?.addEventListener('abort', () => pool.cancel(), { once: true });
    return pool.run(runs);
  };
}

/** The job queue as an executor. */
async function queueExecutor(args: CampaignArgs, print: (line: string) => void): Promise<CampaignExecutor> {
  const { queueCampaign } = await import('../queue/queueCampaign');
  // The URL's password stays out of the console and the terminal.
  print(`through the queue at ${args.queue!.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:…@')}`);
  return queueCampaign(args.queue!, args.out, { name: campaignName(args) });
}
