/**
 * @file The job queue of campaigns across machines (docs/testing.md, docs/decisions.md): pg-boss on PostgreSQL.
 * One pg-boss queue holds a job per run; the campaigns and their results live in two tables of the same database,
 * so they can be queried with SQL (`select … from pitchside.campaign_results`). A result is stored once per run
 * (its primary key is the campaign and the run's number), so a run retried after its worker died, or run twice
 * because a slow worker's job expired, is counted once. A job whose worker dies stays active until it expires
 * (`expireSeconds`), then pg-boss's maintenance gives it to another worker (up to RETRY_LIMIT times).
 */
import PgBoss from 'pg-boss';
import type { CampaignResult, CampaignRun } from '../campaign/campaignRun';

/** The pg-boss queue of campaign runs. */
export const RUN_QUEUE = 'pitchside-runs';

/** Retries of a run whose worker died or whose job expired. */
export const RETRY_LIMIT = 3;

/** A run's job as it travels: the run and the folder its artefacts go to. */
export interface RunJob {
  readonly run: CampaignRun;
  /** The campaign's output folder as the submitter named it (a shared location); a worker may map it. */
  readonly out: string;
}

const SCHEMA = `
create schema if not exists pitchside;
create table if not exists pitchside.campaigns (
  id text primary key,
  name text not null,
  out text not null,
  runs jsonb not null,
  cancelled boolean not null default false,
  created timestamptz not null default now()
);
create table if not exists pitchside.campaign_results (
  campaign text not null references pitchside.campaigns(id),
  index integer not null,
  variant text not null,
  seed integer not null,
  outcome text not null,
  result jsonb not null,
  stored timestamptz not null default now(),
  primary key (campaign, index)
);`;

/**
 * Seconds a run may take on one worker before its job is given to another: a run simulates at least a few times
 * faster than real time on one core, so four times its simulated limit plus a minute for loading is generous.
 */
export function jobExpiry(run: CampaignRun): number {
  const [kind, , timeout] = run.test;
  const simulated = kind === 'situation' ? Number(timeout) : 30 * 60;
  return Math.min(23 * 3600, Math.ceil(simulated * 4 + 60));
}

/** A campaign as stored. */
export interface StoredCampaign {
  readonly id: string;
  readonly name: string;
  readonly out: string;
  readonly runs: CampaignRun[];
  readonly cancelled: boolean;
}

/** How to reach the queue. */
export interface QueueOptions {
  /** pg-boss's maintenance (expiring jobs of dead workers) runs this often; default 10 s. */
  readonly maintenanceSeconds?: number;
  /**
   * Connections to PostgreSQL at most (default 2: a worker stores one run's result while it takes the next), so
   * that a server's connection limit covers twice the workers of a lab.
   */
  readonly connections?: number;
}

/** A connection to the campaign queue and store. */
export class CampaignQueue {
  private constructor(readonly boss: PgBoss) {}

  /** Connects, creates pg-boss's schema, the queue and the tables when missing. */
  static async open(url: string, options: QueueOptions = {}): Promise<CampaignQueue> {
    // pg-boss hands these to node-postgres's pool. A commit does not wait for its WAL to reach the disk (about a
    // third of a run's cost in the queue, measured in docs/testing.md). Only a crash of the server's machine can
    // lose the last fraction of a second of commits, and the queue survives that: a lost completion makes the job
    // expire and run again (its result is stored once), a lost result leaves its run without one, which --resume
    // queues again.
    const pool = { max: options.connections ?? 2, options: '-c synchronous_commit=off' };
    const boss = new PgBoss({
      connectionString: url,
      ...pool,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 10,
      monitorStateIntervalSeconds: 60,
    });
    // Lost connections are retried by the pool; they must not end the process.
    boss.on('error', () => {});
    await boss.start();
    if (!(await boss.getQueue(RUN_QUEUE))) await boss.createQueue(RUN_QUEUE);
    await boss.getDb().executeSql(SCHEMA, []);
    return new CampaignQueue(boss);
  }

  private sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (this.boss.getDb().executeSql(text, values) as Promise<{ rows: T[] }>).then((r) => r.rows);
  }

  /** Stores a new campaign (or leaves an existing one of the same id as it is). */
  async saveCampaign(id: string, name: string, out: string, runs: readonly CampaignRun[]): Promise<void> {
    await this.sql(
      'insert into pitchside.campaigns (id, name, out, runs) values ($1, $2, $3, $4) on conflict (id) do nothing',
      [id, name, out, JSON.stringify(runs)],
    );
  }

  /** The stored campaign `id`, or undefined. */
  async campaign(id: string): Promise<StoredCampaign | undefined> {
    const rows = await this.sql<StoredCampaign>(
      'select id, name, out, runs, cancelled from pitchside.campaigns where id = $1',
      [id],
    );
    return rows[0];
  }

  /** Queues a job for each run of `runs` that has neither a result nor a job waiting or running. */
  async enqueue(runs: readonly CampaignRun[], out: string, expireSeconds: number): Promise<number> {
    if (runs.length === 0) return 0;
    const campaign = runs[0]!.campaign;
    const done = new Set((await this.results(campaign)).map((r) => r.index));
    const live = new Set(
      (
        await this.sql<{ index: number }>(
          `select (data->'run'->>'index')::int as index from pgboss.job
           where name = $1 and data->'run'->>'campaign' = $2 and state in ('created', 'retry', 'active')`,
          [RUN_QUEUE, campaign],
        )
      ).map((r) => r.index),
    );
    const jobs = runs
      .filter((r) => !done.has(r.index) && !live.has(r.index))
      .map((run) => ({
        name: RUN_QUEUE,
        data: { run, out } satisfies RunJob,
        retryLimit: RETRY_LIMIT,
        expireInSeconds: expireSeconds,
      }));
    if (jobs.length) await this.boss.insert(jobs);
    return jobs.length;
  }

  /** Stores a result unless its run has one; true when it was stored. */
  async saveResult(result: CampaignResult): Promise<boolean> {
    const rows = await this.sql(
      `insert into pitchside.campaign_results (campaign, index, variant, seed, outcome, result)
       values ($1, $2, $3, $4, $5, $6) on conflict (campaign, index) do nothing returning index`,
      [result.campaign, result.index, result.variant, result.seed, result.outcome, JSON.stringify(result)],
    );
    return rows.length === 1;
  }

  /** The stored results of a campaign, in run order. */
  async results(campaign: string): Promise<CampaignResult[]> {
    const rows = await this.sql<{ result: CampaignResult }>(
      'select result from pitchside.campaign_results where campaign = $1 order by index',
      [campaign],
    );
    return rows.map((r) => r.result);
  }

  /** Whether the campaign was cancelled. */
  async cancelled(campaign: string): Promise<boolean> {
    const rows = await this.sql<{ cancelled: boolean }>('select cancelled from pitchside.campaigns where id = $1', [
      campaign,
    ]);
    return rows[0]?.cancelled ?? false;
  }

  /** Cancels a campaign: its waiting jobs are cancelled, workers skip its jobs; returns the jobs cancelled. */
  async cancel(campaign: string): Promise<number> {
    await this.sql('update pitchside.campaigns set cancelled = true where id = $1', [campaign]);
    const ids = (
      await this.sql<{ id: string }>(
        `select id from pgboss.job where name = $1 and data->'run'->>'campaign' = $2 and state in ('created', 'retry')`,
        [RUN_QUEUE, campaign],
      )
    ).map((r) => r.id);
    if (ids.length) await this.boss.cancel(RUN_QUEUE, ids);
    return ids.length;
  }

  /** Resumes a cancelled or interrupted campaign: queues again every run without a result (or a job). */
  async resume(campaign: string, expireSeconds?: number): Promise<StoredCampaign> {
    const stored = await this.campaign(campaign);
    if (!stored) throw new Error(`the queue has no campaign '${campaign}'`);
    await this.sql('update pitchside.campaigns set cancelled = false where id = $1', [campaign]);
    await this.enqueue(stored.runs, stored.out, expireSeconds ?? jobExpiry(stored.runs[0]!));
    return { ...stored, cancelled: false };
  }

  /** Takes the next run's job, or undefined when none waits. */
  async take(): Promise<(RunJob & { id: string }) | undefined> {
    const jobs = await this.boss.fetch<RunJob>(RUN_QUEUE, { batchSize: 1 });
    const job = jobs?.[0];
    return job ? { id: job.id, ...job.data } : undefined;
  }

  /** Marks a taken job done. */
  async complete(id: string): Promise<void> {
    await this.boss.complete(RUN_QUEUE, id);
  }

  /** Disconnects (jobs taken and not completed stay active until they expire). */
  async close(): Promise<void> {
    await this.boss.stop({ graceful: false, wait: true });
  }
}
