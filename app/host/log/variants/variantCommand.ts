/**
 * @file `log variant`: define a variant of a replayed robot's log (a window and `set` / `mr` lines), run it beside
 * the original and compare, save it as a file under `Variants/` and load it again, on this log or another. The
 * words follow the `log` family's (`from`, as in `log trim from`; `save` and `load`, as `log save`/`log load`;
 * `?` lists, as `log ?` does).
 */
import fs from 'node:fs';
import nodePath from 'node:path';
import type { CommandArgs } from '@app/ipc/consoleLine';
import { hasExtension, isAbsolutePath, normalizePath } from '../../console/files';
import { CommandError, CommandSyntaxError, type CommandConsole } from '../../console/commands/types';
import type { LogSession } from '../LogSession';
import { checkVariant, formatVariant, MAX_VARIANT_FILE_BYTES, parseVariant, type LogVariant } from './logVariant';
import { followOriginal, runVariant } from './runVariant';
import { variantBook, type VariantResult } from './VariantBook';
import { variantRobot } from './variantRobot';

/** Usage of `log variant`. */
export const VARIANT_USAGE =
  'log variant ? | load <file> | <name> (from <first> to <last> | [for <thread> {<thread>}] (set | mr) … | ' +
  'run | save [<file>] | forget)';

/** Words after `log variant <name>` (for completion). */
export const VARIANT_WORDS = ['from', 'set', 'mr', 'for', 'run', 'save', 'forget'] as const;

/** Representations listed by `log variant <name> run` (the rest are counted). */
const LISTED = 20;

/** `<file>` as `log variant save|load` take it: `.variant` added, relative paths under `<configRoot>/Variants/`. */
export function resolveVariantPath(configRoot: string, file: string): string {
  const name = hasExtension(file) ? file : `${file}.variant`;
  if (isAbsolutePath(name)) return normalizePath(name);
  return normalizePath(configRoot === '' ? `Variants/${name}` : `${configRoot}/Variants/${name}`);
}

/** Runs `log variant …` (the words after `variant`) for the replayed robot of `session`. */
export function variantCommand(console: CommandConsole, session: LogSession, args: CommandArgs): void {
  const replay = session.replay;
  if (!replay) throw new CommandError('Only in replay mode (create a replay robot with sl).');
  const book = variantBook(session);
  const first = args.next();
  if (first === undefined) throw new CommandSyntaxError(VARIANT_USAGE);
  if (first === '?') {
    console.print(listing(book.variants, book.results) || 'No variants: log variant <name> from <first> to <last>');
    return;
  }
  if (first === 'load') {
    const file = args.next();
    if (file === undefined || !args.done) throw new CommandSyntaxError(VARIANT_USAGE);
    const variant = load(resolveVariantPath(console.configRoot, file));
    book.variants.set(variant.name, variant);
    book.revision++;
    console.print(`Loaded variant ${variant.name}: ${describe(variant)}`);
    return;
  }
  const name = first;
  const word = args.peek();
  const defined = book.variants.get(name);
  const existing = (): LogVariant => {
    if (!defined) throw new CommandError(`No variant ${name}: define it with log variant ${name} from <a> to <b>`);
    return defined;
  };
  const define = (variant: LogVariant) => {
    book.variants.set(name, checked(variant));
    book.revision++;
  };
  switch (word) {
    case 'from': {
      args.next();
      const from = frame(args.next(), replay.player.current);
      if (!args.accept('to')) throw new CommandSyntaxError(VARIANT_USAGE);
      const to = frame(args.next(), replay.player.current);
      if (!args.done) throw new CommandSyntaxError(VARIANT_USAGE);
      if (to >= replay.file.frameCount) throw new CommandError(`The log ends at frame ${replay.file.frameCount - 1}`);
      define({ name, from, to, lines: defined?.lines ?? [] });
      break;
    }
    case 'set':
    case 'mr':
    case 'for': {
      const variant = existing();
      define({ ...variant, lines: [...variant.lines, args.rawRest()] });
      break;
    }
    case 'run':
      args.next();
      if (!args.done) throw new CommandSyntaxError(VARIANT_USAGE);
      console.print(report(run(console, session, existing())));
      break;
    case 'save': {
      args.next();
      const file = args.next() ?? name;
      if (!args.done) throw new CommandSyntaxError(VARIANT_USAGE);
      const path = resolveVariantPath(console.configRoot, file);
      fs.mkdirSync(nodePath.dirname(path), { recursive: true });
      fs.writeFileSync(path, formatVariant(existing()));
      console.print(`Saved variant ${name} to ${path}`);
      break;
    }
    case 'forget':
      args.next();
      existing();
      book.following.get(name)?.();
      book.following.delete(name);
      book.variants.delete(name);
      book.results.delete(name);
      book.host?.remove(variantRobotName(replay.name, name));
      book.revision++;
      break;
    default:
      throw new CommandSyntaxError(VARIANT_USAGE);
  }
}

/** The robot a variant of `robot` runs in. */
export function variantRobotName(robot: string, variant: string): string {
  return `${robot}_${variant}`;
}

/** Runs `variant` on `session`'s replay: a fresh variant robot, added beside the original when the host can. */
function run(console: CommandConsole, session: LogSession, variant: LogVariant): VariantResult {
  const original = session.replay!;
  const book = variantBook(session);
  const name = variantRobotName(original.name, variant.name);
  const robot = variantRobot(original, name, console.configRoot);
  const started = performance.now();
  let result: VariantResult;
  try {
    result = { ...runVariant(original, robot, variant), robot: name, ms: performance.now() - started };
  } catch (e) {
    robot.file.close();
    throw new CommandError(`Variant ${variant.name}: ${(e as Error).message}`);
  }
  book.following.get(variant.name)?.();
  book.following.set(variant.name, followOriginal(original, robot, variant));
  book.host?.add(robot);
  book.results.set(variant.name, result);
  book.revision++;
  return result;
}

function checked(variant: LogVariant): LogVariant {
  try {
    return checkVariant(variant);
  } catch (e) {
    throw new CommandError((e as Error).message);
  }
}

function load(path: string): LogVariant {
  let text: string;
  try {
    if (fs.statSync(path).size > MAX_VARIANT_FILE_BYTES)
      throw new Error(`a variant file holds at most ${MAX_VARIANT_FILE_BYTES} bytes`);
    text = fs.readFileSync(path, 'utf8');
  } catch (e) {
    throw new CommandError(`Cannot read ${path}: ${(e as Error).message}`);
  }
  const name = nodePath.basename(path).replace(/\.[^.]*$/, '');
  try {
    return parseVariant(name, text);
  } catch (e) {
    throw new CommandError(`${path}: ${(e as Error).message}`);
  }
}

function frame(text: string | undefined, current: number): number {
  if (text === 'current') return Math.max(0, current);
  const n = Number(text);
  if (text === undefined || !Number.isInteger(n) || n < 0) throw new CommandSyntaxError(VARIANT_USAGE);
  return n;
}

function describe(variant: LogVariant): string {
  const lines = variant.lines.length ? variant.lines.join('; ') : 'no changes';
  return `frames ${variant.from} … ${variant.to}, ${lines}`;
}

function listing(variants: ReadonlyMap<string, LogVariant>, results: ReadonlyMap<string, VariantResult>): string {
  return [...variants.values()]
    .map((v) => {
      const result = results.get(v.name);
      const outcome = !result
        ? 'not run'
        : result.differsFrom === undefined
          ? 'identical'
          : `differs from frame ${result.differsFrom}`;
      return `${v.name}: ${describe(v)} (${outcome})`;
    })
    .join('\n');
}

/** What `log variant <name> run` prints: the outcome and the diff list. */
function report(result: VariantResult): string {
  const { variant } = result;
  const head =
    `Variant ${variant.name} as ${result.robot}: ${result.frames} frames (${variant.from} … ${variant.to}) in ` +
    `${(result.ms / 1000).toFixed(2)} s, started from ${result.start === 'snapshot' ? "the original's snapshot" : "the log's first frame"}: `;
  if (result.differsFrom === undefined) return `${head}byte-identical to the original`;
  const rows = result.diffs
    .slice(0, LISTED)
    .map((d) => `  ${d.thread}.${d.representation}: from frame ${d.first}, ${d.frames} frames`);
  const more = result.diffs.length > LISTED ? [`  … and ${result.diffs.length - LISTED} more`] : [];
  return [
    `${head}differs from frame ${result.differsFrom} in ${result.diffs.length} representations`,
    ...rows,
    ...more,
  ].join('\n');
}
