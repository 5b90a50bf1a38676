/**
 * @file Runs a planned campaign on an executor (the local pool, or the job queue's workers) and writes what it
 * found: each result as a line of `<out>/results.jsonl` when it arrives (so an interrupted campaign keeps what it
 * had), `<out>/campaign.json` (the runs), and at the end the JUnit XML and the HTML report. Progress goes to
 * `print` after every result.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CampaignResult, CampaignRun } from './campaignRun';
import { htmlReport } from './htmlReport';
import { junitReport } from './junitReport';
import { CampaignProgress, type ProgressCounts } from './progress';

/**
 * Executes runs and reports each result once. When `signal` aborts, it starts no more runs, ends the runs in flight
 * (reporting what they did as `stopped` where it can) and resolves. An executor that sees its runs start (the local
 * pool) tells `onStart`.
 */
export type CampaignExecutor = (
  runs: readonly CampaignRun[],
  onResult: (result: CampaignResult) => void,
  signal?: AbortSignal,
  onStart?: (run: CampaignRun) => void,
) => Promise<void>;

/** What to write and where. */
export interface CampaignOutput {
  /** The test line, the reports' title. */
  readonly name: string;
  /** Folder of the logs, results.jsonl and campaign.json. */
  readonly out: string;
  readonly junit?: string;
  /** Folder of the HTML report (index.html). */
  readonly html?: string;
  readonly print: (line: string) => void;
  /** Told after every result (the IDE's Test Runs view). */
  readonly onProgress?: (counts: ProgressCounts, results: readonly CampaignResult[]) => void;
  /** Stops the campaign (the console's `test stop`); the reports cover the runs that have a result. */
  readonly signal?: AbortSignal;
  /** Told when a run starts on a worker (when the executor knows). */
  readonly onStart?: (run: CampaignRun) => void;
}

/** 0 when every run passed, 1 otherwise (the command line's exit code). */
export function exitCode(runs: readonly CampaignRun[], results: readonly CampaignResult[]): 0 | 1 {
  return results.length === runs.length && results.every((r) => r.outcome === 'passed') ? 0 : 1;
}

/** Writes the JUnit XML and the HTML report of `results`. */
export function writeReports(
  output: CampaignOutput,
  runs: readonly CampaignRun[],
  results: readonly CampaignResult[],
): void {
  if (output.junit) {
    fs.mkdirSync(path.dirname(path.resolve(output.junit)), { recursive: true });
    fs.writeFileSync(output.junit, junitReport(output.name, results));
  }
  if (output.html) {
    fs.mkdirSync(output.html, { recursive: true });
    fs.writeFileSync(path.join(output.html, 'index.html'), htmlReport(output.name, runs, results));
  }
}

/** Runs `runs` on `execute`; resolves with the results in run order. */
export async function runCampaign(
  runs: readonly CampaignRun[],
  execute: CampaignExecutor,
  output: CampaignOutput,
): Promise<CampaignResult[]> {
  fs.mkdirSync(output.out, { recursive: true });
  fs.writeFileSync(path.join(output.out, 'campaign.json'), JSON.stringify({ name: output.name, runs }, null, 1));
  const jsonl = path.join(output.out, 'results.jsonl');
  fs.writeFileSync(jsonl, '');
  const progress = new CampaignProgress(runs.length);
  const results = new Map<number, CampaignResult>();
  await execute(
    runs,
    (result) => {
      // An executor reports each run once; a second report of a run (a retried run's first attempt finishing
      // late) would count it twice, so it is dropped here too.
      if (results.has(result.index)) return;
      results.set(result.index, result);
      fs.appendFileSync(jsonl, `${JSON.stringify(result)}\n`);
      progress.add(result);
      output.print(
        `run ${result.index} (${result.variant}, seed ${result.seed}): ${result.outcome}, ${result.detail}; ${progress.line()}`,
      );
      output.onProgress?.(progress.counts, [...results.values()]);
    },
    output.signal,
    output.onStart,
  );
  const sorted = [...results.values()].sort((a, b) => a.index - b.index);
  writeReports(output, runs, sorted);
  return sorted;
}
