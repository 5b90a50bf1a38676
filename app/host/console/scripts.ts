/**
 * @file Where `call <file> [<file>]` finds its script (formats §1.2): `.con` is added to a name without extension,
 * a relative name is taken relative to the directory of the script that is running, and the optional second file
 * is tried first (a user-local override), falling back to the first.
 */
import { hasExtension, resolvePath, type ConsoleFiles } from './files';

/** Scripts may call scripts, but not deeper than this (a guard against a script calling itself). */
export const MAX_SCRIPT_NESTING = 10;

/** The script path a `call` argument stands for, relative to `dir`. */
export function scriptPath(dir: string, name: string): string {
  return resolvePath(dir, hasExtension(name) ? name : `${name}.con`);
}

/**
 * The script `call first [second]` runs: the second file if it exists, otherwise the first (whether or not it
 * exists, so that the error names the file the user asked for).
 */
export function resolveCall(files: ConsoleFiles, dir: string, first: string, second?: string): string {
  if (second !== undefined) {
    const preferred = scriptPath(dir, second);
    if (files.exists(preferred)) return preferred;
  }
  return scriptPath(dir, first);
}

/** Splits script text into lines (any line ending), keeping empty lines out. */
export function scriptLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
}
