/**
 * @file The host services behind the bridge: one ConsoleController for all robots, the providers that bring
 * robots in, saved layouts, and the tick that updates the consoles. Transports (Electron IPC, the browser mode's
 * WebSocket) connect through `BridgeHost`; every connection sees the same console, as every SimRobot window does.
 */
import { ConsoleController } from '../console/ConsoleController';
import { Emitter } from '@robot-runtime/core/events/Emitter';
import type { RobotConsole } from '../console/RobotConsole';
import type { ConsoleFiles } from '../console/files';
import { scriptLines } from '../console/scripts';
import { EVENT_CHANNELS, type EventChannel, type RequestChannel } from '../../ipc/channels';
import type { BridgeConnection, BridgeHost, EmitEvent } from '../../ipc/host';
import type { BridgeEvents, HostMode, RequestOf, ResponseOf, RobotInfo, RobotList } from '../../ipc/messages';
import { FILE_EXTENSIONS, type FilePurpose } from '../../ipc/files';
import { completionSet } from './completions';
import { ConsoleTranscript } from './ConsoleTranscript';
import { listFolder } from './fileListing';
import { openLog } from './openLog';
import type { ConsoleProvider, ProvidedRobot } from './ConsoleProvider';
import type { LayoutStore } from './LayoutStore';
import type { RequestCaller, RequestHandlers } from './requestHandlers';
import { StreamSubscriptions } from './StreamSubscriptions';
import { validateRequest } from './validateRequest';
import { ViewListPublisher } from '../viewData/ViewListPublisher';
import { PanelHolds } from '../viewData/PanelHolds';

/** Events that go to every connection: all but the stream events, which go only to their subscriber. */
const BROADCAST_CHANNELS = EVENT_CHANNELS.filter(
  (channel): channel is Exclude<EventChannel, 'pitchside:data.event'> => channel !== 'pitchside:data.event',
);
/** Console updates per second. */
const TICK_HZ = 100;

/**
 * The session's own handlers, each replaced by a provider's for the same channel (a simulation opens scenes). Two
 * providers that answer one channel are a wiring mistake: it fails here, not by whichever came first.
 */
function withProviders(own: RequestHandlers, providers: readonly ConsoleProvider[]): RequestHandlers {
  const claimed = new Set<string>();
  let table = own;
  for (const provider of providers) {
    const handlers = provider.handlers ?? {};
    for (const channel of Object.keys(handlers)) {
      if (claimed.has(channel)) throw new Error(`Two providers answer ${channel}`);
      claimed.add(channel);
    }
    table = { ...table, ...handlers };
  }
  return table;
}

/** Options of a session. */
export interface HostSessionOptions {
  readonly mode: HostMode;
  readonly files: ConsoleFiles;
  readonly layouts: LayoutStore;
  readonly providers: readonly ConsoleProvider[];
  /** Scene name (layouts are saved per scene). */
  readonly scene: string;
  /** Shown while there are no robots. */
  readonly emptyNotice?: string;
  /** Directory relative script names resolve against. */
  readonly scriptDir?: string;
  readonly version?: string;
  /** Whether a provider simulates a scene. */
  readonly simulation?: boolean;
  /** The folder the file dialog first lists for each purpose (default: the script directory). */
  readonly fileFolders?: Partial<Record<FilePurpose, string>>;
  /** The host's own open dialog (Electron's); the path chosen, or undefined when cancelled. */
  readonly chooseFile?: (purpose: FilePurpose) => Promise<string | undefined>;
}

/** The host session. */
export class HostSession implements BridgeHost {
  readonly controller: ConsoleController;
  private readonly broadcast = new Emitter<BridgeEvents>();
  private readonly robots = new Map<string, ProvidedRobot>();
  private readonly connections = new Set<StreamSubscriptions>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastRobotList = '';
  /** What open panels hold on the robots, over all connections. */
  private readonly holds = new PanelHolds();
  private readonly views = new ViewListPublisher((list) => this.broadcast.emit('pitchside:views.changed', list));
  /** The scene's name (layouts are saved per scene); changes when another scene is opened. */
  private scene: string;
  /** What the console showed, for pages that connect later. */
  private readonly transcript = new ConsoleTranscript();
  /** One handler per request channel: the session's own, replaced by the providers' for their channels. */
  private readonly handlers: RequestHandlers;

  constructor(private readonly options: HostSessionOptions) {
    this.scene = options.scene;
    this.controller = new ConsoleController({ files: options.files, scriptDir: options.scriptDir });
    this.controller.on('output', (o) =>
      this.broadcast.emit(
        'pitchside:console.output',
        this.transcript.printed(o.robot === undefined ? { text: o.text } : { text: o.text, robot: o.robot }),
      ),
    );
    this.controller.on('clear', () => {
      this.transcript.clear();
      this.broadcast.emit('pitchside:console.clear', {});
    });
    this.controller.on('selection', () => this.publishRobots());
    this.handlers = withProviders(this.ownHandlers(), options.providers);
    for (const provider of options.providers) {
      provider.start({
        addRobot: (robot) => this.addRobot(robot),
        removeRobot: (name) => this.removeRobot(name),
        print: (text) => this.controller.print(text),
        controller: this.controller,
        broadcast: (channel, payload) => this.broadcast.emit(channel, payload),
        sceneChanged: (scene) => (this.scene = scene),
        savedViews: options.layouts,
      });
    }
  }

  /** Starts ticking the consoles. */
  start(): void {
    this.timer ??= setInterval(() => this.tick(), 1000 / TICK_HZ);
    this.timer.unref?.();
  }

  /** Stops ticking and releases every provider. */
  async dispose(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (const c of this.connections) c.close();
    await Promise.all(this.options.providers.map((p) => p.dispose()));
  }

  /** Runs one console line (the controller never throws). */
  execute(line: string): void {
    this.controller.execute(line);
  }

  /** The robots and the selection. */
  robotList(): RobotList {
    const robots: RobotInfo[] = [...this.robots.values()].map(({ console: c, kind, address }) => ({
      name: c.name,
      kind,
      state: c.connection.state,
      ...(c.connection.error !== undefined && c.connection.state === 'disconnected'
        ? { error: c.connection.error }
        : {}),
      ...(address !== undefined ? { address } : {}),
    }));
    return { robots, selection: [...this.controller.selection] };
  }

  connect(emit: EmitEvent): BridgeConnection {
    const streams = new StreamSubscriptions((event) => emit('pitchside:data.event', event), this.holds);
    this.connections.add(streams);
    const listeners = BROADCAST_CHANNELS.map((channel) =>
      this.broadcast.on(channel, (payload) => emit(channel, payload)),
    );
    const caller: RequestCaller = { streams };
    return {
      request: async <C extends RequestChannel>(channel: C, request: RequestOf<C>) =>
        this.dispatch(channel, validateRequest(channel, request), caller),
      close: () => {
        for (const unlisten of listeners) unlisten();
        streams.close();
        this.connections.delete(streams);
      },
    };
  }

  /** Whether some handler answers `channel` (the session's own or a provider's). */
  answers(channel: RequestChannel): boolean {
    return this.handlers[channel] !== undefined;
  }

  private async dispatch<C extends RequestChannel>(
    channel: C,
    request: RequestOf<C>,
    caller: RequestCaller,
  ): Promise<ResponseOf<C>> {
    const handler: RequestHandlers[C] = this.handlers[channel];
    if (!handler) throw new Error(`Nothing in this session answers ${channel}`);
    return handler(request, caller);
  }

  /** The channels the session answers itself. */
  private ownHandlers(): RequestHandlers {
    return {
      'pitchside:session.info': () => ({
        mode: this.options.mode,
        scene: this.scene,
        version: this.options.version ?? '0.0.0',
        ...(this.options.simulation ? { simulation: true } : {}),
        ...(this.options.chooseFile ? { nativeFileDialog: true } : {}),
        ...(this.robots.size === 0 && this.options.emptyNotice ? { notice: this.options.emptyNotice } : {}),
        console: this.transcript.snapshot(),
      }),
      'pitchside:console.run': ({ line }) => {
        if (line.trim() !== '') this.transcript.ran(line);
        this.execute(line);
        return { accepted: true };
      },
      'pitchside:console.runScript': ({ name, text }) => {
        this.transcript.ran(`run script ${name}`);
        const lines = scriptLines(text);
        for (const line of lines) this.execute(line);
        return { lines: lines.length };
      },
      'pitchside:console.completions': () => {
        const selected = this.controller.selection[0];
        return completionSet(
          this.controller.commands,
          [...this.robots.keys()],
          selected === undefined ? undefined : this.robots.get(selected)?.console,
        );
      },
      'pitchside:robots.list': () => this.robotList(),
      'pitchside:data.subscribe': (request, { streams }) => ({
        subscription: streams.subscribe(this.robot(request.robot).console, request),
      }),
      'pitchside:data.unsubscribe': ({ subscription }, { streams }) => ({
        removed: streams.unsubscribe(subscription),
      }),
      'pitchside:robot.run': ({ robot, line }) => {
        this.robot(robot).console.execute(line);
        return { accepted: true };
      },
      'pitchside:robot.names': ({ robot }) =>
        completionSet(this.controller.commands, [...this.robots.keys()], this.robot(robot).console),
      'pitchside:views.list': () => this.views.list(this.consoles()),
      'pitchside:layout.save': async ({ scene, layout }) => {
        await this.options.layouts.save(scene, layout);
        return { saved: true };
      },
      'pitchside:layout.load': async ({ scene }) => {
        const layout = await this.options.layouts.load(scene);
        return layout ? { layout } : {};
      },
      'pitchside:files.list': ({ purpose, dir }) => {
        // An empty folder means none given, as an absent one does.
        const given = dir === '' ? undefined : dir;
        const start = given ?? this.options.fileFolders?.[purpose] ?? this.options.scriptDir ?? process.cwd();
        return listFolder(start, FILE_EXTENSIONS[purpose]);
      },
      'pitchside:files.choose': async ({ purpose }) => {
        if (!this.options.chooseFile) throw new Error('This host has no file dialog of its own: list its folders');
        const path = await this.options.chooseFile(purpose);
        return path === undefined ? {} : { path };
      },
      'pitchside:scene.open': () => {
        throw new Error('This session simulates no scene (it was started without one), so it cannot open another');
      },
      'pitchside:log.open': async ({ file }) => ({
        robot: await openLog(this.controller, file, (name) => this.robots.get(name)?.kind === 'log'),
      }),
    };
  }

  /** The robot called `name`; throws when there is none. */
  private robot(name: string): ProvidedRobot {
    const robot = this.robots.get(name);
    if (!robot) throw new Error(`No robot called ${name}`);
    return robot;
  }

  private addRobot(robot: ProvidedRobot): void {
    this.removeRobot(robot.console.name);
    this.robots.set(robot.console.name, robot);
    this.controller.addRobot(robot.console);
    this.publishRobots();
  }

  private removeRobot(name: string): void {
    if (!this.robots.delete(name)) return;
    this.controller.removeRobot(name);
    for (const c of this.connections) c.dropRobot(name);
    this.publishRobots();
  }

  private tick(): void {
    for (const provider of this.options.providers) provider.update?.();
    this.controller.update();
    this.publishRobots();
    this.views.tick(this.consoles());
  }

  /** The consoles of all robots. */
  private consoles(): RobotConsole[] {
    return [...this.robots.values()].map((r) => r.console);
  }

  /** Emits the robot list when it changed (link states change inside the consoles, without events). */
  private publishRobots(): void {
    const list = this.robotList();
    const text = JSON.stringify(list);
    if (text === this.lastRobotList) return;
    this.lastRobotList = text;
    this.broadcast.emit('pitchside:robots.changed', list);
  }
}
