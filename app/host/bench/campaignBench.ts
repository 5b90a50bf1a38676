/**
 * @file Benchmark of test campaigns (docs/testing.md): the throughput of the local pool with 1 and 2 worker
 * processes on the same campaign (short situation runs on the Duel scene that always run to their timeout, so
 * every run does the same work; 12 runs and 200), with the workers' start and once started, beside the machine's
 * own scaling from one busy process to two (a CPU-bound loop) and the load average; what the runs cost in CPU and
 * whether each worker keeps to one core (the CPU of its threads other than the main thread, from /proc, and its
 * CPU per wall second); and the job queue's own cost per run,
 * measured with runs that do nothing: jobs taken, a result stored and the job completed by the queue's own worker
 * loop, through pg-boss on an embedded PostgreSQL server on this machine, with 1 and 4 workers (each its own
 * connections).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { duelCampaign } from '../testRuns/campaign/duelCampaign';
import type { CampaignResult, CampaignRun } from '../testRuns/campaign/campaignRun';
import { LocalPool, poolWorkerFile } from '../testRuns/campaign/LocalPool';
import { CampaignQueue } from '../testRuns/queue/campaignQueue';
import { startLocalPostgres } from '../testRuns/queue/localPostgres';
import { QueueWorker } from '../testRuns/queue/QueueWorker';
import type { BenchRow } from './BenchRow';
import { childrenCpuMs, threadsCpuMs } from './mainThreadCpu';

/** Runs of the short pool campaign: a multiple of 2, enough that the last run's tail matters little. */
const POOL_RUNS = 12;
/**
 * Runs of the longer pool campaign (the same runs), as many as the 200-run campaign of docs/testing.md: each worker
 * process loads and warms up its code once (the first runs of a process cost 2–5 times the later ones), which a
 * campaign of hundreds of runs spreads thin and the short one cannot (48 runs measured 1.68–1.81× from 1 to 2
 * workers on an idle machine where the warm rate scaled 1.97–2.04×).
 */
const LONG_POOL_RUNS = 200;
/**
 * Runs after which a worker process counts as warm: its first runs cost 2–5 times the later ones until V8 has
 * compiled the hot code, from about its 6th run on they cost the same (docs/testing.md); 8 leaves a margin.
 */
const WARM_RUNS = 8;
/** Runs through the queue per measurement. */
const QUEUE_RUNS = 400;

/** What a pool campaign measured. */
interface PoolMeasure {
  /** Runs per wall-clock minute, the workers' start included. */
  readonly perMinute: number;
  /** Runs per wall-clock minute once every worker has delivered its first result (its start behind it). */
  readonly steadyPerMinute: number;
  /** Runs per wall-clock minute once every worker has done WARM_RUNS runs; undefined when too few runs were left. */
  readonly warmPerMinute: number | undefined;
  /** Mean CPU seconds of a run in its worker process, all its threads. */
  readonly runCpu: number;
  /** Mean CPU seconds per wall second of a run in its worker: the cores one run keeps busy. */
  readonly runCores: number;
  /** CPU seconds a worker process used beyond its runs (start: loading the code; Linux only). */
  readonly startCpu: number | undefined;
  /** The workers' CPU seconds per wall second of the campaign: the cores they kept busy (Linux only). */
  readonly cores: number | undefined;
  /**
   * Share of the workers' CPU spent on threads other than their main threads, up to their last result (Linux
   * only): near 0 when each worker keeps to one core.
   */
  readonly offMain: number | undefined;
  /** CPU seconds per wall second of the busiest worker from its start to its last result (Linux only). */
  readonly workerCores: number | undefined;
}

/**
 * The CPU of each worker process's threads (by process id, then thread id), read at each of its results (after its
 * last one a worker only exits), with the wall time from the campaign's start to that result.
 */
class WorkerThreads {
  private readonly threads = new Map<number, Map<number, number>>();
  private readonly ends = new Map<number, number>();

  constructor(private readonly start: number) {}

  /** Reads the threads of worker `pid`, which has just sent a result and waits for the next run. */
  read(pid: number): void {
    const now = threadsCpuMs(pid);
    if (now.size === 0) return;
    this.threads.set(pid, now);
    this.ends.set(pid, performance.now());
  }

  /** Share of CPU off the main threads, and the busiest worker's CPU per wall second; undefined off Linux. */
  measure(): { offMain: number; workerCores: number } | undefined {
    let all = 0;
    let off = 0;
    let workerCores = 0;
    for (const [pid, threads] of this.threads) {
      const total = [...threads.values()].reduce((sum, ms) => sum + ms, 0);
      all += total;
      off += total - (threads.get(pid) ?? 0);
      workerCores = Math.max(workerCores, total / (this.ends.get(pid)! - this.start));
    }
    return all > 0 ? { offMain: off / all, workerCores } : undefined;
  }
}

/** A campaign of `count` runs on `workers` local worker processes. */
async function poolRate(workers: number, count: number, dir: string): Promise<PoolMeasure> {
  const id = `pool${workers}x${count}`;
  const runs = duelCampaign(id, `situation ${count} 3 goalTeamB`);
  const cpuBefore = childrenCpuMs();
  const start = performance.now();
  const results: CampaignResult[] = [];
  const times: number[] = [];
  const firstOf = new Map<string, number>();
  const byWorker = new Map<string, number[]>();
  const threads = new WorkerThreads(start);
  const onResult = (r: CampaignResult) => {
    const now = performance.now();
    threads.read(Number(r.worker.slice(r.worker.lastIndexOf(':') + 1)));
    results.push(r);
    times.push(now);
    if (!firstOf.has(r.worker)) firstOf.set(r.worker, now);
    byWorker.set(r.worker, [...(byWorker.get(r.worker) ?? []), now]);
  };
  const pool = new LocalPool({ workers, out: path.join(dir, id), onResult });
  await pool.run(runs);
  const wallMs = performance.now() - start;
  await pool.exited();
  const cpuAfter = childrenCpuMs();
  if (results.length !== count) throw new Error(`the pool reported ${results.length} of ${count} runs`);
  const runCpuMs = results.reduce((sum, r) => sum + (r.cpuMs ?? 0), 0);
  const cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  const ready = Math.max(...firstOf.values());
  const after = times.filter((t) => t > ready).length;
  /** Runs per minute after every worker had delivered `runs` results. */
  const rateAfter = (runs: number): number | undefined => {
    const from = Math.max(...[...byWorker.values()].map((t) => t[runs - 1] ?? Infinity));
    const later = times.filter((t) => t > from);
    return later.length >= 2 * workers ? later.length / ((later.at(-1)! - from) / 60000) : undefined;
  };
  const perThread = threads.measure();
  return {
    perMinute: count / (wallMs / 60000),
    steadyPerMinute: after / ((times.at(-1)! - ready) / 60000),
    warmPerMinute: rateAfter(WARM_RUNS),
    runCpu: runCpuMs / 1000 / count,
    runCores: runCpuMs / results.reduce((sum, r) => sum + r.wallMs, 0),
    startCpu: cpuMs === undefined ? undefined : (cpuMs - runCpuMs) / 1000 / workers,
    cores: cpuMs === undefined ? undefined : cpuMs / wallMs,
    offMain: perThread?.offMain,
    workerCores: perThread?.workerCores,
  };
}

/** A loop of integer and float work with no memory traffic beyond the stack, for about a second of one core. */
const SPIN = 'let x = 0; for (let i = 0; i < 4e7; i++) x = (x + i * 1.000001) % 1e9; if (x < 0) console.log(x);';

/**
 * Loops per second of `processes` processes spinning at once: the machine's own scaling from one busy core to two,
 * whatever Pitchside does (on a virtual machine two vCPUs may share one physical core).
 */
async function spinRate(processes: number): Promise<number> {
  const start = performance.now();
  await Promise.all(
    Array.from(
      { length: processes },
      () =>
        new Promise<void>((resolve, reject) =>
          execFile(process.execPath, ['-e', SPIN], (error) => (error ? reject(error) : resolve())),
        ),
    ),
  );
  return processes / ((performance.now() - start) / 1000);
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

/**
 * The rows of a pool campaign of `count` runs with 1 and 2 workers; `goal` marks the scaling rows of the campaign the
 * issue's goal is judged on (a campaign of hundreds of runs: the short one shows what the workers' start costs).
 */
function poolRows(group: string, count: number, one: PoolMeasure, two: PoolMeasure, goal?: string): BenchRow[] {
  const runs = `${count} Duel runs of 3 s`;
  const rows: BenchRow[] = [
    { group, name: `local pool, 1 worker (${runs})`, value: one.perMinute, unit: 'runs/min' },
    {
      group,
      name: `local pool, 2 workers (${runs}; ${os.availableParallelism()} cores)`,
      value: two.perMinute,
      unit: 'runs/min',
      baseline: { name: '1 worker', value: one.perMinute },
      goal,
    },
    {
      group,
      name: `local pool, 1 worker, started (${runs}, after its first)`,
      value: one.steadyPerMinute,
      unit: 'runs/min',
    },
    {
      group,
      name: `local pool, 2 workers, started (${runs}, after the first of each)`,
      value: two.steadyPerMinute,
      unit: 'runs/min',
      baseline: { name: '1 worker', value: one.steadyPerMinute },
      goal,
    },
    ...(one.warmPerMinute !== undefined && two.warmPerMinute !== undefined
      ? [
          {
            group,
            name: `local pool, 1 worker, warm (${runs}, after its ${WARM_RUNS}th)`,
            value: one.warmPerMinute,
            unit: 'runs/min',
          },
          {
            group,
            name: `local pool, 2 workers, warm (${runs}, after the ${WARM_RUNS}th of each)`,
            value: two.warmPerMinute,
            unit: 'runs/min',
            baseline: { name: '1 worker', value: one.warmPerMinute },
            goal,
          },
        ]
      : []),
    {
      group,
      name: `local pool, 1 worker: CPU of a run (${runs}; its process, all threads)`,
      value: one.runCpu,
      unit: 's',
    },
    {
      group,
      name: `local pool, 2 workers: CPU of a run (${runs})`,
      value: two.runCpu,
      unit: 's',
      baseline: { name: '1 worker', value: one.runCpu },
    },
  ];
  // Whether a worker keeps to one core: the CPU its other threads use, and its CPU per wall second.
  for (const [n, m] of [
    [1, one],
    [2, two],
  ] as const) {
    if (m.offMain !== undefined)
      rows.push({
        group,
        name: `local pool, ${n} worker(s): CPU off the workers' main threads (${runs})`,
        value: m.offMain * 100,
        unit: '%',
      });
    if (m.workerCores !== undefined)
      rows.push({
        group,
        name: `local pool, ${n} worker(s): cores the busiest worker kept busy (${runs})`,
        value: m.workerCores,
        unit: 'cores',
        goal: '≤ 1',
      });
    if (m.cores !== undefined)
      rows.push({
        group,
        name: `local pool, ${n} worker(s): cores the workers kept busy (${runs})`,
        value: m.cores,
        unit: 'cores',
      });
  }
  return rows;
}

/** The campaign rows. */
export async function runCampaignBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-campaign-bench-'));
  fs.chmodSync(dir, 0o755);
  const group = 'test campaigns';
  try {
    // Other processes take cores from the pool: the load goes into the rows.
    const loadBefore = os.loadavg()[0]!;
    // The workers' code is built once when it changed, not in the first measurement.
    await poolWorkerFile();
    const spinOne = await spinRate(1);
    const spinTwo = await spinRate(2);
    const one = await poolRate(1, POOL_RUNS, dir);
    const two = await poolRate(2, POOL_RUNS, dir);
    const longOne = await poolRate(1, LONG_POOL_RUNS, dir);
    const longTwo = await poolRate(2, LONG_POOL_RUNS, dir);
    const loadAfter = os.loadavg()[0]!;
    const server = await startLocalPostgres(path.join(dir, 'postgres'));
    let single: number;
    let four: number;
    try {
      single = await queueRate(server.url, 1);
      four = await queueRate(server.url, 4);
    } finally {
      await server.stop();
    }
    const startRows: BenchRow[] =
      one.startCpu === undefined
        ? []
        : [
            {
              group,
              name: 'local pool: CPU to start a worker process (load the code)',
              value: one.startCpu,
              unit: 's',
            },
          ];
    return [
      { group, name: 'this machine: load average (1 min) before the pool campaigns', value: loadBefore, unit: '' },
      { group, name: 'this machine: load average (1 min) after them', value: loadAfter, unit: '' },
      { group, name: 'this machine: a CPU-bound loop in 1 process', value: spinOne, unit: 'loops/s' },
      {
        group,
        name: 'this machine: the same loop in 2 processes at once',
        value: spinTwo,
        unit: 'loops/s',
        baseline: { name: '1 process', value: spinOne },
      },
      ...poolRows(group, POOL_RUNS, one, two),
      ...poolRows(group, LONG_POOL_RUNS, longOne, longTwo, '≥ 1.8×'),
      ...startRows,
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
