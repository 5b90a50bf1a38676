/**
 * @file One robot program on this machine: configuration from the config tree, one worker thread per robot
 * thread, the minimal simulated body, the Debug thread and the TCP debug link. A console can connect,
 * disconnect and reconnect at any time; the robot keeps running.
 */
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
import { NodeFileSystem } from './NodeFileSystem';
import { WorkerExecutor } from './workers/WorkerExecutor';

/** How to start a standalone robot. */
export interface StandaloneRobotOptions {
  /** Address the debug link listens on (default all interfaces). */
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
}

const here = path.dirname(fileURLToPath(import.meta.url));
const REGISTRY = path.join(here, 'naoRegistry.ts');
const DEFAULT_CONFIG_ROOT = path.resolve(here, '../../../config');

/** A running standalone robot. */
export class StandaloneRobot {
  private executor!: WorkerExecutor;
  private configuration!: Configuration;
  private readonly hub: DebugHub;
  private readonly server: DebugLinkServer;
  private readonly typeInfo = robotTypeInfoBytes(allModules, [SettingsType]);
  private readonly world: SharedArrayBuffer;
  private address: AddressInfo | undefined;

  private constructor(
    private readonly options: StandaloneRobotOptions,
    readonly settings: Settings,
    private readonly parameters: Record<string, unknown>,
    private readonly body: BodySettings,
  ) {
    this.world = MinimalBody.createWorld(body).buffer;
    this.server = new DebugLinkServer({ host: options.address ?? '0.0.0.0', port: options.port ?? 9999 });
    this.hub = new DebugHub({
      threads: () => this.configuration.threads.map((t) => t.name),
      deliver: (thread, messages) => this.executor.send(thread, messages),
      typeInfo: () => this.typeInfo,
      modules: allModules,
      configuration: () => this.configuration,
      reconfigure: (configuration) => this.reconfigure(configuration),
      robotName: { headName: options.robotName ?? 'Nao', bodyName: options.robotName ?? 'Nao', location: settings.location, scenario: settings.scenario, playerNumber: settings.playerNumber },
      send: (messages) => this.send(messages),
    });
    this.server.on('queue', (_bytes, messages) => this.hub.receive(messages));
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
    const name = options.robotName ?? 'Nao';
    const source = { fs, dirs: searchPath({ headName: name, bodyName: name, location: settings.location, scenario: settings.scenario }) };
    const configuration = loadConfiguration(source);
    const parameters = loadAllModuleParameters(allModules, source);
    diagnostics.push(...configuration.diagnostics, ...parameters.diagnostics);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    for (const d of diagnostics.filter((x) => x.severity === 'warning')) log(formatDiagnostic(d));
    if (errors.length) throw new Error(`configuration errors:\n${errors.map(formatDiagnostic).join('\n')}`);

    const body: BodySettings = { ...defaultBodySettings, teamNumber: settings.teamNumber, playerNumber: settings.playerNumber };
    const robot = new StandaloneRobot(options, settings, Object.fromEntries(parameters.values), body);
    await robot.startThreads(configuration.value);
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

  /** Stops the link and the threads. */
  async stop(): Promise<void> {
    await this.server.stop();
    await this.executor.stop();
  }

  private async startThreads(configuration: Configuration): Promise<void> {
    this.executor = await WorkerExecutor.start({
      registryPath: REGISTRY,
      configuration,
      parameters: this.parameters,
      seed: this.options.seed ?? 1,
      hostShared: this.world,
      hostOptions: this.body,
      onMessages: (thread, _frame, messages) => this.hub.threadFrame(thread, messages),
      onError: (thread, message) => this.log(`thread ${thread}: ${message}`),
    });
    this.configuration = cloneConfiguration(configuration);
  }

  /** A module request: validated first; a valid one restarts the threads with the new providers. */
  private async reconfigure(configuration: Configuration): Promise<readonly string[]> {
    const errors = buildModuleGraph(allModules, configuration).errors;
    if (errors.length) return errors;
    await this.executor.stop();
    await this.startThreads(configuration);
    this.hub.replayRequests();
    return [];
  }

  private send(messages: Message[]): void {
    if (this.server.isConnected) this.server.send(serializeQueue(messages), true);
  }

  private log(line: string): void {
    (this.options.log ?? ((l: string) => process.stderr.write(`${l}\n`)))(line);
  }
}
