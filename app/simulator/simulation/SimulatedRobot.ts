/**
 * @file One controlled robot of a simulation: its robot program (threads, modules, blackboards), its body (what
 * the world injects per frame), its Debug thread (DebugHub) with the links consoles attach through, and the
 * numbers the headless run reports about it.
 */
import type { TeamMessageCodecs } from '@robot-runtime/core/module/defineModule';
import type { NeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import type { ManualClock } from '@robot-runtime/core/Clock';
import { cloneConfiguration, type Configuration } from '@robot-runtime/core/config/Configuration';
import { DebugHub } from '@robot-runtime/core/debug/DebugHub';
import { ThreadDebugger } from '@robot-runtime/core/debug/ThreadDebugger';
import { threadReads, type AnyModuleDefinition, type ModuleGraph } from '@robot-runtime/core/module/ModuleGraph';
import { RobotProgram } from '@robot-runtime/core/threads/RobotProgram';
import {
  SimulatedBody,
  type BodyIdentity,
  type RobotSenses,
} from '@robot-runtime/hosts/sim/simulatedRobot/SimulatedBody';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { allModules } from '@robot-runtime/threads/allModules';
import type { RobotDefinition } from '../scene/SceneModel';
import { ErrorHistogram } from './errorHistogram';

/** Per-robot numbers collected while running. */
export interface RobotRunStatistics {
  /** Simulated ms during which the robot's ball model had just seen the ball. */
  ballSeenMs: number;
  /** Sum and count of localization errors (mm) sampled per Cognition frame. */
  localizationErrorSum: number;
  localizationSamples: number;
  /** The same samples counted by size, for the median. */
  localizationErrors: ErrorHistogram;
  /** Team messages sent. */
  messagesSent: number;
}

/** How a simulated robot is built. */
export interface SimulatedRobotOptions {
  def: RobotDefinition;
  /** Its index in the executor (frame order). */
  index: number;
  identity: BodyIdentity;
  senses: RobotSenses;
  clock: ManualClock;
  seed: number;
  configuration: Configuration;
  parameters: (module: AnyModuleDefinition) => unknown;
  /** The configuration's team message codecs (passed to every module through its context). */
  teamMessageCodecs: TeamMessageCodecs;
  /** The configuration's neural networks (shared by every robot of a simulation). */
  neuralNetworks?: NeuralNetworks;
  /** Serialized TypeInfo (the same for every robot of a simulation). */
  typeInfo: Uint8Array;
  /** Applies a module request to this robot in the executor; returns the problems. */
  reconfigure(configuration: Configuration): readonly string[];
  /** Delivers the Debug thread's outgoing queues to whatever consoles are attached. */
  send(messages: Message[]): void;
}

/** A controlled robot in the simulation. */
export class SimulatedRobot {
  readonly name: string;
  readonly def: RobotDefinition;
  readonly index: number;
  readonly program: RobotProgram;
  readonly body: SimulatedBody;
  readonly hub: DebugHub;
  readonly statistics: RobotRunStatistics = {
    ballSeenMs: 0,
    localizationErrorSum: 0,
    localizationSamples: 0,
    localizationErrors: new ErrorHistogram(),
    messagesSent: 0,
  };
  /** Whether the robot was kicking after its last Motion frame (kicks fire on the rising edge). */
  wasKicking = false;
  /** Time of the last Cognition frame that was counted for statistics. */
  lastCountedCognition = -1;
  private readonly debuggers = new Map<string, ThreadDebugger>();
  private configuration: Configuration;
  /** The threads whose modules read the camera image, for the graph they were derived from. */
  private imageReaders: { graph: ModuleGraph; threads: Map<string, boolean> } | undefined;
  /** Each thread's execution unit, for the graph it was read from. */
  private units: { graph: ModuleGraph; byThread: Map<string, string> } | undefined;

  constructor(options: SimulatedRobotOptions) {
    this.name = options.def.name;
    this.def = options.def;
    this.index = options.index;
    this.configuration = cloneConfiguration(options.configuration);
    this.body = new SimulatedBody(options.identity, options.senses);
    this.program = new RobotProgram({
      modules: allModules,
      configuration: this.configuration,
      clock: options.clock,
      seed: options.seed,
      robot: options.def.number,
      parameters: options.parameters,
      teamMessageCodecs: options.teamMessageCodecs,
      neuralNetworks: options.neuralNetworks,
      createDebugger: (thread, clock) => {
        const dbg = new ThreadDebugger({ clock, threadName: thread });
        this.debuggers.set(thread, dbg);
        return dbg;
      },
    });
    this.hub = new DebugHub({
      threads: () => this.configuration.threads.map((t) => t.name),
      deliver: (thread, messages) => {
        const dbg = this.program.thread(thread)?.debugger;
        for (const m of messages) dbg?.handle(m);
      },
      typeInfo: () => options.typeInfo,
      modules: allModules,
      configuration: () => this.configuration,
      reconfigure: (configuration) => {
        const problems = options.reconfigure(configuration);
        if (!problems.length) this.configuration = cloneConfiguration(configuration);
        return problems;
      },
      robotName: {
        headName: this.name,
        bodyName: this.name,
        location: 'Default',
        scenario: 'Default',
        playerNumber: options.identity.playerNumber,
      },
      send: (messages) => options.send(messages),
    });
  }

  /** The configuration the robot runs now. */
  get currentConfiguration(): Configuration {
    return this.configuration;
  }

  /** Records that the executor now runs `configuration` (after a module request applied directly). */
  configurationChanged(configuration: Configuration): void {
    this.configuration = cloneConfiguration(configuration);
  }

  /** Whether debug request `name` is on in `thread` (e.g. someone watches the camera image). */
  isRequested(thread: string, name: string): boolean {
    const dbg = this.debuggers.get(thread);
    return dbg !== undefined && !dbg.requests.idle && dbg.requests.isActive(name);
  }

  /**
   * Whether the program's `thread` runs a module that reads the camera image (image-based perception after
   * `mr BallPercept BallAndPenaltyMarkPerceptor for Upper`), so that the thread needs rendered images whoever watches.
   */
  readsCameraImages(thread: string): boolean {
    const graph = this.program.graph;
    if (this.imageReaders?.graph !== graph) this.imageReaders = { graph, threads: new Map() };
    let reads = this.imageReaders.threads.get(thread);
    if (reads === undefined) this.imageReaders.threads.set(thread, (reads = threadReads(graph, thread, 'CameraImage')));
    return reads;
  }

  /**
   * The execution unit threads.cfg gives `thread` (Perception, Cognition, Motion, …): what the simulator exchanges
   * with a thread follows from it, not from the thread's name.
   */
  executionUnit(thread: string): string | undefined {
    const graph = this.program.graph;
    if (this.units?.graph !== graph)
      this.units = { graph, byThread: new Map(graph.threads.map((t) => [t.name, t.executionUnit])) };
    return this.units.byThread.get(thread);
  }

  /**
   * While the simulation is paused: each thread answers what its consoles asked (polling, drawing managers, `get`)
   * as it would on its next frame, without running (ThreadDebugger.serveIdle), so a paused robot can be inspected.
   */
  serveIdle(): void {
    for (const [thread, dbg] of this.debuggers) this.threadFrame(thread, dbg.serveIdle());
  }

  /** Hands a thread's frame output to the Debug thread (framed for the consoles). */
  threadFrame(thread: string, messages: Message[]): void {
    if (messages.length) this.hub.threadFrame(thread, messages);
  }
}
