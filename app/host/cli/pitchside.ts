/**
 * @file `pitchside <command> [arguments]` (the package's `bin`): one entry point for every command-line tool. It
 * runs the command's entry file as if it had been started directly, so each keeps its own options, `--help` and
 * exit codes (0 ok, 1 failure, 2 wrong arguments).
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  parseCommandLine,
  runCommand,
  UsageError,
  type CommandIo,
  processIo,
  runAsEntry,
} from '@robot-runtime/hosts/robot/commandLine';

/** Sub-commands and what each does; a command's entry file is `./<name>.ts` unless ELSEWHERE names another. */
export const COMMANDS = {
  start: 'the IDE (Electron, or the browser mode)',
  robot: 'one standalone robot serving the debug link',
  console: 'a robot console over TCP',
  sim: 'a headless simulation (optionally recording logs)',
  test: 'a test campaign: many game or situation runs on all cores (or a job queue)',
  worker: "a worker of the test campaigns' job queue",
  log: 'log files: info, index, trim, export to MCAP',
  cfg: 'check and format config maps',
  deploy: 'bundle the runtime and copy it to a robot',
  bench: 'benchmarks with same-run baselines',
  soak: 'a whole game headless, checking its invariants every second',
  fuzz: 'fuzz every decoder, then soak a robot with hostile input',
} as const;

/** The entry files that do not sit beside this file under the command's name (relative to this file). */
const ELSEWHERE: Partial<Record<keyof typeof COMMANDS, string>> = {
  start: '../../web/start.ts',
  robot: '../../../robot-runtime/hosts/robot/main.ts',
  bench: '../bench/runAll.ts',
  fuzz: '../fuzz/cli.ts',
};

/** The usage text. */
export const PITCHSIDE_USAGE = `Usage: pitchside <command> [arguments]   (pitchside <command> --help for its options)
${Object.entries(COMMANDS)
  .map(([name, what]) => `  ${name.padEnd(8)} ${what}`)
  .join('\n')}`;

/** The entry file of `argv`'s command and the arguments for it; throws UsageError or HelpRequested. */
export function resolveCommand(argv: readonly string[]): { entry: string; args: string[] } {
  const [command, ...args] = argv;
  if (command === undefined || command.startsWith('-')) {
    parseCommandLine(command === undefined ? [] : [command], { options: {} });
    throw new UsageError('a command is missing');
  }
  if (!Object.hasOwn(COMMANDS, command)) throw new UsageError(`unknown command '${command}'`);
  const file = ELSEWHERE[command as keyof typeof COMMANDS] ?? `./${command}.ts`;
  return { entry: fileURLToPath(new URL(file, import.meta.url)), args };
}

/** Runs the command of `argv` in this process. Resolves with an exit code only for a wrong command line. */
export async function runPitchside(argv: readonly string[], io: CommandIo = processIo): Promise<number | undefined> {
  let resolved: { entry: string; args: string[] } | undefined;
  const code = await runCommand(
    PITCHSIDE_USAGE,
    () => {
      resolved = resolveCommand(argv);
    },
    io,
  );
  if (code !== undefined || !resolved) return code;
  // The entry file runs its own main when it is process.argv[1].
  process.argv = [process.argv[0]!, resolved.entry, ...resolved.args];
  await import(pathToFileURL(resolved.entry).href);
  return undefined;
}

runAsEntry(import.meta.url, PITCHSIDE_USAGE, runPitchside);
