/**
 * @file The command-line console: `npm run console -- <host[:port]> [options] [commands… | script.con]`.
 * It connects to a robot over the debug link, polls it, runs the given commands (or a .con script, or lines from
 * stdin) and prints the replies. Streamed representations print one line per frame as
 * `[<Thread>] <Representation> <single-line config map>`, so scripts and integration tests can grep them.
 *
 * Options: `--stay` keeps the console open after the commands (interactive on a terminal); `--wait <ms>` keeps
 * streaming for a while after the commands; `--timeout <ms>` bounds connecting; `--quiet` prints no streamed data.
 * A recording (`log start`) that `log save` has not written is saved when the console leaves, also when the robot
 * died, and the path is printed.
 */
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { numberOption, parseCommandLine, runAsEntry, UsageError } from '@robot-runtime/hosts/robot/commandLine';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { DebugLinkClient } from '../transport/DebugLinkClient';
import { ConsoleController } from '../console/ConsoleController';
import { DebugLinkConnection } from '../console/connections/DebugLinkConnection';
import { NodeFiles } from '../console/nodeFiles';
import { RobotConsole } from '../console/RobotConsole';
import { logCommand, saveUnsavedRecording } from '../log/logCommands';

/** The debug link's TCP port (formats §2.1). */
const DEFAULT_PORT = 9999;

/** What the command line asks for. */
export interface ConsoleArgs {
  host: string;
  port: number;
  /** Command lines given as arguments (each argument is one line). */
  commands: string[];
  /** A .con script given instead of commands. */
  script?: string;
  /** Keep running after the commands. */
  stay: boolean;
  /** Keep streaming this long after the commands (ms). */
  waitMs: number;
  /** How long to try connecting (ms). */
  connectTimeoutMs: number;
  /** Do not print streamed data (`log start` records without printing every frame). */
  quiet?: boolean;
  /** Config folder whose Logs/ receives recordings (default the repository's config). */
  configRoot?: string;
}

/** The usage text. */
export const USAGE = `Usage: npm run console -- <host[:port]> [--stay] [--wait <ms>] [--timeout <ms>] [--quiet] [<command>… | <script.con>]
  Each <command> argument is one console line, e.g. "dr representation:BallModel" "get module:BallLocator".
  Without commands, lines are read from stdin (interactive on a terminal). Type "help" for the commands.
  --quiet does not print streamed representations and timing: "log start" then records without printing.
  Exits 1 when a command (an argument, a script's line or a line piped to stdin) was unknown or failed.`;

const OPTIONS = {
  stay: { type: 'boolean' },
  wait: { type: 'string' },
  timeout: { type: 'string' },
  quiet: { type: 'boolean' },
} as const;

/** Parses the arguments after `npm run console --`; throws UsageError (or HelpRequested) for bad input. */
export function parseConsoleArgs(
  argv: readonly string[],
  fileExists: (path: string) => boolean = existsSync,
): ConsoleArgs {
  const { values, positionals: rest } = parseCommandLine(argv, { options: OPTIONS, positionals: [1, Infinity] });
  const waitMs = numberOption('wait', values.wait, (n) => n >= 0) ?? 0;
  const connectTimeoutMs = numberOption('timeout', values.timeout, (n) => n >= 0) ?? 3000;
  const target = rest.shift()!;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(target);
  if (!match) throw new UsageError(`Bad robot address '${target}' (expected host or host:port)`);
  const host = match[1]!.replace(/^\[|\]$/g, '');
  const port = match[2] === undefined ? DEFAULT_PORT : Number(match[2]);
  if (port < 1 || port > 65535) throw new UsageError(`Bad port in '${target}'`);
  const args: ConsoleArgs = {
    host,
    port,
    commands: rest,
    stay: values.stay === true,
    waitMs,
    connectTimeoutMs,
    quiet: values.quiet === true,
  };
  if (rest.length === 1 && rest[0]!.endsWith('.con')) {
    if (!fileExists(rest[0]!)) throw new UsageError(`Script not found: ${rest[0]}`);
    return { ...args, commands: [], script: rest[0] };
  }
  return args;
}

/** The line a streamed representation prints as. */
export function formatStreamed(thread: string, name: string, text: string): string {
  return `[${thread}] ${name} ${text}`;
}

/** Runs the console; resolves with the process exit code. */
export async function runConsole(args: ConsoleArgs, io: ConsoleIo = defaultIo()): Promise<number> {
  const client = new DebugLinkClient();
  const connection = new DebugLinkConnection(client);
  const files = new NodeFiles();
  const configRoot = args.configRoot ?? fileURLToPath(new URL('../../../config', import.meta.url));
  const controller = new ConsoleController({ files, scriptDir: process.cwd() });
  controller.commands.register([logCommand]); // `log start/stop/save …`: record what the robot sends
  let failures = 0;
  controller.on('output', (o) => {
    if (/^(Error|Syntax Error|Unknown|No robot selected)/.test(o.text)) failures++;
    io.out(o.text);
  });
  const robot = new RobotConsole(args.host, connection, {
    files,
    configRoot,
    requestRobotName: true,
    // A line the robot asks for (idConsole) runs like a typed one, globally (it may select robots or call scripts).
    executeRobotLine: (line) => controller.execute(line),
  });
  // Without a listener nothing is formatted, so a quiet console records camera images at full speed.
  if (!args.quiet) robot.on('representation', (r) => io.out(formatStreamed(r.thread, r.name, r.text)));
  // With `dr timing` every frame's stopwatches print as one line (ms; names the robot has announced so far).
  robot.on('message', ({ thread, message }) => {
    if (args.quiet || message.id !== MessageID.idStopwatch) return;
    const timing = robot.model.timing;
    const last = (name: string): number => timing.history(thread, name).at(-1) ?? 0;
    io.out(
      formatStreamed(
        thread,
        'timing',
        timing
          .table(thread)
          .rows.map((s) => `${s.name}=${last(s.name).toFixed(3)}`)
          .join(' '),
      ),
    );
  });
  controller.addRobot(robot);

  const connected = await client.connect(args.host, args.port, { timeoutMs: args.connectTimeoutMs });
  if (!connected) {
    io.err(`Error: ${connection.error ?? `No connection to ${args.host}:${args.port} established`}`);
    connection.dispose();
    return 1;
  }

  let closing = false;
  let lost: ((code: number) => void) | undefined;
  const lostPromise = new Promise<number>((resolve) => (lost = resolve));
  client.on('state', ({ state, detail }) => {
    if (state === 'disconnected' && !closing) {
      io.err(`Error: connection to ${args.host}:${args.port} lost${detail ? ` (${detail})` : ''}`);
      lost?.(1);
    }
  });
  const timer = setInterval(() => controller.update(), 5);
  const close = async (code: number): Promise<number> => {
    closing = true;
    clearInterval(timer);
    controller.update(); // print what arrived last
    // A recording must survive the console leaving, above all when the robot died: the IDE keeps it, so do we.
    try {
      saveUnsavedRecording(robot);
    } catch (error) {
      io.err(`Error: could not save the recording: ${error instanceof Error ? error.message : String(error)}`);
    }
    controller.update(); // print where it went
    await client.close({ lingerMs: 500 });
    connection.dispose();
    return code;
  };
  const idle = (): Promise<void> =>
    new Promise((resolve) => {
      const check = setInterval(() => {
        if (!controller.busy && !robot.polling && robot.model.poll.startedAt !== undefined) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
  const race = async (work: Promise<unknown>): Promise<number | undefined> => {
    const result = await Promise.race([work.then(() => undefined), lostPromise]);
    return result;
  };

  const hasCommands = args.script !== undefined || args.commands.length > 0;
  if (hasCommands) {
    if (args.script !== undefined) controller.runStartScript(args.script);
    else {
      for (const line of args.commands) controller.execute(line);
      controller.endStartScript();
    }
    const code = await race(idle());
    if (code !== undefined) return close(code);
    if (args.waitMs > 0) {
      const waited = await race(new Promise((resolve) => setTimeout(resolve, args.waitMs)));
      if (waited !== undefined) return close(waited);
    }
    if (!args.stay) return close(failures > 0 ? 1 : 0);
  } else controller.endStartScript();

  const input = io.input ?? process.stdin;
  const interactive = (input as { isTTY?: boolean }).isTTY === true;
  const code = await race(readLines(controller, io, input, interactive, idle));
  // Piped lines are a script like the arguments or a .con file: a failed one fails the run. At a terminal the user
  // saw each error as it came.
  return close(code ?? (!interactive && failures > 0 ? 1 : 0));
}

/** Executes stdin line by line (with a prompt and history on a terminal) until EOF or `exit`/`quit`. */
function readLines(
  controller: ConsoleController,
  io: { out: (line: string) => void },
  input: NodeJS.ReadableStream,
  interactive: boolean,
  idle: () => Promise<void>,
): Promise<void> {
  return new Promise((resolve) => {
    const rl = createInterface({
      input,
      output: interactive ? process.stdout : undefined,
      terminal: interactive,
      historySize: 500,
      prompt: '> ',
    });
    if (interactive) rl.prompt();
    rl.on('line', (line) => {
      const trimmed = line.trim();
      if (trimmed === 'exit' || trimmed === 'quit') {
        rl.close();
        return;
      }
      controller.execute(line);
      if (interactive) rl.prompt();
    });
    rl.on('close', () => {
      // Piped input: let the last lines finish before leaving.
      void idle().then(resolve);
    });
    rl.on('SIGINT', () => {
      io.out('');
      rl.close();
    });
  });
}

/** Where the console writes, and where it reads lines from when no commands are given (default stdin). */
export interface ConsoleIo {
  out: (line: string) => void;
  err: (line: string) => void;
  input?: NodeJS.ReadableStream;
}

function defaultIo(): ConsoleIo {
  return { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };
}

runAsEntry(import.meta.url, USAGE, async (argv) => runConsole(parseConsoleArgs(argv)));
