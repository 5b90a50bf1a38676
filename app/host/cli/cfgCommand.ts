import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HelpRequested, parseCommandLine } from '@robot-runtime/hosts/robot/commandLine';
import {
  ConfigError,
  parseConfig,
  writeConfig,
  type ConfigRecord,
  type ConfigStyle,
} from '@robot-runtime/protocol/configMap';

/** Where the command writes; injected so tests capture output without spawning a process. */
export interface CfgIo {
  out(text: string): void;
  err(text: string): void;
}

/** The usage text printed for bad arguments. */
export const CFG_USAGE = `usage: npm run cfg -- check <file|dir>...       report syntax errors of config maps as file:row:col: message
       npm run cfg -- fmt [--style=<s>] [--max=<n>] <file>
                                               print the canonical form; <s>: multiLine (default),
                                               singleLine, singleLineInnermost; <n>: line length (120)
Directories are searched recursively for .cfg files. Files ending in .json use the JSON-like variant.
Exit code: 0 ok, 1 errors found, 2 bad arguments.`;

const STYLES: readonly ConfigStyle[] = ['multiLine', 'singleLine', 'singleLineInnermost'];

function usage(io: CfgIo, problem: string): number {
  io.err(`cfg: ${problem}\n${CFG_USAGE}\n`);
  return 2;
}

/** Files named on the command line, with directories expanded to the .cfg files beneath them (sorted). */
function expand(path: string): string[] {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    return [path]; // reported as unreadable by the caller, with the file name the user typed
  }
  if (!isDir) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory() ? expand(join(path, e.name)) : e.name.endsWith('.cfg') ? [join(path, e.name)] : [],
    );
}

/** Reads and parses one file: its tree, or the `file:row:col: message` line to print. */
function load(file: string): { tree: ConfigRecord } | { error: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { error: `${file}:1:1: cannot read file (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
  }
  try {
    return { tree: parseConfig(text, file) };
  } catch (e) {
    if (e instanceof ConfigError) return { error: e.message };
    throw e;
  }
}

function check(paths: string[], io: CfgIo): number {
  if (paths.length === 0) return usage(io, 'check needs at least one file');
  const files = paths.flatMap(expand);
  let failed = 0;
  for (const file of files) {
    const loaded = load(file);
    if ('error' in loaded) {
      failed++;
      io.out(`${loaded.error}\n`);
    }
  }
  const count = `${files.length} file${files.length === 1 ? '' : 's'}`;
  io.out(failed ? `cfg check: ${count}, ${failed} with errors\n` : `cfg check: ${count}, no errors\n`);
  return failed ? 1 : 0;
}

function fmt(files: string[], options: { style?: string; max?: string }, io: CfgIo): number {
  const style = (options.style ?? 'multiLine') as ConfigStyle;
  if (!STYLES.includes(style)) return usage(io, `unknown style '${options.style ?? ''}'`);
  const maxLineLength = options.max === undefined ? 120 : Number(options.max);
  if (!Number.isInteger(maxLineLength) || maxLineLength <= 0)
    return usage(io, `--max needs a positive integer, got '${options.max ?? ''}'`);
  if (files.length !== 1) return usage(io, 'fmt needs exactly one file');
  const file = files[0]!;
  const loaded = load(file);
  if ('error' in loaded) {
    io.err(`${loaded.error}\n`);
    return 1;
  }
  try {
    io.out(writeConfig(loaded.tree, { style, maxLineLength, file }));
    if (style === 'singleLine') io.out('\n');
    return 0;
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    io.err(`${e.message}\n`);
    return 1;
  }
}

/**
 * The `cfg` command line: `check` and `fmt` (see CFG_USAGE). Returns the exit code instead of exiting so that
 * tests can call it directly.
 */
export function runCfg(args: readonly string[], io: CfgIo): number {
  let parsed;
  try {
    parsed = parseCommandLine(args, {
      options: { style: { type: 'string' }, max: { type: 'string' } },
      positionals: [1, Infinity],
    });
  } catch (error) {
    if (error instanceof HelpRequested) {
      io.out(`${CFG_USAGE}\n`);
      return 0;
    }
    return usage(io, error instanceof Error ? error.message : String(error));
  }
  const [command, ...rest] = parsed.positionals;
  if (command === 'check') return check(rest, io);
  if (command === 'fmt') return fmt(rest, parsed.values, io);
  if (command === 'help') {
    io.out(`${CFG_USAGE}\n`);
    return 0;
  }
  return usage(io, `unknown command '${command}'`);
}
