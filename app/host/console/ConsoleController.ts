/**
 * @file The global console: owns the robot consoles and the one command table, runs the global commands and
 * routes every other line to the selected robots (formats §1.1). Scripts (`call`) run here because a script may
 * select robots and address several of them.
 *
 * A global command may finish later (`sl` opening an MCAP file in slices returns a promise): until it settles, the
 * lines that follow (typed, from scripts, and the end of the start phase) are held in order, each with the script
 * context it came in, so a line after `sl` still sees the replayed robot, and the host keeps answering meanwhile.
 */
import { CommandTable } from './commands/CommandTable';
import { GLOBAL_COMMANDS } from './commands/globalCommands';
import { ROBOT_COMMANDS } from './commands/robotCommands';
import { CommandError, CommandSyntaxError, type GlobalConsole } from './commands/types';
import { Emitter, type Unsubscribe } from '@robot-runtime/core/events/Emitter';
import { errorText } from './errorText';
import { dirName, type ConsoleFiles } from './files';
import type { RobotConsole } from './RobotConsole';
import { queryAnswer } from './help';
import { MAX_SCRIPT_NESTING, resolveCall, scriptLines } from './scripts';
import { StartScriptSummary } from './startScriptSummary';
import { CommandArgs, parseLine, type ConsoleLine } from '@app/ipc/consoleLine';

/** Output of the controller: its own lines (`robot` undefined) and everything its robots print. */
export interface ControllerOutput {
  readonly text: string;
  /** The robot that printed it, if any. */
  readonly robot?: string;
}

/** Events of the controller. */
export interface ConsoleControllerEvents {
  output: ControllerOutput;
  /** `cls`. */
  clear: undefined;
  /** The robot selection changed. */
  selection: readonly string[];
}

/** A line (or the end of the start phase) held while a global command finishes, with the context it came in. */
interface HeldAction {
  readonly run: () => void;
  readonly scriptDirs: readonly string[];
  readonly scriptScope: ReadonlySet<string> | undefined;
  readonly inStartScript: boolean;
}

/** Options of the controller. */
export interface ConsoleControllerOptions {
  /** Reading scripts. */
  files: ConsoleFiles;
  /** Directory that relative script names are resolved against outside any script (B-Human: Config/Scenes). */
  scriptDir?: string;
}

/** The global console of the IDE or the command-line console. */
export class ConsoleController implements GlobalConsole {
  readonly events = new Emitter<ConsoleControllerEvents>();
  private readonly robots = new Map<string, RobotConsole>();
  private readonly robotSubscriptions = new Map<string, Unsubscribe[]>();
  private selected: string[] = [];
  private readonly files: ConsoleFiles;
  /** Directories of the scripts being executed, innermost last. */
  private readonly scriptDirs: string[] = [];
  private readonly baseScriptDir: string;
  private startScriptRunning = false;
  /** While a start script runs for some robots only: those (its `robot all` selects no others). */
  private scriptScope: ReadonlySet<string> | undefined;
  /** The global command still finishing, if any: lines wait in `held` until it settles. */
  private pending: Promise<void> | undefined;
  private readonly held: HeldAction[] = [];
  /** While a held action runs: where the actions it holds go (before those held earlier, to keep the order). */
  private holdAt: number | undefined;
  private readonly settledWaiters: (() => void)[] = [];
  /** Every command of every area; providers register theirs here (`commands.register`). */
  readonly commands = new CommandTable(GLOBAL_COMMANDS, ROBOT_COMMANDS);

  constructor(options: ConsoleControllerOptions) {
    this.files = options.files;
    this.baseScriptDir = options.scriptDir ?? '';
  }

  /** Subscribes to an event. */
  on<K extends keyof ConsoleControllerEvents>(
    event: K,
    listener: (payload: ConsoleControllerEvents[K]) => void,
  ): Unsubscribe {
    return this.events.on(event, listener);
  }

  /** Adds a robot console; the new robot becomes the selection (as B-Human selects a newly created robot). */
  addRobot(robot: RobotConsole): void {
    this.removeRobot(robot.name);
    this.robots.set(robot.name, robot);
    robot.attach(this.commands, this);
    this.robotSubscriptions.set(robot.name, [
      robot.on('output', (text) => this.events.emit('output', { text, robot: robot.name })),
      robot.on('clear', () => this.events.emit('clear', undefined)),
    ]);
    this.select([robot.name]);
  }

  /** Removes a robot console (and from the selection). */
  removeRobot(name: string): void {
    for (const unsubscribe of this.robotSubscriptions.get(name) ?? []) unsubscribe();
    this.robotSubscriptions.delete(name);
    if (this.robots.delete(name)) this.select(this.selected.filter((n) => n !== name));
  }

  /** The robot console called `name`. */
  robotConsole(name: string): RobotConsole | undefined {
    return this.robots.get(name);
  }

  /** All robot consoles in the order they were added. */
  get allRobots(): RobotConsole[] {
    return [...this.robots.values()];
  }

  /** Names of all robots in the order they were added. */
  get robotNames(): string[] {
    return [...this.robots.keys()];
  }

  /** A robot's scene number, if it has one. */
  robotNumber(name: string): number | undefined {
    return this.robots.get(name)?.robotNumber;
  }

  /** Names of the selected robots. */
  get selection(): readonly string[] {
    return this.selected;
  }

  /** True while a global command is finishing, lines are held, or some robot still has queued lines. */
  get busy(): boolean {
    return this.pending !== undefined || this.held.length > 0 || this.allRobots.some((r) => r.busy);
  }

  /** Resolves once no global command is finishing and no line is held (robots may still have queued lines). */
  settled(): Promise<void> {
    if (this.pending === undefined && this.held.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /** Updates every robot console (receive, poll, retry queued lines). */
  update(): void {
    for (const robot of this.allRobots) robot.update();
  }

  /**
   * Executes one console line, or holds it while a global command finishes. Never throws. Text is parsed here, once;
   * the parsed line is what goes on to the robot consoles.
   */
  execute(line: string | ConsoleLine): void {
    const parsed = parseLine(line);
    if (this.pending) this.hold(() => this.executeNow(parsed));
    else this.executeNow(parsed);
  }

  private executeNow(line: ConsoleLine): void {
    try {
      const args = CommandArgs.fromLine(line);
      const word = args.next();
      if (word === undefined) return; // empty line or comment
      // `gc ?`, `pr ?`: the values a command takes, from its grammar, once (not once per selected robot).
      const descriptor = this.commands.get(word);
      const answer =
        descriptor &&
        queryAnswer(
          descriptor,
          line.tokens.slice(1).map((t) => t.text),
        );
      if (answer !== undefined) {
        this.print(answer);
        return;
      }
      const command = this.commands.global(word);
      if (command) {
        try {
          const finishing = command.run(args, { console: this, line: line.text });
          if (finishing) this.await(finishing);
        } catch (error) {
          this.report(error);
        }
        return;
      }
      const targets = this.selected
        .filter((n) => !this.scriptScope || this.scriptScope.has(n))
        .map((n) => this.robots.get(n))
        .filter((r): r is RobotConsole => r !== undefined);
      if (targets.length === 0) {
        this.print('No robot selected!');
        return;
      }
      for (const robot of targets) robot.execute(line);
    } catch (error) {
      this.print(`Error: ${errorText(error)}`);
    }
  }

  /** Prints what a global command failed with, as the console always has. */
  private report(error: unknown): void {
    if (error instanceof CommandSyntaxError) this.print(`Syntax Error: ${error.usage}`);
    else if (error instanceof CommandError) this.print(error.message);
    else this.print(`Error: ${errorText(error)}`);
  }

  /** Holds the following lines until `finishing` settles, then runs them. */
  private await(finishing: Promise<void>): void {
    const settle = (failed: boolean, error?: unknown): void => {
      this.pending = undefined;
      if (failed) this.report(error);
      this.runHeld();
    };
    this.pending = finishing.then(
      () => settle(false),
      (error: unknown) => settle(true, error),
    );
  }

  /** Holds `run` with the script context of now (see the file comment). */
  private hold(run: () => void): void {
    const action: HeldAction = {
      run,
      scriptDirs: [...this.scriptDirs],
      scriptScope: this.scriptScope,
      inStartScript: this.startScriptRunning,
    };
    if (this.holdAt === undefined) this.held.push(action);
    else this.held.splice(this.holdAt++, 0, action);
  }

  /** Runs the held actions in order until one of them starts another command that finishes later. */
  private runHeld(): void {
    while (this.pending === undefined && this.held.length > 0) {
      const action = this.held.shift()!;
      const outer = { dirs: [...this.scriptDirs], scope: this.scriptScope, start: this.startScriptRunning };
      this.scriptDirs.splice(0, this.scriptDirs.length, ...action.scriptDirs);
      this.scriptScope = action.scriptScope;
      this.startScriptRunning = action.inStartScript;
      this.holdAt = 0;
      try {
        action.run();
      } catch (error) {
        this.print(`Error: ${errorText(error)}`);
      } finally {
        this.holdAt = undefined;
        this.scriptDirs.splice(0, this.scriptDirs.length, ...outer.dirs);
        this.scriptScope = outer.scope;
        this.startScriptRunning = outer.start;
      }
    }
    if (this.pending === undefined && this.held.length === 0)
      for (const resolve of this.settledWaiters.splice(0)) resolve();
  }

  /**
   * Runs a start script (formats §1.2): its lines are queued in the robot consoles, which run each once its data
   * has been polled; then every robot switches to direct mode.
   */
  runStartScript(path: string, robots?: readonly string[]): void {
    this.startScriptRunning = true;
    const scope = robots ? new Set(robots) : undefined;
    this.scriptScope = scope;
    // What the script names that Pitchside lacks is told once, for all robots, when the last one has run it.
    const consoles = this.allRobots.filter((r) => !scope || scope.has(r.name));
    const summary = new StartScriptSummary(
      consoles.map((r) => r.name),
      (line) => this.print(line),
    );
    for (const robot of consoles) robot.startScriptSummary = summary;
    try {
      this.executeFile(path);
    } finally {
      this.startScriptRunning = false;
      this.scriptScope = undefined;
    }
    this.endStartScript(robots);
  }

  /**
   * Ends the start phase without a script: robots switch to direct mode after the lines queued so far. `robots`
   * limits it to those (a reset restarts only the simulated robots; others stay as they are).
   */
  endStartScript(robots?: readonly string[]): void {
    if (this.pending) {
      this.hold(() => this.endStartScript(robots));
      return;
    }
    for (const robot of this.allRobots) if (!robots || robots.includes(robot.name)) robot.endOfStartScript();
  }

  /** Executes every line of a script file; relative `call`s inside resolve against its directory. */
  executeFile(path: string): void {
    if (this.scriptDirs.length >= MAX_SCRIPT_NESTING) {
      this.print('Nesting Error');
      return;
    }
    const text = this.files.readText(path);
    if (text === undefined) {
      this.print(`Error: cannot read script ${path}`);
      return;
    }
    this.scriptDirs.push(dirName(path));
    try {
      for (const line of scriptLines(text)) this.execute(line);
    } finally {
      this.scriptDirs.pop();
    }
  }

  /** Whether a start script is being executed. */
  get inStartScript(): boolean {
    return this.startScriptRunning;
  }

  /** Prints a controller line. */
  print(text: string): void {
    this.events.emit('output', { text });
  }

  /** `call <file> [<file>]`: relative names resolve against the running script's directory. */
  call(first: string, second: string | undefined): void {
    const dir = this.scriptDirs.length > 0 ? this.scriptDirs[this.scriptDirs.length - 1]! : this.baseScriptDir;
    this.executeFile(resolveCall(this.files, dir, first, second));
  }

  /** Clears the console. */
  clear(): void {
    this.events.emit('clear', undefined);
  }

  /** Makes `names` the robots that receive commands. */
  select(names: readonly string[]): void {
    this.selected = [...names];
    this.events.emit('selection', this.selected);
  }
}
