/**
 * @file One robot program on this machine: configuration from the config tree, one worker thread per robot
 * thread, the minimal simulated body, the Debug thread and the TCP debug link. A console can connect,
 * disconnect and reconnect at any time; the robot keeps running.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { cloneConfiguration, type Configuration } from '../../core/config/Configuration';
import { loadAllModuleParameters, loadConfiguration } from '../../core/config/loadConfig';
import { searchPath } from '../../core/config/searchPath';
import { SettingsType, type Settings } from '../../core/config/Settings';
import { DebugHub } from '../../core/debug/DebugHub';
import { robotTypeInfoBytes } from '../../core/debug/robotTypeInfo';
import { buildModuleGraph } from '../../core/module/ModuleGraph';
import { formatDiagnostic, parseTyped, type ConfigDiagnostic } from '../../protocol/configMap';
import type { Message } from '../../protocol/messageQueue/Message';
import { serializeQueue } from '../../protocol/messageQueue/serializeQueue';
import { allModules } from '../../threads/allModules';
import { MinimalBody, defaultBodySettings, type BodySettings } from '../sim/minimalBody/MinimalBody';
import { DebugLinkServer } from './debugLink/DebugLinkServer';
import type { ThreadSchedule } from '../../core/threads/ThreadSchedule';
import { ImageStreamClient } from './camera/ImageStreamClient';
import type { CameraShared } from './camera/CameraShared';
import { MicrophoneSource } from './alsa/MicrophoneSource';
import { cameraRequests } from './v4l2/cameraConfig';
import { V4L2CameraSource } from './v4l2/V4L2CameraSource';
import type { CameraRequest } from './v4l2/V4L2Camera';
import { LolaConnection } from './lola/LolaConnection';
import { parseRobotsCfg, resolveIdentity } from './lola/robotIdentity';
import { RobotNetwork, type RobotNetworkOptions } from './network/RobotNetwork';
import { findTeamMessageDefinition, teamContentCodec } from './network/teamMessageDefinition';
import { NodeFileSystem } from '../node/NodeFileSystem';
import { LoggerConfig, representationsToLog } from '../../core/logging/LoggerConfig';
import { findConfigFile, type FileSystem } from '../../core/config/searchPath';
import { RobotLogWriter } from './logging/RobotLogWriter';
import { WorkerExecutor } from './workers/WorkerExecutor';
import type { Clock } from '../../core/Clock';
import { SharedCycleClock, threadClock } from './workers/threadClocks';

/** How to start a standalone robot. */
export interface StandaloneRobotOptions {
  /** Address the debug link listens on (default 127.0.0.1; the link has no authentication, see docs/robot.md). */
  address?: string;
  /** Debug link port (default 9999; 0 picks a free one). */
  port?: number;
  /** Robot name: the head and body folder under Robots/ in the search path (default "Nao"). */
  robotName?: string;
  /** The config/ folder (default the repository's). */
  configRoot?: string;
  /** Seed of the modules' random sources. */
  seed?: number;
  /** Reports configuration problems and link errors (default: stderr). */
  log?(line: string): void;
  /** Online logging; default: `logger.cfg` from the search path (absent or `enabled = false`: no log). */
  logger?: LoggerConfig;
  /** LoLA's Unix socket: Motion is then driven by LoLA and the robot's names come from its serial numbers. */
  lola?: string;
  /** The worker registry module (default lola/naoHostRegistry.ts); a bundled robot passes its bundle. */
  registryPath?: string;
  /** The worker entry; a bundled robot passes its bundle. */
  workerUrl?: URL;
  /** Player number (1..20) instead of settings.cfg's, so several robots can share one config folder. */
  playerNumber?: number;
  /** Team communication and GameController on the network (true: production defaults, broadcast). */
  network?: boolean | Partial<Omit<RobotNetworkOptions, 'teamNumber' | 'playerNumber'>>;
  /** Epoch (ms since 1970) the robot's clock counts from (default: when it starts); tests shift it. */
  startEpochMs?: number;
  /**
   * What the robot's time counts: `wall` (default) the wall clock since the start, as on a NAO; `lola` LoLA
   * cycles of 12 ms, for a simulator in lock-step, whose LoLA runs as fast as its slowest program (needs `lola`).
   */
  clock?: 'wall' | 'lola';
  /** Camera images from a simulator's image streams (upper and lower port on `host`) instead of the simulated body. */
  cameraStream?: { host: string; ports: readonly [number, number] };
  /** V4L2 devices of the upper and (optionally) lower camera, set up from cameraResolution/cameraSettings.cfg. */
  cameraDevices?: readonly string[];
  /** The ALSA capture device the Audio thread hears ("default" on a NAO). */
  microphone?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
// The registry with LoLA, network and the bit-packed team message codec; without LoLA it feeds the minimal simulated body.
const HOST_REGISTRY = path.join(here, 'lola', 'naoHostRegistry.ts');
/** The repository's config folder (a deployed bundle passes its own). */
export const DEFAULT_CONFIG_ROOT = path.resolve(here, '../../../config');

/** A running standalone robot. */
export class StandaloneRobot {
  private executor!: WorkerExecutor;
  private configuration!: Configuration;
  private readonly hub: DebugHub;
  private readonly server: DebugLinkServer;
  private readonly typeInfo = robotTypeInfoBytes(allModules, [SettingsType]);
  private readonly world: SharedArrayBuffer;
  private address: AddressInfo | undefined;
  /** The network when enabled (team port, GameController link, RBS). */
  network: RobotNetwork | undefined;
  /** The image sources (upper, lower) when images come from a stream or from V4L2 devices. */
  cameras: { readonly shared: CameraShared; start(): void; stop(): void | Promise<void> }[];
  /** The microphone when the Audio thread hears a real device. */
  microphone: MicrophoneSource | undefined = undefined;
  private teamMessageDefinition: string | undefined;
  private readonly startEpochMs: number;
  /** The cycle count the threads' time follows when the clock is `lola`. */
  private cycleClock: SharedCycleClock | undefined;
  /** The robot's time as its threads read it (the network's timeouts and timestamps follow it too). */
  private clock!: Clock;
  private logger: LoggerConfig | undefined;
  private logWriter: RobotLogWriter | undefined;
  /** Module requests run one at a time (each restarts every thread); this is the one running or last run. */
  private reconfiguring: Promise<void> = Promise.resolve();
  /** The newest module request waiting for the running one, and everyone waiting for its answer. */
  private queuedConfiguration:
    { configuration: Configuration; answers: ((problems: readonly string[]) => void)[] } | undefined;

  private constructor(
    private readonly options: StandaloneRobotOptions,
    readonly settings: Settings,
    private readonly parameters: Record<string, unknown>,
    private readonly body: BodySettings,
    /** The LoLA link when running on a NAO (its events report the link going down and the chest button). */
    readonly lola: LolaConnection | undefined,
    private readonly names: { headName: string; bodyName: string },
  ) {
    this.world = MinimalBody.createWorld(body).buffer;
    const stream = options.cameraStream;
    const clients = stream ? stream.ports.map((port) => new ImageStreamClient(stream.host, port)) : [];
    this.cameras = clients;
    for (const camera of clients) {
      camera.on('problem', (message) => this.log(`camera stream: ${message}`));
      camera.once('image', () => this.log(`camera stream ${camera.host}:${camera.port}: images arrive`));
    }
    this.startEpochMs = options.startEpochMs ?? performance.timeOrigin + performance.now();
    this.server = new DebugLinkServer({ host: options.address ?? '127.0.0.1', port: options.port ?? 9999 });
    this.hub = new DebugHub({
      threads: () => this.configuration.threads.map((t) => t.name),
      deliver: (thread, messages, urgent) => this.executor.send(thread, messages, urgent),
      typeInfo: () => this.typeInfo,
      modules: allModules,
      configuration: () => this.configuration,
      reconfigure: (configuration) => this.reconfigure(configuration),
      robotName: {
        headName: names.headName,
        bodyName: names.bodyName,
        location: settings.location,
        scenario: settings.scenario,
        playerNumber: settings.playerNumber,
      },
      send: (messages) => this.send(messages),
    });
    this.server.on('queue', ({ messages }) => this.hub.receive(messages));
    // What a console switched on is kept for nobody once it is gone (a console that crashed never sends disableAll).
    this.server.on('disconnect', () => this.hub.forgetConsole());
    this.server.on('error', (error) => this.log(`debug link: ${error.message}`));
  }

  /** Loads the configuration, starts the threads and the debug link. Throws with every problem when the configuration is unusable. */
  static async start(options: StandaloneRobotOptions = {}): Promise<StandaloneRobot> {
    const fs = new NodeFileSystem(options.configRoot ?? DEFAULT_CONFIG_ROOT);
    const settingsText = fs.readText('settings.cfg');
    const diagnostics: ConfigDiagnostic[] = [];
    let settings = SettingsType.defaultValue();
    if (settingsText !== undefined) {
      const parsed = parseTyped(SettingsType, settingsText, 'settings.cfg');
      settings = parsed.value;
      diagnostics.push(...parsed.diagnostics);
    }
    if (options.playerNumber !== undefined) settings = { ...settings, playerNumber: options.playerNumber };
    let names = { headName: options.robotName ?? 'Nao', bodyName: options.robotName ?? 'Nao' };
    let lola: LolaConnection | undefined;
    if (options.clock === 'lola' && options.lola === undefined)
      throw new Error('a clock counting LoLA cycles needs a LoLA connection (--lola)');
    const cycleClock = options.clock === 'lola' ? new SharedCycleClock() : undefined;
    if (options.lola !== undefined) {
      lola = new LolaConnection({ path: options.lola, cycleClock });
      await lola.connect();
      const robotsCfg = parseRobotsCfg(fs.readText('Robots/robots.cfg') ?? '');
      for (const warning of robotsCfg.warnings)
        (options.log ?? ((line: string) => process.stderr.write(`${line}\n`)))(`Warning: ${warning}`);
      const identity = resolveIdentity(lola.strings.RobotConfig, robotsCfg.robots, os.hostname());
      if (options.robotName === undefined) names = { headName: identity.headName, bodyName: identity.bodyName };
    }
    const source = { fs, dirs: searchPath({ ...names, location: settings.location, scenario: settings.scenario }) };
    const configuration = loadConfiguration(source);
    const parameters = loadAllModuleParameters(allModules, source);
    diagnostics.push(...configuration.diagnostics, ...parameters.diagnostics);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    for (const d of diagnostics.filter((x) => x.severity === 'warning')) log(formatDiagnostic(d));
    if (errors.length) {
      lola?.close();
      throw new Error(`configuration errors:\n${errors.map(formatDiagnostic).join('\n')}`);
    }

    const body: BodySettings = {
      ...defaultBodySettings,
      teamNumber: settings.teamNumber,
      playerNumber: settings.playerNumber,
    };
    const robot = new StandaloneRobot(options, settings, Object.fromEntries(parameters.values), body, lola, names);
    robot.cycleClock = cycleClock;
    robot.clock = threadClock(robot.startEpochMs, cycleClock?.buffer);
    const definition = findTeamMessageDefinition(fs, source.dirs);
    try {
      if (definition !== undefined) teamContentCodec(definition);
      robot.teamMessageDefinition = definition;
    } catch (e) {
      robot.log(`teamMessage.def: ${(e as Error).message}; the bit-packed codec is not available`);
    }
    if (options.network) {
      const overrides = options.network === true ? {} : options.network;
      try {
        // The standard message is translated at the socket with the bit-packed codec TeamMessageHandler then uses.
        const contentCodec =
          overrides.format === 'standard' && robot.teamMessageDefinition
            ? teamContentCodec(robot.teamMessageDefinition)
            : undefined;
        robot.network = await RobotNetwork.open(
          {
            ...overrides,
            contentCodec,
            teamNumber: settings.teamNumber,
            playerNumber: settings.playerNumber,
            magicNumber: settings.magicNumber,
          },
          () => robot.clock.now(),
        );
      } catch (e) {
        lola?.close();
        throw e;
      }
    }
    lola?.on('lost', (reason) => robot.log(`LoLA link lost: ${reason}`));
    lola?.on('formatError', (message) => robot.log(`LoLA: ${message}`));
    robot.startLogger(source);
    if (options.cameraDevices?.length) {
      const requests = cameraRequests(fs, source.dirs);
      robot.cameras = options.cameraDevices.map((device, i) => robot.v4l2Camera(device, requests[i]!));
    }
    if (options.microphone !== undefined) {
      robot.microphone = new MicrophoneSource(options.microphone);
      robot.microphone.on('report', (message) => robot.log(message));
      robot.microphone.start();
    }
    for (const camera of robot.cameras) camera.start();
    try {
      await robot.startThreads(configuration.value);
    } catch (e) {
      lola?.close();
      await robot.network?.close();
      throw e;
    }
    robot.address = await robot.server.start();
    return robot;
  }

  /** Where the debug link listens. */
  get port(): number {
    return this.address?.port ?? 0;
  }

  /** Names of the running threads. */
  get threads(): string[] {
    return this.configuration.threads.map((t) => t.name);
  }

  /**
   * Bytes debug clients make the robot hold, by where (docs/reliability.md states each bound): receive buffers of
   * all connections, requests the Debug thread remembers, and debug messages waiting for the threads.
   */
  get debugClientBytes(): { receiveBuffers: number; rememberedRequests: number; threadInboxes: number } {
    return {
      receiveBuffers: this.server.heldReceiveBytes,
      rememberedRequests: this.hub.rememberedBytes,
      threadInboxes: this.threads.reduce((sum, t) => sum + this.executor.waitingBytes(t), 0),
    };
  }

  /** The head and body names the configuration was looked up with. */
  get robotNames(): { headName: string; bodyName: string } {
    return { ...this.names };
  }

  /** Stops the link, the threads and LoLA. */
  async stop(): Promise<void> {
    await this.server.stop();
    await this.reconfiguring;
    // Closing LoLA first wakes a Motion thread that waits for sensors, so the threads stop at once.
    this.lola?.close();
    await Promise.all(this.cameras.map((camera) => camera.stop()));
    await this.microphone?.stop();
    await this.executor.stop();
    await this.logWriter?.close();
  }

  /** The log being written, if logging is on. */
  get logFile(): string | undefined {
    return this.logWriter?.path;
  }

  /** Opens the robot log when logger.cfg (or the logger option) enables logging; a failure only disables logging. */
  private startLogger(source: { fs: FileSystem; dirs: readonly string[] }): void {
    let config = this.options.logger;
    if (!config) {
      const found = findConfigFile(source.fs, source.dirs, 'logger.cfg');
      if (found) config = parseTyped(LoggerConfig, found.text, found.path).value;
    }
    if (!config?.enabled) return;
    try {
      const s = this.settings;
      this.logWriter = RobotLogWriter.create(config, {
        settings: {
          headName: this.names.headName,
          bodyName: this.names.bodyName,
          playerNumber: s.playerNumber,
          location: s.location,
          scenario: s.scenario,
        },
        typeInfo: this.typeInfo,
        baseDir: this.options.configRoot ?? DEFAULT_CONFIG_ROOT,
        log: (line) => this.log(line),
      });
      this.logger = config;
    } catch (e) {
      this.log(`logger: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private async startThreads(configuration: Configuration): Promise<void> {
    const lolaThread = configuration.threads.find((t) => t.executionUnit === 'Motion')?.name;
    const networkThread = configuration.threads.find((t) => t.executionUnit === 'Cognition')?.name;
    const hostOptions = {
      ...this.body,
      teamMessageDefinition: this.teamMessageDefinition,
      configRoot: this.options.configRoot ?? DEFAULT_CONFIG_ROOT,
      configDirs: searchPath({ ...this.names, location: this.settings.location, scenario: this.settings.scenario }),
      ...(this.lola ? { lola: this.lola.shared.buffer, lolaThread } : {}),
      ...(this.cameras.length ? { cameras: this.cameras.map((c) => c.shared.buffer) } : {}),
      ...(this.microphone ? { microphone: this.microphone.shared.buffer } : {}),
      ...(this.network
        ? {
            network: this.network.shared.buffer,
            networkThread,
            identity: {
              teamNumber: this.settings.teamNumber,
              playerNumber: this.settings.playerNumber,
              magicNumber: this.settings.magicNumber & 0xff,
            },
          }
        : {}),
    };
    this.executor = await WorkerExecutor.start({
      registryPath: this.options.registryPath ?? HOST_REGISTRY,
      workerUrl: this.options.workerUrl,
      startEpochMs: this.startEpochMs,
      cycleClock: this.cycleClock?.buffer,
      configuration,
      parameters: this.parameters,
      seed: this.options.seed ?? 1,
      hostShared: this.world,
      hostOptions,
      // LoLA's packets pace the Motion thread: it must not also sleep for its period.
      schedules: this.schedules(lolaThread),
      onMessages: (thread, _frame, messages) => this.hub.threadFrame(thread, messages),
      logRepresentations: this.logger
        ? Object.fromEntries(configuration.threads.map((t) => [t.name, representationsToLog(this.logger!, t.name)]))
        : undefined,
      onLogFrame: (thread, _frame, messages) => this.logWriter?.frame(thread, messages),
      onError: (thread, message) => this.log(`thread ${thread}: ${message}`),
      onWarning: (message) => this.log(message),
    });
    this.configuration = cloneConfiguration(configuration);
  }

  /** A V4L2 camera whose reports go to the robot's log (B-Human says them aloud; here they are written). */
  private v4l2Camera(device: string, request: CameraRequest): V4L2CameraSource {
    const camera = new V4L2CameraSource(device, request);
    camera.on('report', (e) => {
      const { kind, device: d, ...details } = e;
      this.log(`camera ${d}: ${kind} ${JSON.stringify(details)}`);
    });
    return camera;
  }

  /**
   * Threads paced by their devices rather than by a period: Motion by LoLA's packets, the camera threads by the
   * images of a stream (each frame waits for the next image).
   */
  private schedules(lolaThread: string | undefined): Record<string, ThreadSchedule> | undefined {
    const paced: Record<string, ThreadSchedule> = {};
    if (this.lola && lolaThread) paced[lolaThread] = { kind: 'periodic', periodMs: 0 };
    this.cameras.forEach((_, i) => (paced[['Upper', 'Lower'][i]!] = { kind: 'periodic', periodMs: 0 }));
    if (this.microphone) paced.Audio = { kind: 'periodic', periodMs: 0 };
    return Object.keys(paced).length ? paced : undefined;
  }

  /**
   * A module request: validated first; a valid one restarts the threads with the new providers. Requests arriving
   * while threads restart are coalesced (the newest wins, all are answered when it runs), so any number of them
   * costs one restart at a time and never a second set of threads.
   */
  private reconfigure(configuration: Configuration): Promise<readonly string[]> {
    const errors = buildModuleGraph(allModules, configuration).errors;
    if (errors.length) return Promise.resolve(errors);
    return new Promise((answer) => {
      if (this.queuedConfiguration) {
        this.queuedConfiguration.configuration = configuration;
        this.queuedConfiguration.answers.push(answer);
        return;
      }
      this.queuedConfiguration = { configuration, answers: [answer] };
      this.reconfiguring = this.reconfiguring.then(() => this.applyQueuedConfiguration());
    });
  }

  private async applyQueuedConfiguration(): Promise<void> {
    const job = this.queuedConfiguration!;
    this.queuedConfiguration = undefined;
    let problems: readonly string[] = [];
    try {
      await this.executor.stop();
      await this.startThreads(job.configuration);
      this.hub.replayRequests();
    } catch (e) {
      problems = [e instanceof Error ? e.message : String(e)];
    }
    for (const answer of job.answers) answer(problems);
  }

  private send(messages: Message[]): void {
    if (this.server.isConnected) this.server.send(serializeQueue(messages), true);
  }

  private log(line: string): void {
    (this.options.log ?? ((l: string) => process.stderr.write(`${l}\n`)))(line);
  }
}
