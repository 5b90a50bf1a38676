/**
 * @file The words of a campaign as `pitchside test` and the IDE's console `test` take them: B-Human's test words
 * (`game <runs> | situation <runs> <timeout> …`) mixed with the campaign options (`--workers`, `--queue`, `--seed`,
 * `--variant`, `--set`, `--junit`, `--html`, `--out`, `--scene`), and the runs they plan. One parser for both, so a
 * line typed in the console and a command line in CI plan the same campaign.
 */
import path from 'node:path';
import { numberOption, UsageError, HelpRequested } from '@robot-runtime/hosts/robot/commandLine';
import { parseTestCommand, TestSpecError, type TestSpec } from '../testSpec';
import { codeRevision, configDigest, parseVariants, planCampaign } from './campaignPlan';
import type { CampaignRun } from './campaignRun';
import { defaultWorkers } from './LocalPool';

/** The options that take a value; every other word is part of the test (so `ballInZone -100 …` stays a zone). */
const VALUE_OPTIONS = ['scene', 'workers', 'queue', 'junit', 'html', 'out', 'seed', 'variant', 'set'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

/** The campaign options the console's `test` takes after B-Human's words (as `pitchside test` does). */
export const CAMPAIGN_OPTIONS_USAGE =
  '[--workers <n> | --queue <url>] [--seed <n>] [--variant "<name>: <console line>"]… [--set <console line>]… ' +
  '[--junit <file>] [--html <dir>] [--out <dir>]';

/** What the options do, for `test help`. */
export const CAMPAIGN_OPTIONS_HELP = `  ${CAMPAIGN_OPTIONS_USAGE}
  Runs go to a pool of worker processes (--workers, default one per core) or, with --queue postgres://…, to the job
    queue's workers (pitchside worker); --variant adds a line to a variant of a sweep, --set a line to every run;
    --junit and --html write reports, --out the folder of logs and results (docs/testing.md).`;

/** A parsed campaign. */
export interface CampaignArgs {
  /** The test words (the campaign options removed). */
  readonly test: string[];
  readonly spec: TestSpec;
  /** Absolute path of the scene. */
  readonly scene: string;
  /** Absolute path of the config folder. */
  readonly configRoot: string;
  /** Worker processes of the local pool (unused with a queue). */
  readonly workers: number;
  /** The job queue's URL; undefined runs on the local pool. */
  readonly queue: string | undefined;
  readonly junit: string | undefined;
  readonly html: string | undefined;
  /** Absolute path of the output folder. */
  readonly out: string;
  readonly seed: number;
  /** `--variant` texts (`<name>: <console line>`). */
  readonly variants: string[];
  /** `--set` lines every run gets. */
  readonly sets: string[];
}

/** What a campaign uses when its words do not say. */
export interface CampaignDefaults {
  readonly scene: string;
  readonly configRoot: string;
  /** The output folder for a test of `kind` (game or situation). */
  readonly out: (kind: string) => string;
  readonly seed?: number;
  /** The queue of the session (the IDE started with one); `--workers` or `--queue` in the words win. */
  readonly queue?: string;
  /** Folder relative paths are resolved against (default the process's working directory). */
  readonly cwd?: string;
}

/** Checks a queue URL; throws UsageError. */
function checkQueue(queue: string | undefined): void {
  if (queue !== undefined && !/^postgres(ql)?:\/\//.test(queue))
    throw new UsageError(`--queue takes a postgres://… URL, not '${queue}'`);
}

/** Reads the words of a campaign; throws UsageError or HelpRequested. */
export function parseCampaignArgs(argv: readonly string[], defaults: CampaignDefaults): CampaignArgs {
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
  if (spec.kind !== 'game' && spec.kind !== 'situation') throw new UsageError('a campaign runs game or situation');
  const workers = numberOption('workers', one('workers'), (n) => Number.isInteger(n) && n >= 1 && n <= 256);
  const seed = numberOption('seed', one('seed'), (n) => Number.isInteger(n) && n >= 0 && n < 2 ** 31);
  const given = one('queue');
  checkQueue(given);
  if (given !== undefined && workers !== undefined)
    throw new UsageError('--workers is for the local pool, not --queue');
  checkQueue(defaults.queue);
  const variants = values.get('variant') ?? [];
  try {
    parseVariants(variants);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const cwd = defaults.cwd ?? process.cwd();
  const resolve = (file: string | undefined) => (file === undefined ? undefined : path.resolve(cwd, file));
  return {
    test: words,
    spec,
    scene: resolve(one('scene')) ?? path.resolve(cwd, defaults.scene),
    configRoot: defaults.configRoot,
    workers: workers ?? defaultWorkers(),
    queue: given ?? (workers === undefined ? defaults.queue : undefined),
    junit: resolve(one('junit')),
    html: resolve(one('html')),
    out: resolve(one('out')) ?? path.resolve(cwd, defaults.out(spec.kind)),
    seed: seed ?? defaults.seed ?? 1,
    variants,
    sets: values.get('set') ?? [],
  };
}

/** The runs of a parsed campaign, planned with the revision of the checkout at `root`. */
export function planFromArgs(args: CampaignArgs, root: string, id?: string): CampaignRun[] {
  const variants = parseVariants(args.variants);
  const withSets = (lines: readonly string[]) => [...args.sets, ...lines];
  return planCampaign(
    {
      test: args.test,
      spec: args.spec,
      scene: args.scene,
      configRoot: args.configRoot,
      seed: args.seed,
      variants: variants.length
        ? variants.map((v) => ({ name: v.name, lines: withSets(v.lines) }))
        : [{ name: 'base', lines: withSets([]) }],
      id,
    },
    codeRevision(root),
    configDigest(args.scene, args.configRoot),
  );
}
