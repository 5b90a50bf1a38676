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

/** Sub-commands and their entry files (relative to this file). */
export const COMMANDS = {
  start: { file: '../../web/start.ts', what: 'the IDE (Electron, or the browser mode)' },
  robot: { file: '../../../robot-runtime/hosts/robot/main.ts', what: 'one standalone robot serving the debug link' },
  console: { file: './console.ts', what: 'a robot console over TCP' },
  sim: { file: './sim.ts', what: 'a headless simulation (optionally recording logs)' },
  test: { file: './test.ts', what: 'a test campaign: many game or situation runs on all cores (or a job queue)' },
  worker: { file: './worker.ts', what: "a worker of the test campaigns' job queue" },
  log: { file: './log.ts', what: 'log files: info, index, trim, export to MCAP' },
  cfg: { file: './cfg.ts', what: 'check and format config maps' },
  deploy: { file: './deploy.ts', what: 'bundle the runtime and copy it to a robot' },
  bench: { file: '../bench/runAll.ts', what: 'benchmarks with same-run baselines' },
  soak: { file: './soak.ts', what: 'a whole game headless, checking its invariants every second' },
  fuzz: { file: '../fuzz/cli.ts', what: 'fuzz every decoder, then soak a robot with hostile input' },
} as const;

/** The usage text. */
export const PITCHSIDE_USAGE = `Usage: pitchside <command> [arguments]   (pitchside <command> --help for its options)
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(8)} ${c.what}`)
  .join('\n')}`;

/** The entry file of `argv`'s command and the arguments for it; throws UsageError or HelpRequested. */
export function resolveCommand(argv: readonly string[]): { entry: string; args: string[] } {
  const [command, ...args] = argv;
  if (command === undefined || command.startsWith('-')) {
    parseCommandLine(command === undefined ? [] : [command], { options: {} });
    throw new UsageError('a command is missing');
  }
  const known = (COMMANDS as Record<string, { file: string } | undefined>)[command];
  if (!known) throw new UsageError(`unknown command '${command}'`);
  return { entry: fileURLToPath(new URL(known.file, import.meta.url)), args };
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

runAsEntry(import.meta.url, runPitchside);
