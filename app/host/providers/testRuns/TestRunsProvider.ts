/**
 * @file `test` in the host session (formats §1.3): starts a TestRunner on the session's scene in the background
 * (the IDE's own simulation keeps running), prints progress and the result table in the console, and serves the
 * runs to the Test Runs view, which opens a run's log with `sl`. One test runs at a time; `test stop` ends it.
 * A session without a scene registers `test` too, and refuses it with the reason.
 */
import nodePath from 'node:path';
import type { TestRunsState } from '@app/ipc/testRuns';
import type { SimulationOptions, Simulation } from '@app/simulator/simulation/Simulation';
import { CommandError, CommandSyntaxError, type GlobalCommand } from '../../console/commands/types';
import type { ConsoleFiles } from '../../console/files';
import type { ConsoleProvider, ProviderHost } from '../../session/ConsoleProvider';
import type { RequestHandlers } from '../../session/requestHandlers';
import { stampedTestDir, testLogRoot } from '../../testRuns/testLogDir';
import { resultTable, TestRunner } from '../../testRuns/TestRunner';
import { BehaviorActivity } from '@robot-runtime/representations/BehaviorControl/BehaviorStatus';
import {
  BUDGET_OPERATORS,
  FUZZ_AXES,
  parseTestCommand,
  TARGET_WORDS,
  TEST_HELP,
  TEST_USAGE,
  TestSpecError,
  ZONE_NAMES,
} from '../../testRuns/testSpec';

/** Every fixed word that may follow `test situation <runs> <timeout>`, for completion. */
const SITUATION_WORDS = [
  'fuz',
  'rt',
  'q',
  ...FUZZ_AXES,
  ...TARGET_WORDS,
  ...ZONE_NAMES.flatMap((zone) => [zone, `${zone}A`, `${zone}B`]),
  'teamA',
  'teamB',
  ...BUDGET_OPERATORS,
  ...BehaviorActivity.names,
];

/** How the provider is set up. */
export interface TestRunsProviderOptions {
  /** The session's scene; `test` is refused without one. */
  readonly sceneFile: string | undefined;
  /** config/ folder: the robots' configuration and `Logs/Tests/`, where the runs' logs go. */
  readonly configRoot: string;
  /** Folder that gets one folder of logs per test (default `<configRoot>/Logs/Tests`). */
  readonly logRoot?: string;
  readonly files: ConsoleFiles;
  /** Seed of the first run (the session's seed). */
  readonly seed?: number;
  /** Builds a run's simulation (tests narrow the scene). */
  readonly load?: (sceneFile: string, options: SimulationOptions) => Promise<Simulation>;
  /** Representations recorded per robot (default: the runner's TEST_RECORDED). */
  readonly representations?: readonly string[];
}

/** The host side of `test` and the Test Runs view. */
export class TestRunsProvider implements ConsoleProvider {
  /** The Test Runs view's channel: the current or last test. */
  readonly handlers = { 'pitchside:testRuns.state': () => this.last } satisfies RequestHandlers;
  readonly commands: readonly GlobalCommand[];
  private host: ProviderHost | undefined;
  private runner: TestRunner | undefined;
  private last: TestRunsState = { command: '', running: false, total: 0, runs: [] };
  private current: Promise<TestRunsState> | undefined;

  constructor(private readonly options: TestRunsProviderOptions) {
    this.commands = [
      {
        name: 'test',
        scope: 'global',
        usage: TEST_USAGE,
        summary: 'Automated runs of the scene: whole games, or situations from a script until a target (recorded).',
        args: {
          sub: {
            help: {},
            stop: {},
            game: { args: [[], ['rt', 'q']], repeat: true },
            situation: { args: [[], [], SITUATION_WORDS], repeat: true },
          },
        },
        run: (args, { line }) =>
          this.command(
            args.rest().map((t) => t.text),
            line.trim(),
          ),
      },
    ];
  }

  /** The current or last test. */
  get state(): TestRunsState {
    return this.last;
  }

  /** Resolves when the running test (if any) has ended. */
  whenDone(): Promise<TestRunsState> {
    return this.current ?? Promise.resolve(this.last);
  }

  start(host: ProviderHost): void {
    this.host = host;
    host.controller.commands.register(this.commands);
  }

  async dispose(): Promise<void> {
    this.runner?.stop();
    await this.current;
  }

  private command(words: string[], line: string): void {
    const host = this.host!;
    let parsed;
    try {
      parsed = parseTestCommand(words);
    } catch (error) {
      if (error instanceof TestSpecError) throw new CommandError(`Syntax Error: ${error.message}\n${TEST_USAGE}`);
      throw error;
    }
    if (parsed.kind === 'help') return host.print(TEST_HELP);
    if (parsed.kind === 'stop') {
      if (!this.runner) throw new CommandError('test stop: no test is running');
      this.runner.stop();
      return;
    }
    const sceneFile = this.options.sceneFile;
    if (!sceneFile) throw new CommandError('test: this session simulates no scene, so there is nothing to test');
    if (this.runner) throw new CommandError(`test: '${this.runner.command}' is still running (test stop ends it)`);
    if (parsed.runs < 1) throw new CommandSyntaxError(TEST_USAGE);
    const logDir = stampedTestDir(this.options.logRoot ?? testLogRoot(this.options.configRoot), parsed.kind);
    const runner = new TestRunner(parsed, line, {
      sceneFile,
      configRoot: this.options.configRoot,
      logDir,
      files: this.options.files,
      seed: this.options.seed,
      representations: this.options.representations,
      load: this.options.load,
      print: (text) => host.print(text),
      onChange: (state) => {
        this.last = state;
        host.broadcast('pitchside:testRuns.changed', state);
      },
    });
    this.runner = runner;
    if (parsed.quit) host.print('test: q is for the headless runner; the IDE stays open when the test ends');
    host.print(`test: ${parsed.runs} run(s) of ${nodePath.basename(sceneFile)}, logs in ${logDir}`);
    this.current = runner.run().then(
      (state) => {
        this.runner = undefined;
        host.print(resultTable(state));
        return state;
      },
      (error: unknown) => {
        this.runner = undefined;
        host.print(`test: ${error instanceof Error ? error.message : String(error)}`);
        return this.last;
      },
    );
  }
}
