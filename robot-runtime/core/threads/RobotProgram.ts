/**
 * @file One robot's threads assembled from module declarations and a thread configuration: the graph, one
 * ThreadRunner per thread, and a triple buffer per communicating thread pair. Used directly by the
 * deterministic executor; a worker builds the same graph and keeps only its own thread.
 */
import type { Clock } from '../Clock';
import type { Configuration } from '../config/Configuration';
import type { FrameDebugger } from '../debug/FrameDebugger';
import type { TeamMessageCodecs } from '../module/defineModule';
import type { NeuralNetworks } from '../neuralNetworks/NeuralNetworks';
import {
  buildModuleGraph,
  type AnyModuleDefinition,
  type ModuleCatalog,
  type ModuleGraph,
} from '../module/ModuleGraph';
import { toCatalog } from '../module/moduleRequest';
import { ConfigurationError } from './ConfigurationError';
import { channelLayout } from './exchange/channelLayout';
import { ChannelReceiver, ChannelSender } from './exchange/RepresentationChannel';
import { InMemoryTripleBuffer, type TripleBuffer } from './exchange/TripleBuffer';
import { ThreadRunner } from './ThreadRunner';

/** What a robot is made of. */
export interface RobotProgramOptions {
  readonly modules: readonly AnyModuleDefinition[] | ModuleCatalog;
  readonly configuration: Configuration;
  readonly clock: Clock;
  readonly seed?: number;
  /** Index of the robot (separates the random streams of robots sharing a seed). */
  readonly robot?: number;
  /** The debugger of a thread (called once per thread name). */
  createDebugger(threadName: string, clock: Clock): FrameDebugger;
  /** A fresh parameter value per module instance; code defaults when omitted. */
  readonly parameters?: (module: AnyModuleDefinition) => unknown;
  readonly messageIdFor?: (representation: string) => number | undefined;
  /** The host's team message codecs (none by default). */
  readonly teamMessageCodecs?: TeamMessageCodecs;
  /** The host's neural networks (none by default). */
  readonly neuralNetworks?: NeuralNetworks;
  /** The buffer between two threads; in-memory by default. */
  readonly createBuffer?: (from: string, to: string) => TripleBuffer;
}

/** One exchange buffer between two threads. */
export interface ProgramChannel {
  readonly from: string;
  readonly to: string;
  readonly buffer: TripleBuffer;
}

/** A robot's threads, ready to be stepped by an executor. */
export class RobotProgram {
  private runners = new Map<string, ThreadRunner>();
  private currentGraph!: ModuleGraph;
  private readonly catalog: ModuleCatalog;
  private readonly debuggers = new Map<string, FrameDebugger>();
  private configuration: Configuration;
  private exchange: readonly ProgramChannel[] = [];

  /** Throws ConfigurationError listing every problem when the configuration is not usable. */
  constructor(private readonly options: RobotProgramOptions) {
    this.catalog = toCatalog(options.modules);
    this.configuration = options.configuration;
    const errors = this.reconfigure(options.configuration);
    if (errors.length) throw new ConfigurationError(errors);
  }

  get graph(): ModuleGraph {
    return this.currentGraph;
  }

  /** Runners in configuration order. */
  get threads(): ThreadRunner[] {
    return this.currentGraph.threads.map((p) => this.runners.get(p.name)!);
  }

  /** The exchange buffers between threads, in the order the configuration's channel layout gives. */
  get channels(): readonly ProgramChannel[] {
    return this.exchange;
  }

  /** The runner of `name`, or undefined. */
  thread(name: string): ThreadRunner | undefined {
    return this.runners.get(name);
  }

  /**
   * Applies a new configuration between frames (after `mr`). Returns the graph's problems; when there are any,
   * nothing changes. Exchange buffers are recreated: data in flight is dropped, blackboards keep their values.
   */
  reconfigure(configuration: Configuration): readonly string[] {
    const graph = buildModuleGraph(this.catalog, configuration);
    if (graph.errors.length) return graph.errors;
    const senders = new Map<string, ChannelSender[]>();
    const receivers = new Map<string, ChannelReceiver[]>();
    const exchange: ProgramChannel[] = [];
    for (const channel of channelLayout(graph)) {
      const buffer = this.options.createBuffer?.(channel.from, channel.to) ?? new InMemoryTripleBuffer();
      exchange.push({ from: channel.from, to: channel.to, buffer });
      push(senders, channel.from, new ChannelSender(channel.to, channel.entries, buffer));
      push(receivers, channel.to, new ChannelReceiver(channel.from, channel.entries, buffer));
    }
    const next = new Map<string, ThreadRunner>();
    for (const plan of graph.threads) {
      const wiring = { graph, plan, senders: senders.get(plan.name) ?? [], receivers: receivers.get(plan.name) ?? [] };
      const existing = this.runners.get(plan.name);
      if (existing) {
        existing.reconfigure(wiring);
        next.set(plan.name, existing);
      } else {
        next.set(plan.name, new ThreadRunner({ ...wiring, ...this.runnerOptions(plan.name) }));
      }
    }
    this.runners = next;
    this.exchange = exchange;
    this.currentGraph = graph;
    this.configuration = configuration;
    return [];
  }

  /**
   * Starts every thread afresh, as when the robot started: new module instances (their state is dropped), empty
   * blackboards and exchange buffers, frame numbers from 0. The configuration and each thread's debugger (its
   * requests and modifications) are kept. A log replay restarts when it plays from the log's first frame again, so
   * that a second play computes what the first did.
   */
  restart(): void {
    this.runners = new Map();
    this.reconfigure(this.configuration);
  }

  private runnerOptions(threadName: string) {
    let dbg = this.debuggers.get(threadName);
    if (!dbg) this.debuggers.set(threadName, (dbg = this.options.createDebugger(threadName, this.options.clock)));
    return {
      debugger: dbg,
      clock: this.options.clock,
      seed: this.options.seed,
      robot: this.options.robot,
      parameters: this.options.parameters,
      messageIdFor: this.options.messageIdFor,
      teamMessageCodecs: this.options.teamMessageCodecs,
      neuralNetworks: this.options.neuralNetworks,
    };
  }
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
