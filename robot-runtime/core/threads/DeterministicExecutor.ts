/**
 * @file Steps every thread of many robots on one OS thread by simulated time. Frames are ordered by time,
 * then robot index, then thread order in the configuration; triggered threads (Cognition) run right after
 * the frame that triggers them. Nothing depends on wall-clock time, so the same seed and inputs always give
 * the same frames.
 */
import type { Message } from '../../protocol/messageQueue/Message';
import type { ManualClock } from '../Clock';
import type { Configuration } from '../config/Configuration';
import type { InjectedData } from '../module/defineModule';
import type { RobotProgram } from './RobotProgram';
import type { ThreadRunner } from './ThreadRunner';
import { schedulesFor, type ThreadSchedule } from './ThreadSchedule';

/** The host's hooks around every frame (simulator: sensor data in, debug data out). */
export interface ExecutorHooks {
  /** Called before a frame; returns the data to inject into it (sensor readings, ground truth, log data). */
  beforeFrame?(robot: number, thread: string, timeMs: number): InjectedData | undefined;
  /** Called after a frame with its outgoing debug messages. */
  afterFrame?(robot: number, thread: string, messages: Message[], timeMs: number): void;
}

/** How a robot joins the executor. */
export interface RobotEntryOptions {
  /** Per-thread schedule overrides (defaults: ThreadSchedule.defaultSchedule). */
  readonly schedules?: Readonly<Record<string, ThreadSchedule>>;
  /** Simulated time of the robot's first frames (default: the executor's current time). */
  readonly startMs?: number;
}

/** What a thread that triggers nothing triggers (one shared array: this is asked after every frame). */
const NO_FOLLOWERS: readonly ThreadRunner[] = [];

/** Longest chain of triggered threads (far more than any real configuration needs). */
const MAX_TRIGGER_DEPTH = 8;

interface PeriodicThread {
  readonly runner: ThreadRunner;
  readonly order: number;
  readonly periodMs: number;
  /** Offset of the first frame from the robot's start. */
  readonly phaseMs: number;
  /** Frames run so far; the next one is due at startMs + phaseMs + frames * periodMs (no drift from summing). */
  frames: number;
}

interface RobotEntry {
  readonly program: RobotProgram;
  readonly options: RobotEntryOptions;
  readonly startMs: number;
  periodic: PeriodicThread[];
  /** Triggering thread name -> threads to run after each of its frames, in configuration order. */
  triggered: Map<string, ThreadRunner[]>;
}

/** The simulator's executor: many robots, one OS thread, simulated time. */
export class DeterministicExecutor {
  private readonly robots: RobotEntry[] = [];

  constructor(
    private readonly clock: ManualClock,
    private readonly hooks: ExecutorHooks = {},
  ) {}

  /** Simulated time of the last frame run (or the time passed to runUntil). */
  get nowMs(): number {
    return this.clock.now();
  }

  /** Adds a robot; returns its index (its place in the frame order). */
  addRobot(program: RobotProgram, options: RobotEntryOptions = {}): number {
    const entry: RobotEntry = {
      program,
      options,
      startMs: options.startMs ?? this.clock.now(),
      periodic: [],
      triggered: new Map(),
    };
    this.schedule(entry);
    this.robots.push(entry);
    return this.robots.length - 1;
  }

  /** Reconfigures a robot between frames; returns the graph's problems (then nothing changed). */
  reconfigureRobot(robot: number, configuration: Configuration): readonly string[] {
    const entry = this.robots[robot];
    if (!entry) throw new RangeError(`no robot ${robot}`);
    const errors = entry.program.reconfigure(configuration);
    if (!errors.length) this.schedule(entry);
    return errors;
  }

  /** (Re)derives a robot's schedule from its program's current threads; frame counts of kept threads stay. */
  private schedule(entry: RobotEntry): void {
    const threads = entry.program.graph.threads;
    const schedules = schedulesFor(threads, entry.options.schedules);
    const previous = new Map(entry.periodic.map((p) => [p.runner.name, p.frames] as const));
    entry.periodic = [];
    entry.triggered = new Map();
    threads.forEach((plan, order) => {
      const runner = entry.program.thread(plan.name)!;
      const schedule = schedules.get(plan.name)!;
      if (schedule.kind === 'periodic') {
        entry.periodic.push({
          runner,
          order,
          periodMs: schedule.periodMs,
          phaseMs: schedule.phaseMs ?? 0,
          frames: previous.get(plan.name) ?? 0,
        });
      } else {
        for (const by of schedule.by) {
          const list = entry.triggered.get(by) ?? [];
          list.push(runner);
          entry.triggered.set(by, list);
        }
      }
    });
  }

  /** The next due frame: earliest time, then lowest robot index, then thread order. */
  private next(): { robot: number; thread: PeriodicThread; time: number } | undefined {
    // Plain loops and locals: this runs before every frame of every robot (thousands of times per simulated second).
    let bestRobot = -1;
    let bestThread: PeriodicThread | undefined;
    let bestTime = Infinity;
    const robots = this.robots;
    for (let robot = 0; robot < robots.length; robot++) {
      const entry = robots[robot]!;
      const periodic = entry.periodic;
      for (let i = 0; i < periodic.length; i++) {
        const thread = periodic[i]!;
        const time = entry.startMs + thread.phaseMs + thread.frames * thread.periodMs;
        // Strictly earlier wins; robots and threads are visited in order, so ties keep that order.
        if (bestThread === undefined || time < bestTime) {
          bestRobot = robot;
          bestThread = thread;
          bestTime = time;
        }
      }
    }
    return bestThread && { robot: bestRobot, thread: bestThread, time: bestTime };
  }

  /** Runs the next due frame (and the frames it triggers). Returns false when there is nothing to run. */
  step(): boolean {
    const due = this.next();
    if (!due) return false;
    this.clock.set(due.time);
    due.thread.frames++;
    this.runFrame(due.robot, due.thread.runner, due.time);
    return true;
  }

  /** Runs every frame due before `endMs`, then sets the clock to `endMs`. Returns the number of frames run. */
  runUntil(endMs: number): number {
    let frames = 0;
    for (let due = this.next(); due && due.time < endMs; due = this.next()) {
      this.clock.set(due.time);
      due.thread.frames++;
      frames += this.runFrame(due.robot, due.thread.runner, due.time);
    }
    this.clock.set(Math.max(endMs, this.clock.now()));
    return frames;
  }

  private runFrame(robot: number, runner: ThreadRunner, time: number, depth = 0): number {
    // Triggers form chains (camera -> Cognition); a loop in overridden schedules must not recurse forever.
    if (depth > MAX_TRIGGER_DEPTH) throw new Error(`thread ${runner.name} is triggered in a loop`);
    const injected = this.hooks.beforeFrame?.(robot, runner.name, time);
    const messages = runner.runFrame(injected);
    this.hooks.afterFrame?.(robot, runner.name, messages, time);
    let frames = 1;
    for (const follower of this.robots[robot]!.triggered.get(runner.name) ?? NO_FOLLOWERS)
      frames += this.runFrame(robot, follower, time, depth + 1);
    return frames;
  }
}
