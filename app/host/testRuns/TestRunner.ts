/**
 * @file Runs a `test game` or `test situation` (formats §1.3): every run is a fresh simulation of the scene with
 * the run's seed, the test's start script on top of the scene's own, fuzzed start poses, recorded through the
 * robots' consoles exactly as `npm run sim -- --record` records (one log per robot in `<logDir>/run<N>/`), and
 * stepped headless until its target, its timeout or the end of the game. Runs go one after another on the event
 * loop (the IDE stays responsive; `stop` ends the current run at its next step), and each finished run is
 * reported as a row of the result table.
 */
import nodePath from 'node:path';
import type { TestRunOutcome, TestRunResult, TestRunsState } from '../../ipc/testRuns';
import { GameState } from '../../simulator/gameController/GameControllerData';
import { runHeadless } from '../../simulator/simulation/headless';
import { Simulation, type SimulationOptions } from '../../simulator/simulation/Simulation';
import type { ConsoleFiles } from '../console/files';
import { SimRecording } from '../log/simRecording';
import { fuzzPoses, ungroundedAxes } from './fuzzPoses';
import { expressionCheck, TargetError, type TargetCheck } from './testTargets';
import type { TestSpec } from './testSpec';

/** Simulated seconds a `test game` run may last at most: two halves, half time and stoppages. */
const GAME_LIMIT_S = 30 * 60;

/** How the runner is set up. */
export interface TestRunnerOptions {
  /** The scene every run simulates (.ros3). */
  readonly sceneFile: string;
  /** config/ folder of the robots. */
  readonly configRoot?: string;
  /** Folder that gets one sub-folder of logs per run. */
  readonly logDir: string;
  /** Reads the start scripts (`call`). */
  readonly files: ConsoleFiles;
  /** Seed of the first run; run N uses seed + N − firstRun. Default 1. */
  readonly seed?: number;
  /** Number of the first run (default 1): a campaign runs each of its runs alone under its own number. */
  readonly firstRun?: number;
  /**
   * Console lines run for every robot after the start script (a campaign's variant, e.g. `set
   * parameters:BehaviorControl …`); a line a robot refuses fails the run.
   */
  readonly setLines?: readonly string[];
  /** Robots to record (default: every controlled robot). */
  readonly robots?: readonly string[];
  /** Representations to record (default TEST_RECORDED). */
  readonly representations?: readonly string[];
  /** Playing time of a half (ms) for `test game`; default the rules'. */
  readonly halfDuration?: number;
  /** Progress and problems, one line each. */
  readonly print: (line: string) => void;
  /** Called when a run starts or ends. */
  readonly onChange?: (state: TestRunsState) => void;
  /** Bytes a run may record before its recording stops (default MAX_RECORDED_BYTES). */
  readonly maxRecordedBytes?: number;
  /** Builds a run's simulation (default Simulation.load). */
  readonly load?: (sceneFile: string, options: SimulationOptions) => Promise<Simulation>;
}

/**
 * Bytes one run may record in memory over all its robots before recording stops (the rest of the run is still
 * simulated and judged): 14 robots record about 0.45 MB per simulated second of TEST_RECORDED.
 */
export const MAX_RECORDED_BYTES = 256 * 1024 * 1024;

/**
 * What a run records per robot unless told otherwise: the Cognition thread's view of the game (where it is, the
 * ball, obstacles, what it decided), about a third of what `npm run sim -- --record` records by default, so that
 * whole games fit in memory.
 */
export const TEST_RECORDED = [
  'FrameInfo',
  'GameState',
  'RobotPose',
  'BallModel',
  'ObstacleModel',
  'MotionRequest',
  'BehaviorStatus',
];

/** Simulated ms a run waits at most for its robots' consoles to be polled and recording. */
const SETTLE_LIMIT_MS = 5000;

/** Steps `sim` until the recording's requests are through (bounded), giving the event loop turns. */
async function settle(sim: Simulation, recording: SimRecording): Promise<void> {
  const end = sim.time + SETTLE_LIMIT_MS;
  while (recording.busy && sim.time < end) {
    const slice = performance.now() + 25;
    while (recording.busy && sim.time < end && performance.now() < slice) {
      sim.step();
      recording.controller.update();
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (recording.busy) throw new Error(`the robots' consoles were not ready after ${SETTLE_LIMIT_MS / 1000} s`);
}

/** One test, run once. */
export class TestRunner {
  private readonly runs: TestRunResult[] = [];
  private running = false;
  private stopping = false;
  /** Wall clock (ms) when run() began, for the estimate of the time left. */
  private started = 0;

  constructor(
    readonly spec: TestSpec,
    /** The `test …` line, shown above the results. */
    readonly command: string,
    private readonly options: TestRunnerOptions,
  ) {}

  /** The runs so far. */
  get state(): TestRunsState {
    const state = { command: this.command, running: this.running, total: this.spec.runs, runs: [...this.runs] };
    if (!this.running || this.runs.length === 0) return state;
    const perRun = (performance.now() - this.started) / 1000 / this.runs.length;
    return { ...state, secondsLeft: perRun * (this.spec.runs - this.runs.length) };
  }

  /** Ends the current run at its next step and starts no more. */
  stop(): void {
    this.stopping = true;
  }

  /** Runs every run; resolves with the final state. */
  async run(): Promise<TestRunsState> {
    this.running = true;
    this.started = performance.now();
    this.options.onChange?.(this.state);
    const ignored = ungroundedAxes(this.spec.fuzz);
    if (ignored.length)
      this.options.print(`test: robots stand on the ground here; fuz ${ignored.join(', ')} moves nothing`);
    try {
      const first = this.options.firstRun ?? 1;
      for (let n = 1; n <= this.spec.runs && !this.stopping; n++) {
        const result = await this.runOnce(first + n - 1);
        this.runs.push(result);
        this.options.print(
          `test run ${n}/${this.spec.runs}: ${result.outcome} after ${result.seconds.toFixed(1)} s (${result.detail})`,
        );
        this.options.onChange?.(this.state);
        // A scene, script or target that fails once fails every run the same way.
        if (result.outcome === 'error' && n < this.spec.runs) {
          this.options.print(`test: the other ${this.spec.runs - n} run(s) would fail the same way; stopped`);
          break;
        }
      }
    } finally {
      this.running = false;
      this.options.onChange?.(this.state);
    }
    return this.state;
  }

  private async runOnce(run: number): Promise<TestRunResult> {
    const seed = (this.options.seed ?? 1) + run - (this.options.firstRun ?? 1);
    const failed = (detail: string): TestRunResult => ({
      run,
      seed,
      outcome: 'error',
      seconds: 0,
      score: [0, 0],
      detail,
      logs: [],
    });
    let sim: Simulation;
    try {
      const load = this.options.load ?? ((file, options) => Simulation.load(file, options));
      sim = await load(this.options.sceneFile, {
        seed,
        configRoot: this.options.configRoot,
        halfDuration: this.options.halfDuration,
      });
    } catch (error) {
      return failed(`cannot load ${this.options.sceneFile}: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      return await this.simulate(sim, run, seed);
    } catch (error) {
      return failed(error instanceof Error ? error.message : String(error));
    } finally {
      await sim.dispose();
    }
  }

  private async simulate(sim: Simulation, run: number, seed: number): Promise<TestRunResult> {
    const spec = this.spec;
    const recording = new SimRecording(sim, {
      robots: this.options.robots,
      representations: this.options.representations ?? TEST_RECORDED,
      files: this.options.files,
      scriptDir: nodePath.dirname(this.options.sceneFile),
    });
    // The robots are polled and their recording started while they stand in the scene's initial state, so that
    // the situation is recorded from its first step.
    recording.start();
    await settle(sim, recording);
    if (spec.conFile !== undefined) {
      recording.controller.execute(`call ${spec.conFile}`);
      const problem = recording.problems.shift();
      if (problem) throw new Error(`${spec.conFile}: ${problem}`);
    }
    if (this.options.setLines?.length) {
      recording.controller.execute('robot all');
      for (const line of this.options.setLines) {
        recording.controller.execute(line);
        const problem = recording.problems.shift();
        if (problem) throw new Error(`${line}: ${problem}`);
      }
    }
    fuzzPoses(sim, spec.fuzz, seed);
    let check: TargetCheck | undefined;
    try {
      check = spec.target && expressionCheck(sim, spec.target);
    } catch (error) {
      if (error instanceof TargetError) throw new Error(`target: ${error.message}`);
      throw error;
    }
    let reached: string | undefined;
    let cappedAt: number | undefined;
    const start = sim.time;
    let checkedAt = start;
    const result = await runHeadless(sim, {
      duration: spec.kind === 'situation' ? spec.timeout! : GAME_LIMIT_S,
      speed: spec.realTime ? 1 : 'max',
      stopWhenFinished: spec.kind === 'game',
      afterSteps: () => {
        recording.controller.update();
        // Summing the frames costs a little: every quarter of a simulated second is often enough (a batch of steps
        // can be long or short, depending on the speed, so batches are not counted).
        if (cappedAt === undefined && sim.time - checkedAt >= 250) {
          checkedAt = sim.time;
          if (recording.recordedBytes > (this.options.maxRecordedBytes ?? MAX_RECORDED_BYTES)) {
            recording.stopRecording();
            cappedAt = (sim.time - start) / 1000;
          }
        }
      },
      stopWhen: () => this.stopping || (reached = check?.()) !== undefined,
    });
    const finished = spec.kind === 'game' && sim.gc.getData().state === GameState.finished;
    const outcome: TestRunOutcome =
      reached !== undefined ? 'reached' : this.stopping ? 'stopped' : finished ? 'finished' : 'timeout';
    const files = recording.save(nodePath.join(this.options.logDir, `run${run}`));
    for (const problem of recording.problems) this.options.print(`test run ${run}: ${problem}`);
    const capped =
      cappedAt === undefined ? '' : `; recorded the first ${cappedAt.toFixed(0)} s only (the recording grew too large)`;
    const detail =
      (reached ??
        (outcome === 'finished'
          ? `game over ${result.score.join(':')}`
          : outcome === 'stopped'
            ? 'stopped by test stop'
            : spec.kind === 'game'
              ? `the game did not finish in ${GAME_LIMIT_S} s`
              : 'the target was not reached')) + capped;
    return {
      run,
      seed,
      outcome,
      seconds: result.simSeconds,
      score: result.score,
      falls: sim.statistics().reduce((sum, r) => sum + r.falls, 0),
      detail,
      logs: files.map((file) => ({ robot: nodePath.basename(file, '.log'), file })),
    };
  }
}

/** The result table printed when a test ends (and by `npm run sim -- --test`). */
export function resultTable(state: TestRunsState): string {
  const header = ['run', 'seed', 'result', 'sim s', 'score', 'detail', 'logs'];
  const rows = state.runs.map((r) => [
    String(r.run),
    String(r.seed),
    r.outcome,
    r.seconds.toFixed(1),
    r.score.join(':'),
    r.detail,
    r.logs.length ? nodePath.dirname(r.logs[0]!.file) : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < 2 || i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const wanted = state.command.startsWith('test game') ? 'finished' : 'reached';
  const count = state.runs.filter((r) => r.outcome === wanted).length;
  const summary =
    state.runs.length === 0
      ? 'no runs'
      : `${count}/${state.runs.length} ${wanted === 'finished' ? 'games finished' : 'reached the target'}` +
        (state.runs.length < state.total ? ` (${state.total - state.runs.length} not run)` : '');
  return [line(header), ...rows.map(line), summary].join('\n');
}
