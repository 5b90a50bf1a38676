/**
 * @file The one shape of a console command. A descriptor names the command, says where it runs (`global`: once, in
 * the controller; `robot`: in every selected robot's console), how it is used, what it does, what its arguments
 * may be (Tab completion reads that) and whether `for <thread>…` may prefix it. `help` and completion are
 * generated from the descriptors, so a command that is registered is also documented and completed.
 *
 * A robot command either finishes or asks to be run again later (`wait`): that is how a line waits for polling
 * to finish or for the robot's answer to `get`, without blocking and without losing its place in the queue.
 * Commands see the consoles through the interfaces below, never through the classes, so the console classes
 * and the command files do not import each other.
 */
import type { ArgumentGrammar } from '@app/ipc/commandGrammar';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import type { ConsoleFiles } from '../files';
import type { RobotConnection } from '@robot-runtime/protocol/link/RobotConnection';
import type { Unsubscribe } from '@robot-runtime/core/events/Emitter';
import type { Prerequisite } from '../state/PollState';
import type { RobotModel } from '../state/RobotModel';
import type { CommandArgs, ConsoleLine } from '@app/ipc/consoleLine';

/** `done`: the line is finished (successfully or with an error printed); `wait`: run it again later. */
export type CommandResult = 'done' | 'wait';

/** What robot commands may do with the console of the robot they run for. */
export interface CommandConsole {
  /** The robot's name. */
  readonly name: string;
  /** Everything learned from the robot. */
  readonly model: RobotModel;
  readonly connection: RobotConnection;
  /** File access for `get … save`, `mr save` and `msg log` (none: those commands report that they cannot). */
  readonly files: ConsoleFiles | undefined;
  /** The config root that `get … save` and `mr save` write into. */
  readonly configRoot: string;
  /** Whether idText messages are printed (`msg on|off`). */
  printMessages: boolean;
  /** File that idText messages are appended to (`msg log`). */
  messageLog: string | undefined;
  /** `msg disable`: incoming messages are dropped unprocessed. */
  messagesDisabled: boolean;
  /** Prints console text. */
  print(text: string): void;
  /** Clears the console (`cls`). */
  clear(): void;
  /** Queues another line (e.g. the `mr` lines `log mr` generates). */
  execute(line: string | ConsoleLine): void;
  /** Starts a poll round. */
  poll(): void;
  /** The console's clock (ms). */
  time(): number;
  /** `ready` when all prerequisites arrived, `wait` while some are polled for; throws CommandError when one never came. */
  need(...prerequisites: Prerequisite[]): 'ready' | 'wait';
  /** Switches a request given in console spelling; throws CommandError when the robot never announced it. */
  switchRequest(translated: string, enable: boolean, threads?: readonly string[]): void;
  /** Whether a request (console spelling) is switched on in some thread. */
  isRequestOn(translated: string): boolean;
  /** Sends a debug request (robot spelling) to `threads` (all when undefined). */
  sendDebugRequest(name: string, enable: boolean, threads?: readonly string[]): void;
  /** Sends messages to `threads` only (all when undefined). */
  sendToThreads(messages: readonly Message[], threads?: readonly string[]): void;
  /** Threads a command applies to: those of `for`, else `fallback`. */
  targetThreads(ctx: CommandContext, fallback: readonly string[]): string[];
  /** Subscribes to the frames the robot completes (log recording). */
  on(event: 'message', listener: (payload: { thread: string; message: Message }) => void): Unsubscribe;
}

/** What a robot command knows about the line being executed. */
export interface CommandContext {
  /** The console the command runs in. */
  readonly console: CommandConsole;
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

/** The registered commands as `help` sees them (the controller's CommandTable). */
export interface CommandList {
  /** Every command, sorted by name. */
  all(): CommandDescriptor[];
}

/** What global commands may do with the controller. */
export interface GlobalConsole {
  /** Every registered command (`help` lists them). */
  readonly commands: CommandList;
  /** Names of all robots, in the order they were added. */
  readonly robotNames: readonly string[];
  /** Names of the selected robots. */
  readonly selection: readonly string[];
  /** A robot's scene number (teamA ≤ 20 < teamB), if it has one. */
  robotNumber(name: string): number | undefined;
  /** Makes `names` the robots that receive commands. */
  select(names: readonly string[]): void;
  /** Prints a controller line. */
  print(text: string): void;
  /** Clears the console. */
  clear(): void;
  /** Executes one line as if typed. */
  execute(line: string | ConsoleLine): void;
  /** Runs a script: `call <file> [<file>]`. */
  call(first: string, second: string | undefined): void;
  /** Updates every robot console (after the simulation stepped). */
  update(): void;
}

/** What a global command knows about the line being executed. */
export interface GlobalContext {
  readonly console: GlobalConsole;
  /** The line as typed. */
  readonly line: string;
}

/** What every command declares. */
interface CommandInfo {
  /** The command word. */
  readonly name: string;
  /** Other words for the same command (`?` for `help`). */
  readonly aliases?: readonly string[];
  /** Usage line(s) in SimRobot's notation; printed on syntax errors and by `help`. */
  readonly usage: string;
  /** One sentence: what the command does. */
  readonly summary: string;
  /** What its arguments may be, for Tab completion; none when it takes none (or only free text). */
  readonly args?: ArgumentGrammar;
}

/** A command that runs in the console of every selected robot. */
export interface RobotCommand extends CommandInfo {
  readonly scope: 'robot';
  /** Whether `for <thread>… <name>` may prefix it. */
  readonly forable: boolean;
  /** Runs the command on its arguments (the tokens after the command word). */
  run(args: CommandArgs, ctx: CommandContext): CommandResult;
}

/** A command that runs once, in the controller (simulation-wide, robot selection, scripts, connections). */
export interface GlobalCommand extends CommandInfo {
  readonly scope: 'global';
  /**
   * Runs the command on its arguments (the tokens after the command word). A promise means it finishes later
   * (e.g. `sl` reading an MCAP file in slices): the controller holds the following lines until it settles and
   * prints what it rejects with.
   */
  run(args: CommandArgs, ctx: GlobalContext): void | Promise<void>;
}

/** A console command. */
export type CommandDescriptor = RobotCommand | GlobalCommand;

/** A global command as a row of its area's table: the descriptor without its name (the row's key) and scope. */
export type GlobalRow = Omit<GlobalCommand, 'name' | 'scope'>;

/** The global commands of an area's table, whose keys are the command words. */
export function globalCommands(rows: Readonly<Record<string, GlobalRow>>): GlobalCommand[] {
  return Object.entries(rows).map(([name, row]) => ({ name, scope: 'global', ...row }));
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
