/**
 * @file The one argument parser of every command-line entry point (the robot here; start, console, sim, log, cfg,
 * deploy, bench and the `pitchside` dispatcher on the PC): `node:util` parseArgs with strict options, and one
 * convention for the outcome — `--help`/`-h` prints the usage on stdout and exits 0, a wrong argument prints the
 * reason and the usage on stderr and exits 2, a failure prints its message on stderr and exits 1.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The options of a command, as parseArgs takes them. */
export type CommandOptions = NonNullable<ParseArgsConfig['options']>;

/** A wrong argument (exit code 2). */
export class UsageError extends Error {}

/** `--help` was given (exit code 0 after printing the usage). */
export class HelpRequested extends Error {
  constructor() {
    super('help');
  }
}

/** What a command accepts. */
export interface CommandSpec<O extends CommandOptions> {
  options: O;
  /** Fewest and most positional arguments (default: none). */
  positionals?: readonly [min: number, max: number];
}

/** Parses `argv` against `spec`; throws HelpRequested or UsageError. */
export function parseCommandLine<O extends CommandOptions>(argv: readonly string[], spec: CommandSpec<O>) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...spec.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    if (argv.includes('--help') || argv.includes('-h')) throw new HelpRequested();
    throw new UsageError(
      (error instanceof Error ? error.message.split('\n')[0]! : String(error)).replace(
        /\. To specify a positional.*$/,
        '',
      ),
    );
  }
  if ((parsed.values as { help?: boolean }).help) throw new HelpRequested();
  const [min, max] = spec.positionals ?? [0, 0];
  const n = parsed.positionals.length;
  if (n < min)
    throw new UsageError(
      min === 1 && max === 1 ? 'an argument is missing' : `expected at least ${min} arguments, got ${n}`,
    );
  if (n > max) throw new UsageError(`unexpected argument '${parsed.positionals[max]}'`);
  return parsed;
}

/** A number option: undefined when absent, else an integer (or any finite number) or a UsageError. */
export function numberOption(
  name: string,
  value: string | boolean | undefined,
  check: (n: number) => boolean = Number.isFinite,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !check(n))
    throw new UsageError(`--${name}: '${String(value)}' is not a valid value`);
  return n;
}

/** Where a command writes. */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

/** stdout and stderr. */
export const processIo: CommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/**
 * Runs `main` under the exit-code convention. Resolves with the exit code, or undefined when `main` started
 * something that keeps running (a server): then the process stays alive.
 */
export async function runCommand(
  usage: string,
  main: () => Promise<number | void> | number | void,
  io: CommandIo = processIo,
): Promise<number | undefined> {
  try {
    const code = await main();
    return typeof code === 'number' ? code : undefined;
  } catch (error) {
    if (error instanceof HelpRequested) {
      io.out(usage);
      return 0;
    }
    if (error instanceof UsageError) {
      io.err(`error: ${error.message}\n${usage}`);
      return 2;
    }
    io.err(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/**
 * `main` as a command a test or another tool can call: it runs under the exit-code convention with `io` (stdout
 * and stderr when not given) and resolves with the exit code (undefined for a server that keeps running).
 */
export function commandOf<A extends unknown[]>(
  usage: string,
  main: (argv: readonly string[], io: CommandIo, ...more: A) => Promise<number | void> | number | void,
): (argv: readonly string[], io?: CommandIo, ...more: A) => Promise<number | undefined> {
  return (argv, io = processIo, ...more) => runCommand(usage, () => main(argv, io, ...more), io);
}

/** Exits the process with the code `done` resolves with; stays alive for undefined (a server). */
function exitWith(done: Promise<number | undefined>): void {
  void done.then((code) => {
    if (code !== undefined) process.exit(code);
  });
}

/** For an entry file: runs the command and exits with its code (stays alive for servers). */
export function runCommandAndExit(usage: string, main: () => Promise<number | void> | number | void): void {
  exitWith(runCommand(usage, main));
}

/**
 * The last line of every entry file: when the module whose `import.meta.url` is `moduleUrl` is the file node was
 * started with, runs `main` on the command line's arguments under the exit-code convention (see commandOf) and
 * exits with its code (stays alive for servers). Importing the file (a test, or `pitchside` before it starts the
 * file) runs nothing.
 */
export function runAsEntry(
  moduleUrl: string,
  usage: string,
  main: (argv: readonly string[], io: CommandIo) => Promise<number | void> | number | void,
): void {
  const entry = process.argv[1];
  if (entry !== undefined && moduleUrl === pathToFileURL(entry).href)
    exitWith(commandOf(usage, main)(process.argv.slice(2)));
}
