/**
 * @file The contract between the robot console and its commands. A command runs against the console and either
 * finishes or asks to be run again later (`wait`): that is how a line waits for polling to finish or for the
 * robot's answer to `get`, without blocking and without losing its place in the queue.
 */
import type { CommandArgs } from '../tokenizer';
import type { RobotConsole } from '../RobotConsole';

/** `done`: the line is finished (successfully or with an error printed); `wait`: run it again later. */
export type CommandResult = 'done' | 'wait';

/** What a command knows about the line being executed. */
export interface CommandContext {
  /** The console the command runs in. */
  readonly console: RobotConsole;
  /** Threads named by `for <thread>…`, or undefined for all threads. */
  readonly threads: readonly string[] | undefined;
  /**
   * State kept across attempts of the same line (e.g. "request sent at sequence n"); empty on the first
   * attempt.
   */
  readonly scratch: Record<string, unknown>;
  /** The line as typed (for error messages). */
  readonly line: string;
}

/** A robot-console command. */
export interface RobotCommand {
  /** The command word. */
  readonly name: string;
  /** Whether `for <thread>… <name>` may prefix it. */
  readonly forable: boolean;
  /** Runs the command on its arguments (the tokens after the command word). */
  run(args: CommandArgs, ctx: CommandContext): CommandResult;
}

/**
 * A malformed command line. Commands throw it; the console prints it in B-Human's `Syntax Error` form with the
 * command's usage, so every command reports bad arguments the same way.
 */
export class CommandSyntaxError extends Error {
  constructor(readonly usage: string) {
    super(usage);
    this.name = 'CommandSyntaxError';
  }
}

/** A clear, expected failure (unknown key, refused change) printed as-is. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}
