/**
 * @file A campaign (many `test game` / `test situation` runs, docs/testing.md) as a list of runs, each described
 * fully by what decides its result: the scene, a digest of the configuration, the code revision, the variant
 * (console lines such as `set …` run for every robot) and the seed. Any run can so be repeated alone, on any
 * machine with the same revision and configuration, and gives the same result. Runs and results are plain data
 * (JSON), so they travel to worker processes and through a job queue unchanged.
 */
import { parseTestCommand, TestSpecError, type TestSpec } from '../testSpec';

/** One variant of a parameter sweep: a name and the lines every robot runs after the start script. */
export interface Variant {
  /** Short name shown in reports (`base` when the campaign has no sweep). */
  readonly name: string;
  /** Console lines for every robot, e.g. `set parameters:BehaviorControl maxForwards = 1;`. */
  readonly lines: readonly string[];
}

/** One run of a campaign: everything its result depends on. */
export interface CampaignRun {
  /** The campaign's id (unique per submission). */
  readonly campaign: string;
  /** 1-based number of the run within its campaign. */
  readonly index: number;
  /** The words after `test`, as typed (the number of runs is the campaign's; a run is one of them). */
  readonly test: readonly string[];
  /** Absolute path of the scene. */
  readonly scene: string;
  /** Absolute path of the config folder. */
  readonly configRoot: string;
  /** SHA-256 of the scene, its scripts and the configuration (see configDigest). */
  readonly configDigest: string;
  /** The code revision (`git describe`-like: commit, `-dirty` when the tree had changes). */
  readonly revision: string;
  readonly variant: Variant;
  readonly seed: number;
}

/** How a run ended, in campaign terms. */
export type CampaignOutcome = 'passed' | 'failed' | 'error';

/** The result of one run. */
export interface CampaignResult {
  readonly campaign: string;
  readonly index: number;
  readonly variant: string;
  readonly seed: number;
  readonly outcome: CampaignOutcome;
  /** The runner's outcome word (reached, timeout, finished, stopped, error). */
  readonly ended: string;
  readonly detail: string;
  /** Simulated seconds. */
  readonly simSeconds: number;
  /** Wall-clock milliseconds the run took in its worker (load, simulate, save). */
  readonly wallMs: number;
  /**
   * CPU milliseconds the worker process used for the run (all its threads: above wallMs when the run kept more than
   * one core busy); absent in results stored before it was measured.
   */
  readonly cpuMs?: number;
  readonly score: readonly [number, number];
  readonly falls: number;
  /** Log files, relative to the campaign's output folder when they lie inside it. */
  readonly logs: readonly string[];
  /** Which worker ran it (host name and process id). */
  readonly worker: string;
  /** The command line that repeats this run alone. */
  readonly replay: string;
}

/** The test a run executes: the campaign's test with one run. */
export function runSpec(run: CampaignRun): TestSpec {
  const spec = parseTestCommand(run.test);
  if (spec.kind !== 'game' && spec.kind !== 'situation') throw new TestSpecError('a campaign runs game or situation');
  return { ...spec, runs: 1 };
}

/** Quotes a word for a POSIX shell when it needs it. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The command line that repeats `run` alone (the same scene, variant and seed; `pitchside` is the package's bin). */
export function replayCommand(run: CampaignRun): string {
  const [kind, , ...rest] = run.test;
  const words = ['pitchside', 'test', kind!, '1', ...rest, '--scene', run.scene, '--seed', String(run.seed)];
  for (const line of run.variant.lines) words.push('--set', line);
  return words.map(shellWord).join(' ');
}

/** The result of a run that could not be executed. */
export function failedResult(run: CampaignRun, detail: string, worker = '-'): CampaignResult {
  return {
    campaign: run.campaign,
    index: run.index,
    variant: run.variant.name,
    seed: run.seed,
    outcome: 'error',
    ended: 'error',
    detail,
    simSeconds: 0,
    wallMs: 0,
    score: [0, 0],
    falls: 0,
    logs: [],
    worker,
    replay: replayCommand(run),
  };
}
