/**
 * @file `test` in the host session (formats §1.3): runs the campaign the line describes on the same code as
 * `pitchside test` (startCampaign: the local pool of worker processes, one per core, or the job queue when the line
 * or the session names one), in the background while the IDE's own simulation keeps running. Progress lines and the
 * result table go to the console, the runs to the Test Runs view as they finish, which opens a run's logs with
 * `sml`. One test runs at a time; `test stop` ends it (the runs in flight end as stopped, their logs kept). A session
 * without a scene registers `test` too, and refuses it with the reason.
 */
import nodePath from 'node:path';
import type { TestRunOutcome, TestRunResult, TestRunsState } from '@app/ipc/testRuns';
import { HelpRequested, UsageError } from '@robot-runtime/hosts/robot/commandLine';
import { CommandError, type GlobalCommand } from '../../console/commands/types';
import type { ConsoleProvider, ProviderHost } from '../../session/ConsoleProvider';
import { CAMPAIGN_OPTIONS_HELP, CAMPAIGN_OPTIONS_USAGE, parseCampaignArgs } from '../../testRuns/campaign/campaignArgs';
import type { CampaignResult } from '../../testRuns/campaign/campaignRun';
import { startCampaign } from '../../testRuns/campaign/startCampaign';
import type { RequestHandlers } from '../../session/requestHandlers';
import { stampedTestDir, testLogRoot } from '../../testRuns/testLogDir';
import { resultTable } from '../../testRuns/TestRunner';
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

/** The console's usage of `test`: B-Human's words, then the campaign options. */
const USAGE = `${TEST_USAGE} ${CAMPAIGN_OPTIONS_USAGE}`;

/** The repository: the runs carry its revision. */
const ROOT = nodePath.resolve(import.meta.dirname, '../../../..');

/** The row of the Test Runs view for a campaign's result (log paths made absolute). */
export function testRunRow(result: CampaignResult, out: string): TestRunResult {
  return {
    run: result.index,
    seed: result.seed,
    variant: result.variant,
    outcome: result.ended as TestRunOutcome,
    seconds: result.simSeconds,
    score: result.score,
    falls: result.falls,
    detail: result.detail,
    logs: result.logs.map((log) => {
      const file = nodePath.resolve(out, log);
      return { robot: nodePath.basename(file, '.log'), file };
    }),
  };
}

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
  /** Seed of the first run (the session's seed). */
  readonly seed?: number;
  /** The job queue (postgres://…) campaigns go to unless the line says `--workers` or `--queue`. */
  readonly queue?: string;
}

/** The host side of `test` and the Test Runs view. */
export class TestRunsProvider implements ConsoleProvider {
  /** The Test Runs view's channel: the current or last test. */
  readonly handlers = { 'pitchside:testRuns.state': () => this.last } satisfies RequestHandlers;
  readonly commands: readonly GlobalCommand[];
  private host: ProviderHost | undefined;
  /** Stops the running test; undefined while none runs. */
  private stopper: AbortController | undefined;
  private last: TestRunsState = { command: '', running: false, total: 0, runs: [] };
  private current: Promise<TestRunsState> | undefined;

  constructor(private readonly options: TestRunsProviderOptions) {
    this.commands = [
      {
        name: 'test',
        scope: 'global',
        usage: USAGE,
        summary:
          'Test campaigns of the scene: whole games, or situations from a script until a target, on worker ' +
          'processes or a job queue (recorded).',
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
    this.stopper?.abort();
    await this.current;
  }

  private publish(state: TestRunsState): void {
    this.last = state;
    this.host!.broadcast('pitchside:testRuns.changed', state);
  }

  private command(words: string[], line: string): void {
    const host = this.host!;
    const syntax = (message: string) => new CommandError(`Syntax Error: ${message}\n${USAGE}`);
    if (words[0] === 'help' || words[0] === 'stop') {
      try {
        parseTestCommand(words);
      } catch (error) {
        if (error instanceof TestSpecError) throw syntax(error.message);
        throw error;
      }
      if (words[0] === 'help') return host.print(`${TEST_HELP}\n${CAMPAIGN_OPTIONS_HELP}`);
      if (!this.stopper) throw new CommandError('test stop: no test is running');
      this.stopper.abort();
      return;
    }
    const sceneFile = this.options.sceneFile;
    let args;
    try {
      args = parseCampaignArgs(words, {
        scene: sceneFile ?? '',
        configRoot: this.options.configRoot,
        out: (kind) => stampedTestDir(this.options.logRoot ?? testLogRoot(this.options.configRoot), kind),
        seed: this.options.seed,
        queue: this.options.queue,
        cwd: ROOT,
      });
    } catch (error) {
      if (error instanceof HelpRequested) return host.print(`${TEST_HELP}\n${CAMPAIGN_OPTIONS_HELP}`);
      if (error instanceof UsageError) throw syntax(error.message);
      throw error;
    }
    if (!sceneFile && !words.some((w) => w === '--scene' || w.startsWith('--scene=')))
      throw new CommandError('test: this session simulates no scene, so there is nothing to test');
    if (this.stopper) throw new CommandError(`test: '${this.last.command}' is still running (test stop ends it)`);
    if (args.spec.quit) host.print('test: q is for the headless runner; the IDE stays open when the test ends');
    const stopper = new AbortController();
    this.stopper = stopper;
    const where = args.queue !== undefined ? 'job queue' : `${args.workers} worker process(es)`;
    const rows = (results: readonly CampaignResult[]) =>
      results.map((r) => testRunRow(r, args.out)).sort((a, b) => a.run - b.run);
    let total = 0;
    const inFlight = new Set<number>();
    const running = (results: readonly CampaignResult[], secondsLeft?: number): TestRunsState => ({
      command: line,
      running: true,
      total,
      runs: rows(results),
      secondsLeft,
      where,
      inFlight: [...inFlight].sort((a, b) => a - b),
    });
    this.current = startCampaign(args, {
      root: ROOT,
      print: (text) => host.print(text),
      signal: stopper.signal,
      onPlanned: (runs) => {
        total = runs.length;
        this.publish(running([]));
      },
      onStart: (run) => {
        inFlight.add(run.index);
        this.publish({ ...this.last, inFlight: [...inFlight].sort((a, b) => a - b) });
      },
      onProgress: (counts, results) => {
        for (const r of results) inFlight.delete(r.index);
        this.publish(running(results, counts.secondsLeft));
      },
    }).then(
      ({ results }) => {
        this.stopper = undefined;
        this.publish({ command: line, running: false, total, runs: rows(results), where });
        host.print(resultTable(this.last));
        return this.last;
      },
      (error: unknown) => {
        this.stopper = undefined;
        this.publish({ ...this.last, running: false });
        host.print(`test: ${error instanceof Error ? error.message : String(error)}`);
        return this.last;
      },
    );
  }
}
