/**
 * @file A robot that replays a log (`sl`, formats §1.3, §3.5): the current modules run in their threads, and the
 * logged representations reach them through LogDataProvider. Each logged frame of a thread runs that thread once
 * with the frame's representations injected, decoded under the log's own type info and converted to the current
 * types by name; message ids were already mapped by name when the frame was read. Representations the log does
 * not provide are computed by their modules again. Threads the log does not contain run after the threads that
 * trigger them (Cognition after camera frames); periodic threads without logged frames do not run.
 */
import type { Configuration } from '@robot-runtime/core/config/Configuration';
import { ManualClock } from '@robot-runtime/core/Clock';
import { DebugHub } from '@robot-runtime/core/debug/DebugHub';
import { robotTypeInfoBytes } from '@robot-runtime/core/debug/robotTypeInfo';
import { ThreadDebugger } from '@robot-runtime/core/debug/ThreadDebugger';
import type { InjectedData } from '@robot-runtime/core/module/defineModule';
import type { AnyModuleDefinition } from '@robot-runtime/core/module/ModuleGraph';
import { SettingsType } from '@robot-runtime/core/config/Settings';
import { RobotProgram } from '@robot-runtime/core/threads/RobotProgram';
import { schedulesFor } from '@robot-runtime/core/threads/ThreadSchedule';
import { decode } from '@robot-runtime/protocol/binary/encode';
import { RequestNames } from '@robot-runtime/protocol/debugMessages/requestNames';
import { encodeTextMessage } from '@robot-runtime/protocol/debugMessages/textMessage';
import type { LogFrame } from '@robot-runtime/protocol/log/readFrame';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { MessageID, representationForMessageId } from '@robot-runtime/protocol/messages/MessageIDs';
import { makeConverter } from '@robot-runtime/protocol/typeInfo/convert';
import type { AnyType, TypeRef } from '@robot-runtime/protocol/types';
import { allModules } from '@robot-runtime/threads/allModules';
import type { NeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { ExactSeeker } from './ExactSeeker';
import type { FrameSource } from './FrameSource';
import type { SnapshotStoreOptions } from './SnapshotStore';
import { LogPlayer } from './LogPlayer';
import { ReplayConnection, type ReplayEndpoint } from './ReplayConnection';

/** How to build a replay robot. */
export interface ReplayRobotOptions {
  /** The configuration the robot starts with (threads.cfg). */
  configuration: Configuration;
  /** Modules available (default: the runtime's registry). */
  modules?: readonly AnyModuleDefinition[];
  /** Module parameters by module name (code defaults otherwise). */
  parameters?: Readonly<Record<string, unknown>>;
  /** Networks the replayed modules load (the recording robot's config tree); none by default. */
  neuralNetworks?: NeuralNetworks;
  /** Wall clock for pacing playback (ms). Default performance.now. */
  now?: () => number;
  /** Start playing at once (B-Human starts replays playing). Default true. */
  playing?: boolean;
  /** The configuration the log records (kept when the log is saved again). */
  recordedConfiguration?: Configuration;
  /** Snapshots for exact seeks: budget and interval (default DEFAULT_SNAPSHOTS), or false for none. */
  snapshots?: SnapshotStoreOptions | false;
}

/** Data logged messages carry that the replayed thread should also see in its console output. */
const FORWARDED = new Set<number>([MessageID.idAnnotation, MessageID.idText]);
/** Console messages that change what the modules compute (`set`, MODIFY, `mr`): snapshots taken before are wrong. */
const CHANGES_COMPUTATION = new Set<number>([MessageID.idDebugDataChangeRequest, MessageID.idModuleRequest]);

/** One replayed robot. */
export class ReplayRobot implements ReplayEndpoint {
  readonly connection = new ReplayConnection();
  readonly player: LogPlayer;
  readonly program: RobotProgram;
  /** Exact seeks: the snapshots taken while playing, and the seek the player uses. */
  readonly seeker: ExactSeeker;
  /** Frames played per thread. */
  readonly framesPlayed = new Map<string, number>();
  /** The module configuration the log records, if it records one. */
  readonly recordedConfiguration: Configuration | undefined;
  private configuration: Configuration;
  private readonly hub: DebugHub;
  private readonly clock = new ManualClock();
  private readonly now: () => number;
  /** The modules the program is built from (a variant of the replay is built from the same). */
  readonly modules: readonly AnyModuleDefinition[];
  private readonly loggedThreads: Set<string>;
  private readonly reported = new Set<string>();
  private triggered = new Map<string, string[]>();
  /** Each thread's debugger, for answering the console while the player does not play. */
  private readonly debuggers = new Map<string, ThreadDebugger>();

  constructor(
    readonly name: string,
    readonly file: FrameSource,
    options: ReplayRobotOptions,
  ) {
    this.modules = options.modules ?? allModules;
    this.configuration = options.configuration;
    this.recordedConfiguration = options.recordedConfiguration;
    this.now = options.now ?? (() => performance.now());
    this.loggedThreads = new Set(file.threads);
    const parameters = options.parameters ?? {};
    this.program = new RobotProgram({
      modules: this.modules,
      configuration: options.configuration,
      clock: this.clock,
      neuralNetworks: options.neuralNetworks,
      createDebugger: (threadName, clock) => {
        const dbg = new ThreadDebugger({ clock, threadName });
        this.debuggers.set(threadName, dbg);
        return dbg;
      },
      parameters: (m) =>
        m.name in parameters ? structuredClone(parameters[m.name]) : (m.parameters as TypeRef<unknown>).defaultValue(),
    });
    this.schedule();
    this.seeker = new ExactSeeker(
      {
        program: this.program,
        file,
        clock: this.clock,
        restart: () => this.program.restart(),
        report: (text) => this.report(text),
      },
      options.snapshots,
    );
    const typeInfo = robotTypeInfoBytes(this.modules, [SettingsType]);
    const settings = file.log.settings;
    this.hub = new DebugHub({
      threads: () => this.configuration.threads.map((t) => t.name),
      deliver: (thread, messages) => {
        const runner = this.program.thread(thread);
        if (runner) for (const m of messages) runner.debugger.handle(m);
      },
      typeInfo: () => typeInfo,
      modules: this.modules,
      configuration: () => this.configuration,
      reconfigure: (configuration) => {
        const errors = this.program.reconfigure(configuration);
        if (!errors.length) {
          this.seeker.invalidate();
          this.configuration = configuration;
          this.schedule();
        }
        return errors;
      },
      robotName: {
        headName: settings?.headName ?? name,
        bodyName: settings?.bodyName ?? name,
        location: settings?.location ?? 'Default',
        scenario: settings?.scenario ?? 'Default',
        playerNumber: settings?.playerNumber ?? 1,
      },
      send: (messages) => this.connection.deliver(messages),
    });
    this.connection.attach(this);
    this.player = new LogPlayer(file, (frame) => this.playFrame(frame), {
      playing: options.playing ?? true,
      // The log's first frame is where the recorded robot's history begins: playing from it again starts afresh.
      onRestart: () => {
        this.program.restart();
        this.seeker.restarted();
      },
      seek: (target, current) => this.seeker.seek(target, current),
    });
  }

  /** The configuration the robot runs now. */
  get currentConfiguration(): Configuration {
    return this.configuration;
  }

  receiveFromConsole(messages: readonly Message[]): void {
    if (messages.some((m) => CHANGES_COMPUTATION.has(m.id))) this.seeker.invalidate();
    this.hub.receive(messages);
  }

  /**
   * Starts a polling phase in every thread without a console asking for one, so the next frames each thread plays
   * find the request names its code reaches. A robot that never plays on its own (a log variant's) answers a
   * console's poll while paused with the names its last phase found: without one, it would announce none (no
   * images for `vi`, no representations for `dr`).
   */
  discoverRequests(): void {
    for (const dbg of this.debuggers.values()) dbg.requests.apply(RequestNames.poll, true);
  }

  advance(): void {
    this.player.tick(this.now());
    // Paused or stopped, the threads still answer their console (polling, drawing managers, `get`) as a paused
    // simulated robot does: a robot that never played (a log variant's) can then be inspected.
    if (this.player.state !== 'playing')
      for (const [thread, dbg] of this.debuggers) {
        const messages = dbg.serveIdle();
        if (messages.length) this.hub.threadFrame(thread, messages);
      }
  }

  /** Runs the threads for one logged frame (its payloads need only stay valid during the call). */
  playFrame(frame: LogFrame): void {
    if (frame.error) this.report(`Log frame ${frame.index}: ${frame.error.message}`);
    const runner = this.program.thread(frame.thread);
    if (!runner) {
      this.reportOnce(
        `no-thread:${frame.thread}`,
        `Replay: the log has frames of thread ${frame.thread}, which the current configuration does not have; they are skipped.`,
      );
      this.seeker.played(frame.index, frame.thread, this.player.time);
      return;
    }
    const values = new Map<string, unknown>();
    const forwarded: Message[] = [];
    for (const m of frame.messages) {
      // Copied: the console receives them later, and the frame's bytes are reused by the next read.
      if (FORWARDED.has(m.id)) forwarded.push({ id: m.id, payload: m.payload.slice() });
      const representation = representationForMessageId(m.id);
      if (representation === undefined) continue;
      const value = this.decodeRepresentation(frame.index, representation, m.payload);
      if (value !== undefined) values.set(representation, value);
    }
    const time = values.get('FrameInfo') as { time?: number } | undefined;
    if (typeof time?.time === 'number') this.clock.set(time.time);
    this.runThread(frame.thread, { get: (n) => values.get(n) }, forwarded);
    for (const follower of this.triggered.get(frame.thread) ?? [])
      if (!this.loggedThreads.has(follower)) this.runThread(follower, { get: () => undefined }, []);
    this.seeker.played(frame.index, frame.thread, this.player.time);
  }

  /** Decodes a logged representation for the current type; undefined (reported) when that is impossible. */
  private decodeRepresentation(frame: number, representation: string, payload: Uint8Array): unknown {
    const type = this.program.graph.representations.get(representation) as AnyType | undefined;
    if (!type) return undefined; // no current module knows it: nothing could use it
    const typeInfo = this.file.typeInfo;
    try {
      if (!typeInfo?.classes.has(representation)) return decode(type as TypeRef<unknown>, payload);
      const converter = makeConverter(typeInfo, representation, type);
      const { value, warnings } = converter.convert(payload);
      if (warnings.length)
        this.reportOnce(
          `convert:${representation}`,
          `Replay: ${representation} was recorded with another type specification:\n${warnings.join('\n')}`,
        );
      return value;
    } catch (e) {
      this.report(`Log frame ${frame}: cannot decode ${representation}: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  private runThread(thread: string, injected: InjectedData, forwarded: Message[]): void {
    const runner = this.program.thread(thread);
    if (!runner) return;
    const messages = runner.runFrame(injected);
    this.framesPlayed.set(thread, (this.framesPlayed.get(thread) ?? 0) + 1);
    this.hub.threadFrame(thread, forwarded.length ? [...messages, ...forwarded] : messages);
  }

  private schedule(): void {
    this.triggered = new Map();
    for (const [thread, schedule] of schedulesFor(this.configuration.threads)) {
      if (schedule.kind !== 'triggered') continue;
      for (const by of schedule.by) this.triggered.set(by, [...(this.triggered.get(by) ?? []), thread]);
    }
  }

  private report(text: string): void {
    this.connection.deliver([{ id: MessageID.idText, payload: encodeTextMessage(text) }]);
  }

  private reportOnce(key: string, text: string): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.report(text);
  }
}
