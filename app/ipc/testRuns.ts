/**
 * @file The bridge channels of the test-run view: the runs of the last `test game` / `test situation` (formats
 * §1.3) with their outcome and the logs each run recorded, asked for once and pushed as runs finish. Kept apart
 * from messages.ts; channels.ts and messages.ts only splice these tables and maps in.
 */
import { NO_FIELDS, takes } from './schema';

/** Event channels of the test runs. */
export const TEST_RUNS_EVENT_CHANNELS = ['pitchside:testRuns.changed'] as const;

/**
 * How a run ended: its target was reached, its time ran out, the game finished (`test game`), `test stop`
 * ended it, or it failed (the scene or the start script could not be loaded).
 */
export type TestRunOutcome = 'reached' | 'timeout' | 'finished' | 'stopped' | 'error';

/** One recorded log of a run. */
export interface TestRunLog {
  /** The robot recorded. */
  readonly robot: string;
  /** Absolute path of the log file. */
  readonly file: string;
}

/** One run of a test. */
export interface TestRunResult {
  /** 1-based run number. */
  readonly run: number;
  /** Seed of the run's simulation and of its fuzzed poses. */
  readonly seed: number;
  /** The variant of the campaign's parameter sweep the run belongs to (`base` without a sweep). */
  readonly variant?: string;
  readonly outcome: TestRunOutcome;
  /** Simulated seconds the run took. */
  readonly seconds: number;
  /** Goals of the first and second team at the end. */
  readonly score: readonly [number, number];
  /** Falls of all controlled robots in the run (absent when the run failed before it started). */
  readonly falls?: number;
  /** What happened, in words (the target reached, an error). */
  readonly detail: string;
  /** The logs recorded, one per robot. */
  readonly logs: readonly TestRunLog[];
}

/** `pitchside:testRuns.state` answer and `pitchside:testRuns.changed` event: the current or last test. */
export interface TestRunsState {
  /** The `test …` line that started it; empty when no test ran in this session. */
  readonly command: string;
  /** Whether runs are still going. */
  readonly running: boolean;
  /** How many runs the test has. */
  readonly total: number;
  /** The finished runs, first first. */
  readonly runs: readonly TestRunResult[];
  /** While running, after the first run: wall seconds left, estimated from the mean time of the runs so far. */
  readonly secondsLeft?: number;
  /** Where the runs execute, e.g. `2 worker process(es)` or `job queue`. */
  readonly where?: string;
  /** While running: the runs on a worker now (known for the local pool's workers), lowest first. */
  readonly inFlight?: readonly number[];
}

/** The contracts of the test runs' request channels. */
export const TEST_RUNS_REQUESTS = {
  'pitchside:testRuns.state': takes(NO_FIELDS).answers<TestRunsState>(),
};

/** Events of the test runs. */
export interface TestRunsEvents {
  'pitchside:testRuns.changed': TestRunsState;
}
