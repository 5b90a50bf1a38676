/**
 * @file A variant of a replayed log: a window of frames and the `set` / `mr` lines it is run again with, and its
 * file, which is small text in the style of a console script so that it reads like what a user would type:
 *
 *     # Pitchside log variant
 *     window 120 900
 *     set module:SelfLocator odometryTranslationVariance = 2000;
 *     for Cognition mr BallModel BallLocator
 *
 * A variant names no log, so one saved on one robot's log re-runs on any other. Reading bounds the file's size, its
 * number of lines and their length before it keeps anything, and names the line of every problem.
 */
import { tokenizeLine } from '@app/ipc/consoleLine';

/** A window of a log and the changes it is run again with. */
export interface LogVariant {
  /** The variant's name (letters, digits, `_`): the variant robot is called `<robot>_<name>`. */
  readonly name: string;
  /** First frame of the window (the variant starts from the exact state before it). */
  readonly from: number;
  /** Last frame of the window (inclusive). */
  readonly to: number;
  /** `set` and `mr` lines (optionally after `for <thread> {<thread>}`), applied in order before the window runs. */
  readonly lines: readonly string[];
}

/** Largest variant file read (bytes). */
export const MAX_VARIANT_FILE_BYTES = 64 * 1024;
/** Most `set` / `mr` lines in one variant. */
export const MAX_VARIANT_LINES = 256;
/** Longest line of a variant (characters; a `set` of a large parameter object fits). */
export const MAX_VARIANT_LINE = 8192;
/** The first line of a saved variant. */
const HEADER = '# Pitchside log variant: the window of frames, then the set and mr lines it runs with';

/** A problem with a variant's text or definition. */
export class VariantError extends Error {
  override name = 'VariantError';
}

/** Whether `name` can name a variant (it becomes part of a robot name). */
export function isVariantName(name: string): boolean {
  return /^[A-Za-z0-9_]{1,64}$/.test(name);
}

/**
 * The command of a variant line without its `for` prefix (`set` or `mr`), checked for form: it must change
 * something (listings such as `mr ?` and `set ?` are refused). Throws VariantError.
 */
export function variantLineCommand(line: string): 'set' | 'mr' {
  if (line.length > MAX_VARIANT_LINE) throw new VariantError(`a line longer than ${MAX_VARIANT_LINE} characters`);
  const words = tokenizeLine(line).tokens.map((t) => t.text);
  let i = 0;
  if (words[0] === 'for') {
    i = 1;
    while (i < words.length && words[i] !== 'set' && words[i] !== 'mr') i++;
    if (i === 1) throw new VariantError(`'for' needs a thread: ${line}`);
  }
  const command = words[i];
  const args = words.slice(i + 1);
  if (command !== 'set' && command !== 'mr')
    throw new VariantError(`a variant holds set and mr lines only, not: ${line}`);
  const changes =
    command === 'set' ? args.length >= 2 && args[0] !== '?' : args.length === 2 && args[1] !== '?' && args[0] !== '?';
  if (!changes) throw new VariantError(`'${line}' changes nothing (set <key> <data> | mr <rep> (<module> | off))`);
  return command;
}

/** Checks a whole variant; returns it, or throws VariantError. */
export function checkVariant(variant: LogVariant): LogVariant {
  if (!isVariantName(variant.name))
    throw new VariantError(`'${variant.name}' cannot name a variant (letters, digits and _, at most 64)`);
  const { from, to } = variant;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from)
    throw new VariantError(`the window ${from} … ${to} is not a range of frames`);
  if (variant.lines.length > MAX_VARIANT_LINES) throw new VariantError(`more than ${MAX_VARIANT_LINES} lines`);
  for (const line of variant.lines) variantLineCommand(line);
  return variant;
}

/** The text of a saved variant. */
export function formatVariant(variant: LogVariant): string {
  return [HEADER, `window ${variant.from} ${variant.to}`, ...variant.lines].join('\n') + '\n';
}

/** Reads the text of a variant file as variant `name`; throws VariantError naming the line of the first problem. */
export function parseVariant(name: string, text: string): LogVariant {
  if (text.length > MAX_VARIANT_FILE_BYTES)
    throw new VariantError(`a variant file holds at most ${MAX_VARIANT_FILE_BYTES} bytes`);
  let window: [number, number] | undefined;
  const lines: string[] = [];
  const rows = text.split(/\r?\n/);
  for (let row = 0; row < rows.length; row++) {
    const line = rows[row]!.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('//')) continue;
    const at = (problem: string) => new VariantError(`line ${row + 1}: ${problem}`);
    const words = line.split(/\s+/);
    if (words[0] === 'window') {
      if (window) throw at('a second window');
      const [from, to] = [Number(words[1]), Number(words[2])];
      if (words.length !== 3 || !Number.isInteger(from) || !Number.isInteger(to))
        throw at(`'window <from> <to>' with two frame numbers, not: ${line}`);
      window = [from, to];
      continue;
    }
    if (lines.length >= MAX_VARIANT_LINES) throw at(`more than ${MAX_VARIANT_LINES} set and mr lines`);
    try {
      variantLineCommand(line);
    } catch (e) {
      throw at((e as Error).message);
    }
    lines.push(line);
  }
  if (!window) throw new VariantError("the variant has no 'window <from> <to>' line");
  try {
    return checkVariant({ name, from: window[0], to: window[1], lines });
  } catch (e) {
    throw new VariantError(`${name}: ${(e as Error).message}`);
  }
}
