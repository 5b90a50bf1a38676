/**
 * @file Reading a simulator command's arguments from the console's tokens, failing with a typed error (missing,
 * not a number, left over) that names the command's usage.
 */
import type { CommandArgs } from '@app/ipc/consoleLine';
import { fail } from './commandResult';

/** The next word, or a `missingArgument` failure naming `what` (e.g. `<objectPath>`). */
export function requiredWord(args: CommandArgs, usage: string, what: string): string {
  const word = args.next();
  if (word === undefined) fail('missingArgument', `missing ${what}`, usage);
  return word;
}

/** Parses a number as the console writes them: a finite decimal, nothing else. */
export function parseNumber(word: string): number | undefined {
  const value = Number(word);
  return word.trim() !== '' && Number.isFinite(value) ? value : undefined;
}

/** The next word as a number, or a `missingArgument` / `badNumber` failure naming `what`. */
export function requiredNumber(args: CommandArgs, usage: string, what: string): number {
  const word = requiredWord(args, usage, what);
  const value = parseNumber(word);
  if (value === undefined) fail('badNumber', `${what} must be a number, not '${word}'`, usage);
  return value;
}

/** The next words as numbers when there are any: none, or all of `whats` (e.g. an optional rotation). */
export function optionalNumbers(args: CommandArgs, usage: string, whats: readonly string[]): number[] | undefined {
  if (args.done) return undefined;
  return whats.map((what) => requiredNumber(args, usage, what));
}

/** Fails with `syntax` when words are left after the command's last argument. */
export function noMore(args: CommandArgs, usage: string): void {
  if (!args.done) fail('syntax', `unexpected '${args.peek()}'`, usage);
}

/** The next word when it is one of `choices`; a `missingArgument` or `syntax` failure otherwise. */
export function requiredChoice<T extends string>(
  args: CommandArgs,
  usage: string,
  choices: readonly T[],
  what: string,
): T {
  const word = requiredWord(args, usage, what);
  if (!(choices as readonly string[]).includes(word)) fail('syntax', `${what} must be ${choices.join(' | ')}`, usage);
  return word as T;
}
