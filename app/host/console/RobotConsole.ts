/**
 * @file The console of one robot: turns command lines into debug messages and the robot's messages into text and
 * view data. Lines run in order from a queue; a line whose data is not there yet (polling unfinished, `get`
 * awaiting its answer) stays at the head and is retried on the next update, which gives B-Human's start-script
 * behaviour (formats §1.2) and keeps a script's output in script order.
 */
import { OutBinary } from '@robot-runtime/protocol/binary';
import { encodeDebugRequest } from '@robot-runtime/protocol/messages/DebugRequest';
import { RequestNames } from '@robot-runtime/protocol/debugMessages/requestNames';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { MessageID, representationForMessageId } from '@robot-runtime/protocol/messages/MessageIDs';
import { Emitter, type Unsubscribe } from '@robot-runtime/core/events/Emitter';
import type { ConsoleFiles } from './files';
import type { ConnectionState, RobotConnection } from '@robot-runtime/protocol/link/RobotConnection';
import type { StartScriptSummary } from './startScriptSummary';
import { CommandArgs, parseLine, type ConsoleLine } from '@app/ipc/consoleLine';
import { CommandTable } from './commands/CommandTable';
import { GLOBAL_COMMANDS } from './commands/globalCommands';
import { FOR_USAGE, ROBOT_COMMANDS } from './commands/robotCommands';
import {
  CommandError,
  CommandSyntaxError,
  type CommandConsole,
  type CommandContext,
  type CommandResult,
  type GlobalConsole,
} from './commands/types';
import { errorText, suggestion } from './errorText';
import { NameCap } from './state/NameCap';
import { missingMessage, type Prerequisite } from './state/PollState';
import { RobotModel, describeMessageId } from './state/RobotModel';

/** Options of a robot console; everything has a default that suits a remote robot. */
export interface RobotConsoleOptions {
  /** File access for `get … save`, `mr save` and `msg log` (none: those commands report that they cannot). */
  files?: ConsoleFiles;
  /** The config root (`config/`) that `get … save` and `mr save` write into. */
  configRoot?: string;
  /** Milliseconds clock (injected so tests and the simulator control time). */
  now?: () => number;
  /** How long polling may take before the console gives up waiting for answers. Default 5000 ms. */
  pollTimeoutMs?: number;
  /** How long a command waits for the robot's answer (e.g. to `get`). Default 5000 ms. */
  replyTimeoutMs?: number;
  /** Ask a remote robot for its name when polling (`module:NaoProvider:robotName`). Default false. */
  requestRobotName?: boolean;
  /** Scene number of the robot (selects teamA ≤ 20 / teamB > 20 in `robot`). */
  robotNumber?: number;
  /** Runs a line the robot asks the console to execute (idConsole); default: this console executes it. */
  executeRobotLine?: (line: string) => void;
}

/** Events of a robot console. */
export interface RobotConsoleEvents {
  /** A line (or block) of console text: replies, listings, errors. */
  output: string;
  /** `cls` was executed. */
  clear: undefined;
  /** A text message (idText) from the robot, whether or not it is printed. */
  text: { thread: string; text: string };
  /** A streamed representation, decoded through the robot's TypeInfo as single-line config-map text. */
  representation: { thread: string; name: string; text: string };
  /** A frame of `thread` was completed (views repaint from the stores). */
  frame: { thread: string };
  /** Every received message, after it was applied to the model. */
  message: { thread: string; message: Message };
  /** Polling finished (or gave up). */
  polled: undefined;
  /** The link went down (`lost`) or came back after being down (`restored`). */
  link: 'lost' | 'restored';
}

/** A queued line and what its attempts have remembered. */
interface QueuedLine {
  /** Parsed once, where it entered the console; every attempt reads its tokens. */
  readonly line: ConsoleLine;
  readonly scratch: Record<string, unknown>;
  /** Time of the first attempt, undefined before it. */
  startedAt?: number;
  /** The pseudo-line that switches to direct mode. */
  readonly endOfStartScript?: boolean;
}

/** Request names that every robot understands without announcing them (formats §2.4, §10.1). */
const INFRASTRUCTURE_REQUESTS: ReadonlySet<string> = new Set([
  RequestNames.timing,
  RequestNames.annotation,
  RequestNames.keepAllMessages,
  RequestNames.moduleOrder,
  RequestNames.dataExchanged,
]);

/** Different error texts a console reports once each; later new ones are not shown. */
export const MAX_REPORTED_ERRORS = 1024;

/** The console of one robot (remote, simulated or replayed). */
export class RobotConsole implements CommandConsole {
  /** Everything learned from the robot. */
  readonly model: RobotModel;
  /** Where command output and robot data are delivered. */
  readonly events = new Emitter<RobotConsoleEvents>();
  readonly files: ConsoleFiles | undefined;
  readonly configRoot: string;
  readonly robotNumber: number | undefined;
  /** Whether idText messages are printed (`msg on|off`). */
  printMessages = true;
  /** While a start script runs: takes the refusals of names Pitchside lacks (the controller prints them once). */
  startScriptSummary: StartScriptSummary | undefined;
  /** File that idText messages are appended to (`msg log`). */
  messageLog: string | undefined;
  /** `msg disable`: incoming messages are dropped unprocessed. */
  messagesDisabled = false;
  private readonly now: () => number;
  private readonly replyTimeoutMs: number;
  private readonly pollTimeoutMs: number;
  private readonly requestRobotName: boolean;
  private readonly executeRobotLine: (line: string) => void;
  /**
   * The commands this console runs: the controller's one table once it attaches; a console without a controller
   * builds its own from the global and robot areas when it first needs one.
   */
  private table: CommandTable | undefined;
  /** The controller this console belongs to (global commands in robot lines run there). */
  private controller: GlobalConsole | undefined;
  private readonly queue: QueuedLine[] = [];
  private direct = false;
  /** The views there were when the start script was over (`field.<name>`, `image.<name>`, `plot.<name>`). */
  private scriptViews: readonly string[] = [];
  private pumping = false;
  private polledReported = true;
  private readonly reportedErrors = new Set<string>();
  /** Error texts name threads and payload details, so a hostile robot could make ever new ones. */
  private readonly reportedErrorsCap = new NameCap('different errors', MAX_REPORTED_ERRORS, (text) => this.print(text));
  /** Infrastructure requests (not in the robot's table) switched on through this console. */
  private readonly infrastructureOn = new Set<string>();
  /** The link state seen in the previous update (transitions are reported once). */
  private linkState: ConnectionState;
  /**
   * Requests that were on when the link went down (console name -> threads): switched on again once the robot,
   * which starts with everything off, has been polled after the reconnect, so every view gets its data back.
   */
  private requestsToRestore: Map<string, string[]> | undefined;

  constructor(
    /** The robot's name (as `robot <name>` selects it). */
    readonly name: string,
    readonly connection: RobotConnection,
    options: RobotConsoleOptions = {},
  ) {
    this.files = options.files;
    this.configRoot = options.configRoot ?? '';
    this.robotNumber = options.robotNumber;
    this.now = options.now ?? (() => Date.now());
    this.replyTimeoutMs = options.replyTimeoutMs ?? 5000;
    this.pollTimeoutMs = options.pollTimeoutMs ?? 5000;
    this.requestRobotName = options.requestRobotName ?? false;
    this.executeRobotLine = options.executeRobotLine ?? ((line) => this.execute(line));
    this.linkState = connection.state;
    this.model = new RobotModel(
      {
        text: (thread, text) => this.onText(thread, text),
        consoleLine: (line) => this.executeRobotLine(line),
        data: (thread, message) => this.onData(thread, message),
        frame: (thread) => this.events.emit('frame', { thread }),
        malformed: (thread, message, error) =>
          this.reportOnce(`Error: malformed ${describeMessageId(message.id)} from ${thread}: ${errorText(error)}`),
        message: (thread, message) => {
          if (this.events.has('message')) this.events.emit('message', { thread, message });
        },
        limit: (text) => this.print(text),
      },
      this.pollTimeoutMs,
    );
  }

  /** Subscribes to an event (shorthand for `events.on`). */
  on<K extends keyof RobotConsoleEvents>(event: K, listener: (payload: RobotConsoleEvents[K]) => void): Unsubscribe {
    return this.events.on(event, listener);
  }

  /** True once the start script is over: lines are then executed as typed (errors without the line). */
  get directMode(): boolean {
    return this.direct;
  }

  /**
   * The field, image and plot views the start script created (`field.<name>`, `image.<name>`, `plot.<name>`):
   * every view while the script's lines are still queued. The page opens these behind the views in front, and
   * views created later (typed) in front. A console without a start script (a replayed log) has none.
   */
  get startViews(): readonly string[] {
    return !this.direct && this.queue.some((e) => e.endOfStartScript) ? this.viewKeys() : this.scriptViews;
  }

  private viewKeys(): string[] {
    const { views, plots } = this.model;
    return [
      ...views.fieldViews().map((v) => `field.${v.name}`),
      ...views.imageViews().map((v) => `image.${v.name}`),
      ...plots.allViews().map((v) => `plot.${v.name}`),
    ];
  }

  /** True while lines are queued (waiting for prerequisites or answers). */
  get busy(): boolean {
    return this.queue.length > 0;
  }

  /** True while a poll round is collecting answers. */
  get polling(): boolean {
    return this.model.poll.isPolling(this.model.threadCount);
  }

  /** The current time of the console's clock. */
  time(): number {
    return this.now();
  }

  /** Queues a command line (text is parsed here, once) and runs what can run now. Never throws. */
  execute(line: string | ConsoleLine): void {
    const parsed = parseLine(line);
    if (parsed.tokens.length === 0) return; // empty or comment
    this.queue.push({ line: parsed, scratch: {} });
    this.pump();
  }

  /** Ends the start script: once the lines before it have run, the console is in direct mode. */
  endOfStartScript(): void {
    this.queue.push({ line: parseLine(''), scratch: {}, endOfStartScript: true });
    this.pump();
  }

  /**
   * Processes what arrived from the robot, starts the first poll once the link is up, and retries queued lines.
   * Call it regularly (the CLI every few ms, the simulator once per step). Never throws.
   */
  update(): void {
    try {
      this.followLinkState();
      const received = this.connection.receive();
      if (!this.messagesDisabled) for (const message of received) this.model.apply(message);
      if (this.connection.state === 'connected' && this.model.poll.startedAt === undefined) this.poll();
      if (this.model.poll.checkTimeout(this.now(), this.model.threadCount)) this.reportPollTimeout();
      if (!this.polledReported && !this.polling) {
        this.polledReported = true;
        this.restoreRequests();
        this.events.emit('polled', undefined);
      }
      this.pump();
    } catch (error) {
      this.print(`Error: ${errorText(error)}`);
    }
  }

  /**
   * Reports the link going down and coming back. While it is down, the requests that were on are remembered and
   * polling starts over once it is up again (the robot may have restarted with other requests and managers).
   */
  private followLinkState(): void {
    const state = this.connection.state;
    const previous = this.linkState;
    if (state === previous) return;
    this.linkState = state;
    if (previous === 'connected') {
      this.requestsToRestore ??= this.enabledRequests();
      this.model.poll.reset();
      this.print(`Connection to ${this.name} lost${this.connection.error ? `: ${this.connection.error}` : ''}`);
      this.events.emit('link', 'lost');
    } else if (state === 'connected' && this.requestsToRestore) {
      this.print(`Connection to ${this.name} restored`);
      this.events.emit('link', 'restored');
    }
  }

  /** Requests switched on now, by console name, with the threads they are on in. */
  private enabledRequests(): Map<string, string[]> {
    const on = new Map<string, string[]>();
    for (const r of this.model.requests.all()) if (r.enabledIn.size > 0) on.set(r.translated, [...r.enabledIn]);
    for (const name of this.infrastructureOn) on.set(name, []);
    return on;
  }

  /** After the poll that follows a reconnect: switches the remembered requests on again where they still exist. */
  private restoreRequests(): void {
    const restore = this.requestsToRestore;
    if (!restore || this.connection.state !== 'connected') return;
    this.requestsToRestore = undefined;
    for (const [translated, threads] of restore) {
      if (INFRASTRUCTURE_REQUESTS.has(translated)) {
        this.sendDebugRequest(translated, true);
        continue;
      }
      const request = this.model.requests.get(translated);
      if (!request) continue;
      const known = threads.filter((t) => request.threads.includes(t));
      this.sendDebugRequest(
        request.name,
        true,
        known.length > 0 && known.length < request.threads.length ? known : undefined,
      );
      this.model.requests.setEnabled(translated, true, known.length > 0 ? known : undefined);
    }
  }

  /** Starts a poll round: asks for type info, module table, debug request names and drawing managers. */
  poll(): void {
    this.model.requests.clear();
    this.model.poll.start(this.now());
    this.polledReported = false;
    const names: string[] = [];
    if (this.requestRobotName) names.push(RequestNames.robotName);
    names.push(
      RequestNames.typeInfo,
      RequestNames.moduleTable,
      RequestNames.poll,
      RequestNames.drawingManager,
      RequestNames.drawingManager3D,
    );
    this.connection.send(names.map((n) => debugRequestMessage(n, true)));
  }

  /** Prints console text. */
  print(text: string): void {
    this.events.emit('output', text);
  }

  /** Emits `clear` (the `cls` command). */
  clear(): void {
    this.events.emit('clear', undefined);
  }

  /**
   * Sends messages, each preceded by `idThread <thread>` for every thread in `threads`, so that only those threads
   * receive it (formats §2.4); without threads each message goes to all threads.
   */
  sendToThreads(messages: readonly Message[], threads?: readonly string[]): void {
    if (!threads) {
      this.connection.send(messages);
      return;
    }
    const out: Message[] = [];
    for (const thread of threads) for (const m of messages) out.push(threadMessage(thread), m);
    this.connection.send(out);
  }

  /** Sends a debug request (robot spelling) to `threads` (all when undefined). */
  sendDebugRequest(name: string, enable: boolean, threads?: readonly string[]): void {
    this.sendToThreads([debugRequestMessage(name, enable)], threads);
  }

  /** Whether a request (console spelling) is switched on in some thread, as far as this console switched it. */
  isRequestOn(translated: string): boolean {
    return this.infrastructureOn.has(translated) || (this.model.requests.get(translated)?.enabledIn.size ?? 0) > 0;
  }

  /**
   * Switches a request given in console spelling and records it. Throws CommandError when the robot never
   * announced it (in `threads`, when given).
   */
  switchRequest(translated: string, enable: boolean, threads?: readonly string[]): void {
    const request = this.model.requests.get(translated);
    if (!request) {
      if (INFRASTRUCTURE_REQUESTS.has(translated)) {
        this.sendDebugRequest(translated, enable, threads);
        if (enable) this.infrastructureOn.add(translated);
        else this.infrastructureOn.delete(translated);
        return;
      }
      throw new CommandError(
        `Unknown debug request: ${translated}${suggestion(this.model.requests.list(), translated)}`,
      );
    }
    if (threads) {
      const missing = threads.filter((t) => !request.threads.includes(t));
      if (missing.length > 0)
        throw new CommandError(
          `Debug request ${translated} is not known in thread ${missing.join(', ')} (known in ${request.threads.join(', ')})`,
        );
    }
    this.sendDebugRequest(request.name, enable, threads);
    this.model.requests.setEnabled(translated, enable, threads);
  }

  /**
   * Checks prerequisites: `ready` when all are there, `wait` while some are still being polled for; throws
   * CommandError when one never arrived.
   */
  need(...prerequisites: Prerequisite[]): 'ready' | 'wait' {
    if (this.connection.state === 'disconnected')
      throw new CommandError(
        `${this.name} is not connected${this.connection.error ? ` (${this.connection.error})` : ''}`,
      );
    let wait = false;
    for (const p of prerequisites) {
      const status = this.model.status(p);
      if (status === 'missing') {
        if (this.model.poll.startedAt === undefined)
          wait = true; // not connected yet: polling will start
        else throw new CommandError(`Error: ${missingMessage(p)}`);
      }
      if (status === 'pending') wait = true;
    }
    return wait ? 'wait' : 'ready';
  }

  /** Threads a command applies to: those of `for`, else `fallback` (e.g. the threads announcing a request). */
  targetThreads(ctx: CommandContext, fallback: readonly string[]): string[] {
    return ctx.threads ? [...ctx.threads] : [...fallback];
  }

  /**
   * Makes this console look commands up in the controller's table and run the global commands of its lines
   * (`echo`, `cls`, lines the robot sends) with the controller; the controller calls it when the robot is added.
   */
  attach(commands: CommandTable, controller: GlobalConsole): void {
    this.table = commands;
    this.controller = controller;
  }

  private commands(): CommandTable {
    return (this.table ??= new CommandTable(GLOBAL_COMMANDS, ROBOT_COMMANDS));
  }

  private pump(): void {
    if (this.pumping) return; // a command that executes lines (idConsole) must not re-enter
    this.pumping = true;
    try {
      while (this.queue.length > 0) {
        const entry = this.queue[0]!;
        if (entry.endOfStartScript) {
          this.direct = true;
          this.scriptViews = this.viewKeys();
          this.queue.shift();
          const summary = this.startScriptSummary;
          this.startScriptSummary = undefined;
          summary?.finished(this.name);
          continue;
        }
        entry.startedAt ??= this.now();
        const result = this.run(entry);
        if (result === 'wait') {
          if (this.now() - entry.startedAt <= this.pollTimeoutMs + this.replyTimeoutMs) break;
          this.print(`Error: no answer from ${this.name} for '${entry.line.text.trim()}'`);
        }
        this.queue.shift();
      }
    } finally {
      this.pumping = false;
    }
  }

  private run(entry: QueuedLine): CommandResult {
    const args = CommandArgs.fromLine(entry.line);
    const word = args.next()!;
    try {
      let threads: string[] | undefined;
      let commandWord = word;
      if (word === 'for') {
        const parsed = this.parseFor(args);
        if (parsed === 'wait') return 'wait';
        threads = parsed.threads;
        commandWord = parsed.command;
      }
      const command = this.commands().get(commandWord);
      if (!command) {
        this.syntaxError(entry, `unknown command '${commandWord}'`);
        return 'done';
      }
      if (threads && (command.scope === 'global' || !command.forable)) {
        this.syntaxError(entry, `'${commandWord}' cannot be used with 'for'`);
        return 'done';
      }
      if (command.scope === 'global') {
        const finishing = command.run(args, { console: this.globalConsole(), line: entry.line.text });
        // One that finishes later (`sl` of an MCAP file) reports its failure when it comes.
        finishing?.catch((error: unknown) => this.print(`Error: ${errorText(error)}`));
        return 'done';
      }
      return command.run(args, { console: this, threads, scratch: entry.scratch, line: entry.line.text });
    } catch (error) {
      if (error instanceof CommandSyntaxError) this.syntaxError(entry, error.usage);
      else if (error instanceof CommandError) {
        if (this.direct || !this.startScriptSummary?.absorb(error)) this.print(error.message);
      } else this.print(`Error: ${errorText(error)}`);
      return 'done';
    }
  }

  /** `for <thread> {<thread>} <cmd>`: the named threads (which must exist) and the command word. */
  private parseFor(args: CommandArgs): { threads: string[]; command: string } | 'wait' {
    const threads: string[] = [];
    while (!args.done && this.commands().get(args.peek()!) === undefined) threads.push(args.next()!);
    const command = args.next();
    if (threads.length === 0 || command === undefined) throw new CommandSyntaxError(FOR_USAGE);
    // Thread names come with the module table; without one (it timed out), the threads seen in frames do.
    const status = this.model.status('moduleTable');
    if (status === 'pending' || (status === 'missing' && this.model.poll.startedAt === undefined)) return 'wait';
    const known = this.model.threads;
    const unknown = threads.filter((t) => !known.includes(t));
    if (unknown.length > 0)
      throw new CommandError(`Unknown thread ${unknown.join(', ')} (threads: ${known.join(', ') || 'none known'})`);
    return { threads, command };
  }

  /**
   * The controller as a global command in this console's queue sees it: output and `cls` are this console's (so
   * they keep the queue's order); everything else is the controller's, or this console alone without one.
   */
  private globalConsole(): GlobalConsole {
    const controller = this.controller;
    return {
      commands: this.commands(),
      robotNames: controller?.robotNames ?? [this.name],
      selection: controller?.selection ?? [this.name],
      robotNumber: (name) =>
        controller ? controller.robotNumber(name) : name === this.name ? this.robotNumber : undefined,
      select: (names) => controller?.select(names),
      print: (text) => this.print(text),
      clear: () => this.clear(),
      execute: (line) => (controller ? controller.execute(line) : this.execute(line)),
      call: (first, second) => {
        if (!controller) throw new CommandError('Error: scripts run in the console controller');
        controller.call(first, second);
      },
      update: () => (controller ? controller.update() : this.update()),
    };
  }

  private syntaxError(entry: QueuedLine, detail: string): void {
    // B-Human names the line while a start script runs; in direct mode the user just typed it.
    this.print(this.direct ? `Syntax Error: ${detail}` : `Syntax Error: ${detail} in '${entry.line.text.trim()}'`);
  }

  private onText(thread: string, text: string): void {
    this.events.emit('text', { thread, text });
    if (this.printMessages) this.print(text);
    if (this.messageLog && this.files) {
      try {
        this.files.appendText(this.messageLog, `${text}\n`);
      } catch (error) {
        this.reportOnce(`Error: cannot write ${this.messageLog}: ${errorText(error)}`);
      }
    }
  }

  private onData(thread: string, message: Message): void {
    if (!this.events.has('representation')) return;
    const name = representationForMessageId(message.id)!;
    const types = this.model.types;
    // Data before the type info (a robot still sending what an earlier console asked for) waits for the next
    // frame quietly; a type info that never comes is reported by the poll timeout.
    if (!types) return;
    let text: string;
    try {
      text = types.toSingleLine(name, message.payload);
    } catch (error) {
      this.reportOnce(`Error: cannot decode ${name} from ${thread}: ${errorText(error)}`);
      return;
    }
    this.events.emit('representation', { thread, name, text });
  }

  private reportPollTimeout(): void {
    const missing = (['requests', 'typeInfo', 'moduleTable', 'drawingManagers'] as const).filter(
      (p) => this.model.status(p) !== 'ready',
    );
    if (missing.length > 0)
      this.print(`Warning: polling ${this.name} timed out: ${missing.map(missingMessage).join('; ')}`);
  }

  /** Prints an error once (streams would otherwise repeat it every frame). */
  private reportOnce(text: string): void {
    if (this.reportedErrors.has(text) || !this.reportedErrorsCap.admits(this.reportedErrors, text)) return;
    this.reportedErrors.add(text);
    this.print(text);
  }
}

/** An idDebugRequest message. */
export function debugRequestMessage(name: string, enable: boolean): Message {
  return { id: MessageID.idDebugRequest, payload: encodeDebugRequest({ name, enable }) };
}

/** An idThread message: routes the next message to `thread` only. */
export function threadMessage(thread: string): Message {
  const out = new OutBinary(4 + thread.length);
  out.string(thread);
  return { id: MessageID.idThread, payload: out.toBytes() };
}
