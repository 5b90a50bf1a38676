/**
 * @file `pitchside test (game <runs> | situation <runs> <timeout>) [<con file>] [fuz …] [<target expression>]
 * [--scene <file>] [--workers <n>] [--queue <url>] [--junit <file>] [--html <dir>] [--out <dir>] [--seed <n>]
 * [--variant "<name>: <line>"]… [--set <line>]…`: a test campaign (docs/testing.md). The runs go to a pool of
 * worker processes on this machine (one per core unless --workers says otherwise) or, with --queue, to the job
 * queue's workers on any number of machines (`pitchside worker --queue <url>`). Exit code 0 when every run
 * passed, 1 when one failed, 2 for a usage error.
 */
import path from 'node:path';
import { commandOf, parseCommandLine, runAsEntry, UsageError } from '@robot-runtime/hosts/robot/commandLine';
import { DEFAULT_CONFIG_ROOT } from '../../simulator/simulation/robotConfig';
import { parseCampaignArgs, type CampaignArgs } from '../testRuns/campaign/campaignArgs';
import { exitCode, runCampaign, type CampaignExecutor } from '../testRuns/campaign/runCampaign';
import { startCampaign } from '../testRuns/campaign/startCampaign';
import { stampedTestDir, testLogRoot } from '../testRuns/testLogDir';
import { TEST_HELP } from '../testRuns/testSpec';

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

/** Reads the command line with the command line's defaults; throws UsageError or HelpRequested. */
export function parseTestCli(argv: readonly string[]): CampaignArgs {
  return parseCampaignArgs(argv, {
    scene: path.join(ROOT, 'scenes', 'GameFast.ros3'),
    configRoot: DEFAULT_CONFIG_ROOT,
    out: () => stampedTestDir(testLogRoot(DEFAULT_CONFIG_ROOT), 'campaign'),
  });
}

/**
 * Runs the campaign of `argv`; resolves with the exit code. `executor` executes the runs (default: the local pool,
 * or the queue with --queue).
 */
export const runTestCli = commandOf(
  TEST_CLI_USAGE,
  async (argv, io, executor?: (args: CampaignArgs) => Promise<CampaignExecutor>) => {
    const control = controlCommand(argv);
    if (control) return runControl(control, io.out);
    const { runs, results } = await startCampaign(parseTestCli(argv), { root: ROOT, print: io.out, executor });
    return exitCode(runs, results);
  },
);

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

/** Cancels or resumes a queued campaign, printing with `print` as a campaign does. */
async function runControl(control: ControlArgs, print: (line: string) => void): Promise<number> {
  const { CampaignQueue } = await import('../testRuns/queue/campaignQueue');
  const { waitForResults } = await import('../testRuns/queue/queueCampaign');
  const queue = await CampaignQueue.open(control.queue);
  try {
    if (control.action === 'cancel') {
      const dropped = await queue.cancel(control.campaign);
      const kept = (await queue.results(control.campaign)).length;
      print(`campaign ${control.campaign} cancelled: ${dropped} waiting run(s) dropped, ${kept} result(s) kept`);
      return 0;
    }
    const stored = await queue.resume(control.campaign);
    print(`campaign ${control.campaign} resumed: ${stored.runs.length} run(s), output in ${stored.out}`);
    const results = await runCampaign(
      stored.runs,
      (runs, onResult) => waitForResults(queue, control.campaign, runs.length, onResult, 0.5),
      { name: stored.name, out: stored.out, junit: control.junit, html: control.html, print },
    );
    return exitCode(stored.runs, results);
  } finally {
    await queue.close();
  }
}

runAsEntry(import.meta.url, TEST_CLI_USAGE, runTestCli);
