/**
 * @file `pitchside test (game <runs> | situation <runs> <timeout>) [<con file>] [fuz …] [<target expression>]
 * [--scene <file>] [--workers <n>] [--queue <url>] [--junit <file>] [--html <dir>] [--out <dir>] [--seed <n>]
 * [--variant "<name>: <line>"]… [--set <line>]…`: a test campaign (docs/testing.md). The runs go to a pool of
 * worker processes on this machine (one per core unless --workers says otherwise) or, with --queue, to the job
 * queue's workers on any number of machines (`pitchside worker --queue <url>`). Exit code 0 when every run
 * passed, 1 when one failed, 2 for a usage error.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  HelpRequested,
  numberOption,
  parseCommandLine,
  runCommand,
  UsageError,
  type CommandIo,
  processIo,
} from '@robot-runtime/hosts/robot/commandLine';
import { DEFAULT_CONFIG_ROOT } from '../../simulator/simulation/robotConfig';
import { codeRevision, configDigest, parseVariants, planCampaign } from '../testRuns/campaign/campaignPlan';
import type { CampaignRun } from '../testRuns/campaign/campaignRun';
import { defaultWorkers, LocalPool } from '../testRuns/campaign/LocalPool';
import { exitCode, runCampaign, type CampaignExecutor } from '../testRuns/campaign/runCampaign';
import { stampedTestDir, testLogRoot } from '../testRuns/testLogDir';
import { parseTestCommand, TEST_HELP, TestSpecError, type TestSpec } from '../testRuns/testSpec';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The usage text. */
export const TEST_CLI_USAGE = `Usage: pitchside test (game <runs> | situation <runs> <timeout>) [<con file>] [fuz …] [<target expression>]
                      [--scene <file>] [--workers <n>] [--queue <url>] [--junit <file>] [--html <dir>] [--out <dir>]
                      [--seed <n>] [--variant "<name>: <console line>"]… [--set <console line>]…
  Runs a test campaign: <runs> runs (per variant) of the scene (default scenes/GameFast.ros3), each a fresh
  simulation with seed --seed + k (default 1), recorded under --out (default config/Logs/Tests/<time>_campaign).
  --workers: worker processes on this machine (default: one per core). --queue <url>: submit to the job queue
  (postgres://…) instead, for workers started with 'pitchside worker --queue <url>'. --variant adds a line to a
  variant of a sweep (repeat a name for more lines); --set adds a line to every run (the replay of one run).
  --junit writes JUnit XML, --html a report folder (index.html). Exit code 0: every run passed; 1: one failed;
  2: usage error.
       pitchside test --queue <url> (--cancel <campaign id> | --resume <campaign id> [--junit <file>] [--html <dir>])
  cancels a queued campaign (waiting runs are dropped, results kept) or resumes one (runs without a result are
  queued again; the results and reports are completed). The test words:
${TEST_HELP.split('\n')
  .slice(1)
  .map((l) => `  ${l}`)
  .join('\n')}`;

/** The options that take a value; every other word is part of the test (so `ballInZone -100 …` stays a zone). */
const VALUE_OPTIONS = ['scene', 'workers', 'queue', 'junit', 'html', 'out', 'seed', 'variant', 'set'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

/** A parsed command line. */
export interface TestCliArgs {
  readonly test: string[];
  readonly spec: TestSpec;
  readonly scene: string;
  readonly workers: number;
  readonly queue: string | undefined;
  readonly junit: string | undefined;
  readonly html: string | undefined;
  readonly out: string;
  readonly seed: number;
  readonly variants: string[];
  readonly sets: string[];
}

/** Reads the command line; throws UsageError or HelpRequested. */
export function parseTestCli(argv: readonly string[]): TestCliArgs {
  const words: string[] = [];
  const values = new Map<ValueOption, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') throw new HelpRequested();
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (!(VALUE_OPTIONS as readonly string[]).includes(name)) throw new UsageError(`Unknown option '${arg}'`);
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      values.set(name as ValueOption, [...(values.get(name as ValueOption) ?? []), value]);
    } else words.push(arg);
  }
  const one = (name: ValueOption): string | undefined => {
    const v = values.get(name);
    if (v && v.length > 1) throw new UsageError(`--${name} given twice`);
    return v?.[0];
  };
  let spec;
  try {
    spec = parseTestCommand(words);
  } catch (error) {
    if (error instanceof TestSpecError) throw new UsageError(error.message);
    throw error;
  }
  if (spec.kind !== 'game' && spec.kind !== 'situation') throw new UsageError('pitchside test runs game or situation');
  const workers = numberOption('workers', one('workers'), (n) => Number.isInteger(n) && n >= 1 && n <= 256);
  const seed = numberOption('seed', one('seed'), (n) => Number.isInteger(n) && n >= 0 && n < 2 ** 31);
  const queue = one('queue');
  if (queue !== undefined && !/^postgres(ql)?:\/\//.test(queue))
    throw new UsageError(`--queue takes a postgres://… URL, not '${queue}'`);
  if (queue !== undefined && workers !== undefined)
    throw new UsageError('--workers is for the local pool, not --queue');
  const variants = values.get('variant') ?? [];
  try {
    parseVariants(variants);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return {
    test: words,
    spec,
    scene: path.resolve(one('scene') ?? path.join(ROOT, 'scenes', 'GameFast.ros3')),
    workers: workers ?? defaultWorkers(),
    queue,
    junit: one('junit'),
    html: one('html'),
    out: path.resolve(one('out') ?? stampedTestDir(testLogRoot(DEFAULT_CONFIG_ROOT), 'campaign')),
    seed: seed ?? 1,
    variants,
    sets: values.get('set') ?? [],
  };
}

/** The runs of the command line. */
export function planFromArgs(args: TestCliArgs, id?: string): CampaignRun[] {
  const variants = parseVariants(args.variants);
  const withSets = (lines: readonly string[]) => [...args.sets, ...lines];
  return planCampaign(
    {
      test: args.test,
      spec: args.spec,
      scene: args.scene,
      configRoot: DEFAULT_CONFIG_ROOT,
      seed: args.seed,
      variants: variants.length
        ? variants.map((v) => ({ name: v.name, lines: withSets(v.lines) }))
        : [{ name: 'base', lines: withSets([]) }],
      id,
    },
    codeRevision(ROOT),
    configDigest(args.scene, DEFAULT_CONFIG_ROOT),
  );
}

/** Runs the campaign of `argv`; resolves with the exit code. */
export async function runTestCli(
  argv: readonly string[],
  io: CommandIo = processIo,
  /** Executes the runs (default: the local pool, or the queue with --queue). */
  executor?: (args: TestCliArgs) => Promise<CampaignExecutor>,
): Promise<number> {
  const code = await runCommand(
    TEST_CLI_USAGE,
    async () => {
      const control = controlCommand(argv);
      if (control) return runControl(control, io);
      const args = parseTestCli(argv);
      const runs = planFromArgs(args);
      const first = runs[0]!;
      io.out(
        `campaign ${first.campaign}: ${runs.length} run(s) of ${path.relative(process.cwd(), args.scene) || args.scene}, ` +
          `revision ${first.revision}, configuration ${first.configDigest}; output in ${args.out}`,
      );
      const execute = executor
        ? await executor(args)
        : args.queue !== undefined
          ? await queueExecutor(args)
          : localExecutor(args, io);
      const results = await runCampaign(runs, execute, {
        name: `test ${args.test.join(' ')}`,
        out: args.out,
        junit: args.junit,
        html: args.html,
        print: io.out,
      });
      if (args.junit) io.out(`JUnit XML: ${args.junit}`);
      if (args.html) io.out(`HTML report: ${path.join(args.html, 'index.html')}`);
      return exitCode(runs, results);
    },
    io,
  );
  return code ?? 0;
}

/** `--cancel <id>` or `--resume <id>` with `--queue <url>` (and the report options). */
interface ControlArgs {
  readonly action: 'cancel' | 'resume';
  readonly campaign: string;
  readonly queue: string;
  readonly junit?: string;
  readonly html?: string;
}

/** Reads a cancel or resume command line; undefined when `argv` is a campaign. */
function controlCommand(argv: readonly string[]): ControlArgs | undefined {
  if (!argv.includes('--cancel') && !argv.includes('--resume')) return undefined;
  const { values, positionals } = parseCommandLine(argv, {
    options: {
      cancel: { type: 'string' },
      resume: { type: 'string' },
      queue: { type: 'string' },
      junit: { type: 'string' },
      html: { type: 'string' },
    },
    positionals: [0, 0],
  });
  if (positionals.length) throw new UsageError('--cancel and --resume take no test words');
  if ((values.cancel === undefined) === (values.resume === undefined))
    throw new UsageError('give one of --cancel <id> and --resume <id>');
  if (values.queue === undefined) throw new UsageError('--cancel and --resume need --queue <url>');
  return {
    action: values.cancel !== undefined ? 'cancel' : 'resume',
    campaign: (values.cancel ?? values.resume)!,
    queue: values.queue,
    junit: values.junit,
    html: values.html,
  };
}

/** Cancels or resumes a queued campaign. */
async function runControl(control: ControlArgs, io: CommandIo): Promise<number> {
  const { CampaignQueue } = await import('../testRuns/queue/campaignQueue');
  const { waitForResults } = await import('../testRuns/queue/queueCampaign');
  const queue = await CampaignQueue.open(control.queue);
  try {
    if (control.action === 'cancel') {
      const dropped = await queue.cancel(control.campaign);
      const kept = (await queue.results(control.campaign)).length;
      io.out(`campaign ${control.campaign} cancelled: ${dropped} waiting run(s) dropped, ${kept} result(s) kept`);
      return 0;
    }
    const stored = await queue.resume(control.campaign);
    io.out(`campaign ${control.campaign} resumed: ${stored.runs.length} run(s), output in ${stored.out}`);
    const results = await runCampaign(
      stored.runs,
      (runs, onResult) => waitForResults(queue, control.campaign, runs.length, onResult, 0.5),
      { name: stored.name, out: stored.out, junit: control.junit, html: control.html, print: io.out },
    );
    return exitCode(stored.runs, results);
  } finally {
    await queue.close();
  }
}

/** The local pool as an executor. */
function localExecutor(args: TestCliArgs, io: CommandIo): CampaignExecutor {
  io.out(`${args.workers} worker process(es) on this machine`);
  return (runs, onResult) =>
    new LocalPool({
      workers: args.workers,
      out: args.out,
      onResult,
      onRetry: (run, reason) => io.out(`${reason}; run ${run.index} goes to another worker`),
    }).run(runs);
}

/** The job queue as an executor (pg-boss is loaded only when asked for). */
async function queueExecutor(args: TestCliArgs): Promise<CampaignExecutor> {
  const { queueCampaign } = await import('../testRuns/queue/queueCampaign');
  return queueCampaign(args.queue!, args.out, { name: `test ${args.test.join(' ')}` });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void runTestCli(process.argv.slice(2)).then((code) => process.exit(code));
}
