/**
 * @file The global console: owns the robot consoles, runs the global commands (`robot`, `call`, `help`, `echo`,
 * `cls`) and routes every other line to the selected robots (facts §1.1). Scripts (`call`) run here because a
 * script may select robots and address several of them.
 */
import { Emitter, type Unsubscribe } from './Emitter';
import { dirName, type ConsoleFiles } from './files';
import { helpText } from './help';
import { errorText, type RobotConsole } from './RobotConsole';
import { MAX_SCRIPT_NESTING, resolveCall, scriptLines } from './scripts';
import { CommandArgs } from './tokenizer';

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

/** Options of the controller. */
export interface ConsoleControllerOptions {
  /** Reading scripts. */
  files: ConsoleFiles;
  /** Directory that relative script names are resolved against outside any script (B-Human: Config/Scenes). */
  scriptDir?: string;
}

/** A global command: runs with the tokens after its name. */
type GlobalCommand = (args: CommandArgs) => void;

/** The global console of the IDE or the command-line console. */
export class ConsoleController {
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
  private readonly commands = new Map<string, GlobalCommand>([
    ['call', (args) => this.call(args)],
    ['cls', (args) => this.cls(args)],
    ['echo', (args) => this.print(args.rest().map((t) => t.text).join(' '))],
    ['help', (args) => this.help(args)],
    ['?', (args) => this.help(args)],
    ['robot', (args) => this.robotCommand(args)],
  ]);

  constructor(options: ConsoleControllerOptions) {
    this.files = options.files;
    this.baseScriptDir = options.scriptDir ?? '';
  }

  /** Subscribes to an event. */
  on<K extends keyof ConsoleControllerEvents>(event: K, listener: (payload: ConsoleControllerEvents[K]) => void): Unsubscribe {
    return this.events.on(event, listener);
  }

  /** Adds a robot console; the new robot becomes the selection (as B-Human selects a newly created robot). */
  addRobot(robot: RobotConsole): void {
    this.removeRobot(robot.name);
    this.robots.set(robot.name, robot);
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

  /**
   * Registers an additional global command (e.g. `sl`, `sml` of log replay, simulator commands); replaces a
   * command of the same name. `run` gets the tokens after the command word.
   */
  addCommand(name: string, run: (args: CommandArgs) => void): void {
    this.commands.set(name, run);
  }

  /** Names of the global commands. */
  get commandNames(): string[] {
    return [...this.commands.keys()].sort();
  }

  /** Names of the selected robots. */
  get selection(): readonly string[] {
    return this.selected;
  }

  /** True while some robot still has queued lines. */
  get busy(): boolean {
    return this.allRobots.some((r) => r.busy);
  }

  /** Updates every robot console (receive, poll, retry queued lines). */
  update(): void {
    for (const robot of this.allRobots) robot.update();
  }

  /** Executes one console line. Never throws. */
  execute(line: string): void {
    try {
      const args = CommandArgs.fromLine(line);
      const word = args.next();
      if (word === undefined) return; // empty line or comment
      const command = this.commands.get(word);
      if (command) {
        command(args);
        return;
      }
      const targets = this.selected.filter((n) => !this.scriptScope || this.scriptScope.has(n)).map((n) => this.robots.get(n)).filter((r): r is RobotConsole => r !== undefined);
      if (targets.length === 0) {
        this.print('No robot selected!');
        return;
      }
      for (const robot of targets) robot.execute(line);
    } catch (error) {
      this.print(`Error: ${errorText(error)}`);
    }
  }

  /**
   * Runs a start script (facts §1.2): its lines are queued in the robot consoles, which run each once its data
   * has been polled; then every robot switches to direct mode.
   */
  runStartScript(path: string, robots?: readonly string[]): void {
    this.startScriptRunning = true;
    const scope = robots ? new Set(robots) : undefined;
    this.scriptScope = scope;
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

  private call(args: CommandArgs): void {
    const first = args.next();
    const second = args.next();
    if (first === undefined || !args.done) {
      this.print('Syntax Error: call <file> [<file>]');
      return;
    }
    const dir = this.scriptDirs.length > 0 ? this.scriptDirs[this.scriptDirs.length - 1]! : this.baseScriptDir;
    this.executeFile(resolveCall(this.files, dir, first, second));
  }

  private cls(args: CommandArgs): void {
    if (!args.done) {
      this.print('Syntax Error: cls');
      return;
    }
    this.events.emit('clear', undefined);
  }

  private help(args: CommandArgs): void {
    const pattern = args.next();
    this.print(helpText(pattern));
  }

  private robotCommand(args: CommandArgs): void {
    const words = args.rest().map((t) => t.text);
    if (words.length === 0) {
      this.print('Syntax Error: robot ? | all | teamA | teamB | <name> {<name>}');
      return;
    }
    if (words.length === 1 && words[0] === '?') {
      const names = [...this.robots.keys()];
      this.print(names.length > 0 ? names.map((n) => (this.selected.includes(n) ? `${n} *` : n)).join('\n') : 'No robots.');
      return;
    }
    if (words.length === 1 && words[0] === 'all') {
      this.select([...this.robots.keys()]);
      return;
    }
    if (words.length === 1 && (words[0] === 'teamA' || words[0] === 'teamB')) {
      const first = words[0] === 'teamA';
      this.select(this.allRobots.filter((r) => r.robotNumber !== undefined && (r.robotNumber <= 20) === first).map((r) => r.name));
      return;
    }
    const unknown = words.filter((w) => !this.robots.has(w));
    if (unknown.length > 0) {
      this.print(`Error: unknown robot ${unknown.join(', ')} (robots: ${[...this.robots.keys()].join(', ') || 'none'})`);
      return;
    }
    this.select([...new Set(words)]);
  }

  private select(names: string[]): void {
    this.selected = names;
    this.events.emit('selection', names);
  }
}
