/**
 * @file Benchmark of test campaigns (docs/testing.md): the throughput of the local pool with 1 and 2 worker
 * processes on the same campaign (short situation runs on the Duel scene that always run to their timeout, so
 * every run does the same work), and the job queue's own cost per run, measured with runs that do nothing: jobs
 * taken, a result stored and the job completed by the queue's own worker loop, through pg-boss on an embedded
 * PostgreSQL server on this machine, with 1 and 4 workers (each its own connections).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { duelCampaign } from '../testRuns/campaign/duelCampaign';
import type { CampaignResult, CampaignRun } from '../testRuns/campaign/campaignRun';
import { LocalPool } from '../testRuns/campaign/LocalPool';
import { CampaignQueue } from '../testRuns/queue/campaignQueue';
import { startLocalPostgres } from '../testRuns/queue/localPostgres';
import { QueueWorker } from '../testRuns/queue/QueueWorker';
import type { BenchRow } from './BenchRow';
import { childrenCpuMs } from './mainThreadCpu';

/** Runs of the pool campaign: a multiple of 2, enough that the last run's tail matters little. */
const POOL_RUNS = 8;
/** Runs through the queue per measurement. */
const QUEUE_RUNS = 400;

/** What a pool campaign measured. */
interface PoolMeasure {
  /** Runs per wall-clock minute, the workers' start included. */
  readonly perMinute: number;
  /** CPU seconds of the worker processes per run (Linux; undefined elsewhere). */
  readonly cpuPerRun: number | undefined;
  /** The workers' CPU seconds per wall second: how many cores they kept busy on average. */
  readonly cores: number | undefined;
}

/** A campaign of POOL_RUNS on `workers` local worker processes. */
async function poolRate(workers: number, dir: string): Promise<PoolMeasure> {
  const runs = duelCampaign(`pool${workers}`, `situation ${POOL_RUNS} 3 goalTeamB`);
  const cpuBefore = childrenCpuMs();
  const start = performance.now();
  let done = 0;
  const pool = new LocalPool({ workers, out: path.join(dir, `pool${workers}`), onResult: () => done++ });
  await pool.run(runs);
  const wallMs = performance.now() - start;
  await pool.exited();
  const cpuAfter = childrenCpuMs();
  if (done !== POOL_RUNS) throw new Error(`the pool reported ${done} of ${POOL_RUNS} runs`);
  const cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return {
    perMinute: POOL_RUNS / (wallMs / 60000),
    cpuPerRun: cpuMs === undefined ? undefined : cpuMs / 1000 / POOL_RUNS,
    cores: cpuMs === undefined ? undefined : cpuMs / wallMs,
  };
}

/** A result for a run that did nothing. */
const nothing = (run: CampaignRun): CampaignResult => ({
  campaign: run.campaign,
  index: run.index,
  variant: run.variant.name,
  seed: run.seed,
  outcome: 'passed',
  ended: 'reached',
  detail: 'nothing',
  simSeconds: 0,
  wallMs: 0,
  score: [0, 0],
  falls: 0,
  logs: [],
  worker: 'bench',
  replay: '',
});

/**
 * Runs per second through the queue with `workers` queue workers (QueueWorker, each with its own connections, as
 * `pitchside worker` runs it) executing runs that do nothing: what is left is the queue's own cost per run.
 */
async function queueRate(url: string, workers: number): Promise<number> {
  const id = `noop${workers}`;
  const runs = duelCampaign(id, `situation ${QUEUE_RUNS} 1 goalTeamB`);
  const submitter = await CampaignQueue.open(url);
  const queues = await Promise.all(Array.from({ length: workers }, () => CampaignQueue.open(url)));
  try {
    await submitter.saveCampaign(id, id, '/tmp', runs);
    await submitter.enqueue(runs, '/tmp', 600);
    const start = performance.now();
    await Promise.all(
      queues.map((queue) => new QueueWorker(queue, { execute: (run) => Promise.resolve(nothing(run)) }).run(true)),
    );
    const seconds = (performance.now() - start) / 1000;
    const stored = (await submitter.results(id)).length;
    if (stored !== QUEUE_RUNS) throw new Error(`the store has ${stored} of ${QUEUE_RUNS} results`);
    return QUEUE_RUNS / seconds;
  } finally {
    await Promise.all([submitter, ...queues].map((q) => q.close()));
  }
}

/** The campaign rows. */
export async function runCampaignBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-campaign-bench-'));
  fs.chmodSync(dir, 0o755);
  const group = 'test campaigns';
  try {
    const one = await poolRate(1, dir);
    const two = await poolRate(2, dir);
    const server = await startLocalPostgres(path.join(dir, 'postgres'));
    let single: number;
    let four: number;
    try {
      single = await queueRate(server.url, 1);
      four = await queueRate(server.url, 4);
    } finally {
      await server.stop();
    }
    const cpuRows: BenchRow[] = [];
    if (one.cpuPerRun !== undefined && two.cpuPerRun !== undefined) {
      // Whether a worker needs more than one core (then 2 workers on 2 cores cannot double the rate) and whether a
      // run costs more CPU when two run at once.
      cpuRows.push(
        {
          group,
          name: 'local pool, 1 worker: cores kept busy (worker CPU s per wall s)',
          value: one.cores!,
          unit: 'cores',
        },
        { group, name: 'local pool, 2 workers: cores kept busy', value: two.cores!, unit: 'cores' },
        {
          group,
          name: 'local pool, 1 worker: CPU per run (start of the worker included)',
          value: one.cpuPerRun,
          unit: 's',
        },
        {
          group,
          name: 'local pool, 2 workers: CPU per run',
          value: two.cpuPerRun,
          unit: 's',
          baseline: { name: '1 worker', value: one.cpuPerRun },
        },
      );
    }
    return [
      { group, name: `local pool, 1 worker (${POOL_RUNS} Duel runs of 3 s)`, value: one.perMinute, unit: 'runs/min' },
      {
        group,
        name: `local pool, 2 workers (${os.availableParallelism()} cores)`,
        value: two.perMinute,
        unit: 'runs/min',
        baseline: { name: '1 worker', value: one.perMinute },
        goal: '≥ 1.8×',
      },
      ...cpuRows,
      {
        group,
        name: 'queue overhead per run that does nothing, 1 worker',
        value: 1000 / single,
        unit: 'ms',
        goal: '≤ 50 ms',
      },
      {
        group,
        name: 'queue throughput, runs that do nothing, 4 workers',
        value: four,
        unit: 'runs/s',
        baseline: { name: '1 worker', value: single },
        goal: '≥ 100 runs/s',
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
