/**
 * @file Executes one campaign run in this process: the TestRunner with one run, the run's seed and variant,
 * recorded into `<out>/runs/<index>/`. The same function serves the local pool's worker processes and the job
 * queue's workers, so a run gives the same result wherever it runs.
 */
import os from 'node:os';
import path from 'node:path';
import { NodeFiles } from '../../console/nodeFiles';
import { TestRunner } from '../TestRunner';
import { failedResult, replayCommand, runSpec, type CampaignResult, type CampaignRun } from './campaignRun';

/** Where a run's logs go: `<out>/runs/<index>/run<index>/<robot>.log`. */
export function runLogDir(out: string, run: CampaignRun): string {
  return path.join(out, 'runs', String(run.index));
}

/**
 * Runs `run`, recording into `out`; never throws for a failing run (its result says error). When `signal` aborts,
 * the run ends at its next step as `stopped`, with what it recorded so far.
 */
export async function executeRun(run: CampaignRun, out: string, signal?: AbortSignal): Promise<CampaignResult> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const worker = `${os.hostname()}:${process.pid}`;
  const base = { campaign: run.campaign, index: run.index, variant: run.variant.name, seed: run.seed, worker };
  let spec;
  try {
    spec = runSpec(run);
  } catch (error) {
    return failedResult(run, error instanceof Error ? error.message : String(error), worker);
  }
  const lines: string[] = [];
  const runner = new TestRunner(spec, `test ${run.test.join(' ')}`, {
    sceneFile: run.scene,
    configRoot: run.configRoot,
    logDir: runLogDir(out, run),
    files: new NodeFiles(),
    seed: run.seed,
    firstRun: run.index,
    setLines: run.variant.lines,
    print: (line) => lines.push(line),
  });
  signal?.addEventListener('abort', () => runner.stop(), { once: true });
  if (signal?.aborted) runner.stop();
  const state = await runner.run();
  const r = state.runs[0];
  const wanted = spec.kind === 'game' ? 'finished' : 'reached';
  const outcome = r === undefined || r.outcome === 'error' ? 'error' : r.outcome === wanted ? 'passed' : 'failed';
  return {
    ...base,
    outcome,
    ended: r?.outcome ?? 'error',
    detail: r?.detail ?? lines.at(-1) ?? 'the run did not start',
    simSeconds: r?.seconds ?? 0,
    wallMs: performance.now() - started,
    cpuMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu)),
    score: r?.score ?? [0, 0],
    falls: r?.falls ?? 0,
    logs: (r?.logs ?? []).map((l) => (l.file.startsWith(out + path.sep) ? path.relative(out, l.file) : l.file)),
    replay: replayCommand(run),
  };
}
