/**
 * @file Runs one thread of one robot, frame by frame: receive other threads' data, apply parameter
 * overrides, run the providers in graph order with their debug wrapping, publish shared data and hand back the
 * frame's debug messages. The same code runs inside the deterministic executor and inside a worker.
 */
import type { Message } from '../../protocol/messageQueue/Message';
import { messageIdForRepresentation } from '../../protocol/messages/MessageIDs';
import type { TypeRef } from '../../protocol/types';
import type { Clock } from '../Clock';
import type { FrameDebugger } from '../debug/FrameDebugger';
import type { RepresentationHooks } from '../representation';
import { Blackboard, type BlackboardSlot } from '../blackboard/Blackboard';
import { NO_TEAM_MESSAGE_CODECS, type InjectedData, type TeamMessageCodecs } from '../module/defineModule';
import type { AnyModuleDefinition, ModuleGraph, ThreadPlan } from '../module/ModuleGraph';
import { ChannelReceiver, publishAll, type ChannelSender } from './exchange/RepresentationChannel';
import { createModule, type LiveModule } from './moduleInstances';
import { NO_NEURAL_NETWORKS, type NeuralNetworks } from '../neuralNetworks/NeuralNetworks';

/** The wiring of a thread: which plan it runs and its exchange ends. Replaced as a whole on reconfiguration. */
export interface ThreadWiring {
  readonly graph: ModuleGraph;
  readonly plan: ThreadPlan;
  readonly receivers?: readonly ChannelReceiver[];
  readonly senders?: readonly ChannelSender[];
}

/** Everything a runner needs besides its wiring. */
export interface ThreadRunnerOptions extends ThreadWiring {
  readonly debugger: FrameDebugger;
  readonly clock: Clock;
  /** The robot's seed; each module instance derives its own random stream from it. */
  readonly seed?: number;
  /** Identifies the robot in random streams (several robots share one process in the simulator). */
  readonly robot?: number | string;
  /** A fresh parameter value per module instance; code defaults when omitted. */
  readonly parameters?: (module: AnyModuleDefinition) => unknown;
  /** The host's team message codecs (none by default). */
  readonly teamMessageCodecs?: TeamMessageCodecs;
  /** The host's neural networks (none by default: loading one is then a clear error). */
  readonly neuralNetworks?: NeuralNetworks;
  /** Message id of a representation's OUTPUT; B-Human's id table by default. */
  readonly messageIdFor?: (representation: string) => number | undefined;
}

/** One provider call, resolved once per configuration so frames do no lookups by name. */
interface Step {
  readonly representation: string;
  readonly slot: BlackboardSlot;
  /** Calls the provider with the current instance; made once per configuration, not per frame. */
  readonly run: () => void;
  readonly type: TypeRef<unknown>;
  readonly hooks: RepresentationHooks<object>;
  readonly modifiable: boolean;
  readonly messageId: number | undefined;
  readonly modifyName: string;
}

const NO_INJECTED_DATA: InjectedData = { get: () => undefined };
const EMPTY = new Uint8Array(0);

/**
 * The execution unit that draws the default representations (no module provides them, so no provider step draws
 * them): once per Cognition frame, as B-Human draws the field lines in Cognition, not once per thread.
 */
const DRAWS_DEFAULTS = 'Cognition';

/** One thread of one robot. */
export class ThreadRunner {
  readonly blackboard = new Blackboard();
  /** Frames run so far (the next frame's number). */
  frameNumber = 0;
  private wiring!: ThreadWiring;
  private readonly live = new Map<string, LiveModule>();
  private steps: Step[] = [];
  private parameterSteps: { name: string; type: TypeRef<unknown>; params: unknown }[] = [];
  /** Default representations this thread draws each frame (their draw hooks). */
  private defaultDrawings: { representation: string; draw: NonNullable<RepresentationHooks<object>['draw']> }[] = [];
  private currentInjected: InjectedData = NO_INJECTED_DATA;
  /** The frame's arrived packages and their receivers, oldest first (see receiveShared). */
  private readonly arrivedFrom: ChannelReceiver[] = [];
  private readonly arrivedPackages: Uint8Array[] = [];
  /** Handed to every instance; forwards to the data of the frame being run. */
  private readonly injected: InjectedData = { get: (name) => this.currentInjected.get(name) };

  constructor(private readonly options: ThreadRunnerOptions) {
    this.reconfigure(options);
  }

  get name(): string {
    return this.wiring.plan.name;
  }

  /** The module instances of this thread by module name (their state is what replay snapshots copy). */
  get modules(): ReadonlyMap<string, LiveModule> {
    return this.live;
  }

  /** The receiving ends of this thread's exchange with other threads. */
  get receivers(): readonly ChannelReceiver[] {
    return this.wiring.receivers ?? [];
  }

  /** The debugger this thread reports to (debug messages for the thread go to its handle()). */
  get debugger(): FrameDebugger {
    return this.options.debugger;
  }

  /**
   * Switches to a new plan between frames. Instances of modules that stay in this thread are kept (with their
   * state), new ones are created, dropped ones discarded; blackboard data of representations that stay is kept.
   */
  reconfigure(wiring: ThreadWiring): void {
    const { graph, plan } = wiring;
    this.wiring = wiring;
    const keep = new Set(plan.blackboard);
    this.blackboard.retain(keep);
    for (const name of plan.blackboard)
      this.blackboard.ensure(name, graph.representations.get(name)! as TypeRef<unknown>);

    for (const name of [...this.live.keys()]) {
      if (!plan.modules.includes(name) || this.live.get(name)!.definition !== graph.modules.get(name))
        this.live.delete(name);
    }
    const env = {
      blackboard: this.blackboard,
      debug: this.options.debugger.context,
      threadName: plan.name,
      injected: this.injected,
      teamMessageCodecs: this.options.teamMessageCodecs ?? NO_TEAM_MESSAGE_CODECS,
      networks: this.options.neuralNetworks ?? NO_NEURAL_NETWORKS,
      seed: this.options.seed ?? 0,
      robot: this.options.robot ?? 0,
      parameters:
        this.options.parameters ?? ((m: AnyModuleDefinition) => (m.parameters as TypeRef<unknown>).defaultValue()),
    };
    for (const name of plan.modules)
      if (!this.live.has(name)) this.live.set(name, createModule(graph.modules.get(name)!, env));

    const idFor = this.options.messageIdFor ?? messageIdForRepresentation;
    this.steps = plan.providers.map(({ representation, module }) => {
      const live = this.live.get(module)!;
      const update = (live.instance.update as Record<string, ((v: unknown) => void) | undefined>)[representation];
      if (!update) throw new Error(`${module} declares ${representation} but its implementation has no update for it`);
      const type = graph.representations.get(representation)!;
      const slot = this.blackboard.slot(representation);
      const bound = update.bind(live.instance.update);
      return {
        representation,
        slot,
        run: () => bound(slot.value),
        type: type as TypeRef<unknown>,
        hooks: (type.hooks ?? {}) as RepresentationHooks<object>,
        modifiable: !live.definition.providesWithoutModify.includes(representation),
        messageId: idFor(representation),
        modifyName: `representation:${representation}`,
      };
    });
    this.defaultDrawings =
      plan.executionUnit === DRAWS_DEFAULTS
        ? plan.defaults.flatMap((representation) => {
            const draw = (graph.representations.get(representation)?.hooks as RepresentationHooks<object> | undefined)
              ?.draw;
            return draw ? [{ representation, draw }] : [];
          })
        : [];
    this.parameterSteps = plan.modules
      .map((name) => this.live.get(name)!)
      .filter((m) => m.params !== undefined)
      .map((m) => ({
        name: `module:${m.definition.name}`,
        type: m.definition.parameters as TypeRef<unknown>,
        params: m.params,
      }));
  }

  /** Runs one frame with `injected` host data; returns the frame's outgoing debug messages. */
  runFrame(injected: InjectedData = NO_INJECTED_DATA): Message[] {
    const dbg = this.options.debugger;
    const bb = this.blackboard;
    this.currentInjected = injected;
    dbg.beginFrame(this.frameNumber, this.options.clock.now());
    this.receiveShared(bb);
    // Parameter objects are classes, so overrides land in place and the instance keeps its reference.
    for (const p of this.parameterSteps) dbg.modify(p.name, p.type, p.params);
    dbg.measure('AllModules', this.runSteps);
    for (let i = 0; i < this.defaultDrawings.length; i++) {
      const { representation, draw } = this.defaultDrawings[i]!;
      draw(bb.get(representation) as object, dbg.context, bb);
    }
    const now = this.options.clock.now();
    if (this.wiring.senders) publishAll(this.wiring.senders, bb, this.frameNumber, now);
    this.currentInjected = NO_INJECTED_DATA;
    this.frameNumber++;
    return dbg.endFrame();
  }

  /** The providers of a frame in graph order (one function for the frame's stopwatch, not a closure per frame). */
  private readonly runSteps = (): void => {
    const dbg = this.options.debugger;
    for (const step of this.steps) this.runStep(dbg, step);
  };

  /**
   * Applies the packages that arrived since the last frame, oldest first, so alternative senders' newest data
   * wins. The arrivals go into two arrays kept by the runner and are ordered by a stable insertion sort: a
   * thread has a handful of senders, and Cognition receives from several in most frames.
   */
  private receiveShared(bb: Blackboard): void {
    const receivers = this.wiring.receivers;
    if (!receivers) return;
    const from = this.arrivedFrom;
    const packages = this.arrivedPackages;
    let n = 0;
    for (const receiver of receivers) {
      const bytes = receiver.take();
      if (!bytes) continue;
      const time = ChannelReceiver.timeOf(bytes);
      let i = n++;
      for (; i > 0 && ChannelReceiver.timeOf(packages[i - 1]!) > time; i--) {
        from[i] = from[i - 1]!;
        packages[i] = packages[i - 1]!;
      }
      from[i] = receiver;
      packages[i] = bytes;
    }
    for (let i = 0; i < n; i++) from[i]!.apply(bb, packages[i]!);
    // Packages are valid until their buffer's next read only: forget them.
    packages.fill(EMPTY, 0, n);
  }

  private runStep(dbg: FrameDebugger, step: Step): void {
    dbg.measure(step.representation, step.run);
    if (!step.modifiable) return;
    let value = step.slot.value;
    const modified = dbg.modify(step.modifyName, step.type, value);
    if (modified !== value) this.blackboard.setSlot(step.slot, (value = modified));
    if (step.hooks.verify) {
      const violation = step.hooks.verify(value as object);
      if (violation) dbg.context.text(`${this.name}: ${step.representation}.verify: ${violation}`);
    }
    step.hooks.draw?.(value as object, dbg.context, this.blackboard);
    dbg.outputRepresentation(step.representation, step.messageId, step.type, value);
  }
}
