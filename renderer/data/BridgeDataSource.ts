/**
 * @file RobotDataSource over the bridge (playback in BridgePlayback). One `pitchside:data.event` listener dispatches to
 * subscriptions by id; identical subscriptions of several views share one host subscription (ref-counted). The host
 * drops a robot's subscriptions when the robot goes away, so subscriptions are re-made whenever a robot (re)appears.
 */
import type { PitchsideBridge } from '../../app/ipc/bridge';
import type { CompletionSet, RobotList, StreamData, StreamKind } from '../../app/ipc/messages';
import type { ImageFrameRequest, ImageFrameResponse } from '../../app/ipc/simulation';
import type { ViewList } from '../../app/ipc/viewData';
import { BridgePlayback } from './BridgePlayback';
import { BridgeConsole, BridgeScene, BridgeTeamMonitor, BridgeTestRuns } from './BridgeSessionSources';
import { SessionRobotSource } from './SessionRobotSource';
import {
  capabilitiesOf,
  type RobotDataSource,
  type RobotSource,
  type SourceCapabilities,
  type StreamItem,
  type Unsubscribe,
} from './DataSource';

/** One shared host subscription. */
interface Shared {
  readonly robot: string;
  readonly stream: StreamKind;
  readonly key: string | undefined;
  readonly listeners: Set<(item: StreamData) => void>;
  /** The host's id while subscribed. */
  hostId?: string;
  /** A subscribe request is in flight. */
  pending?: boolean;
  /** The latest item, replayed to listeners that join later. */
  latest?: Map<string, StreamData>;
}

function sharedKey(robot: string, stream: StreamKind, key: string | undefined): string {
  return `${robot}\u0000${stream}\u0000${key ?? ''}`;
}

/** A coalescing key for replay: items of one stream differ by thread or view. */
function itemKey(item: StreamData): string {
  return 'thread' in item ? item.thread : 'view' in item ? item.view : '';
}

/** The bridge-backed data source. */
export class BridgeDataSource implements RobotDataSource {
  private readonly shared = new Map<string, Shared>();
  private readonly perRobot = new Map<string, RobotSource>();
  private readonly byHostId = new Map<string, Shared>();
  private robotList: RobotList = { robots: [], selection: [] };
  private viewList: ViewList = { robots: [] };
  private readonly robotListeners = new Set<(list: RobotList) => void>();
  private readonly viewListeners = new Set<(list: ViewList) => void>();
  readonly playback: BridgePlayback;
  readonly console: BridgeConsole;
  readonly scene: BridgeScene;
  readonly teamMonitor: BridgeTeamMonitor;
  readonly testRuns: BridgeTestRuns;

  constructor(private readonly bridge: PitchsideBridge) {
    this.playback = new BridgePlayback(bridge);
    this.console = new BridgeConsole(bridge);
    this.scene = new BridgeScene(bridge);
    this.teamMonitor = new BridgeTeamMonitor(bridge);
    this.testRuns = new BridgeTestRuns(bridge);
    bridge.on('pitchside:data.event', (event) => {
      const s = this.byHostId.get(event.subscription);
      if (!s) return;
      (s.latest ??= new Map()).set(itemKey(event.data), event.data);
      for (const l of s.listeners) l(event.data);
    });
    bridge.on('pitchside:robots.changed', (list) => this.setRobots(list));
    bridge.on('pitchside:views.changed', (list) => this.setViews(list));
    void bridge.invoke('pitchside:robots.list', {}).then(
      (list) => this.setRobots(list),
      () => undefined,
    );
    void bridge.invoke('pitchside:views.list', {}).then(
      (list) => this.setViews(list),
      () => undefined,
    );
  }

  robot(name: string): RobotSource {
    let source = this.perRobot.get(name);
    if (!source) this.perRobot.set(name, (source = new SessionRobotSource(this, name)));
    return source;
  }

  subscribe<K extends StreamKind>(
    robot: string,
    stream: K,
    key: string | undefined,
    listener: (item: StreamItem<K>) => void,
  ): Unsubscribe {
    const id = sharedKey(robot, stream, key);
    let s = this.shared.get(id);
    if (!s) this.shared.set(id, (s = { robot, stream, key, listeners: new Set() }));
    const l = listener as (item: StreamData) => void;
    s.listeners.add(l);
    for (const item of s.latest?.values() ?? []) l(item);
    this.connect(s);
    const shared = s;
    return () => {
      shared.listeners.delete(l);
      if (shared.listeners.size > 0) return;
      this.shared.delete(id);
      this.disconnect(shared);
    };
  }

  async run(robot: string, line: string): Promise<void> {
    await this.bridge.invoke('pitchside:robot.run', { robot, line });
  }

  capabilities(robot: string): SourceCapabilities {
    return capabilitiesOf(this.robotList.robots.find((r) => r.name === robot)?.kind);
  }

  image(request: ImageFrameRequest): Promise<ImageFrameResponse> {
    return this.bridge.invoke('pitchside:image.frame', request);
  }

  names(robot: string): Promise<CompletionSet> {
    return this.bridge.invoke('pitchside:robot.names', { robot });
  }

  robots(): RobotList {
    return this.robotList;
  }

  onRobots(listener: (list: RobotList) => void): Unsubscribe {
    this.robotListeners.add(listener);
    return () => this.robotListeners.delete(listener);
  }

  views(): ViewList {
    return this.viewList;
  }

  onViews(listener: (list: ViewList) => void): Unsubscribe {
    this.viewListeners.add(listener);
    return () => this.viewListeners.delete(listener);
  }

  private setRobots(list: RobotList): void {
    const present = new Set(list.robots.map((r) => r.name));
    const before = new Set(this.robotList.robots.map((r) => r.name));
    this.robotList = list;
    for (const s of this.shared.values()) {
      // A robot that went away took its host subscriptions with it; one that (re)appeared needs new ones.
      if (!present.has(s.robot)) this.forget(s);
      else if (!before.has(s.robot)) {
        this.forget(s);
        this.connect(s);
      } else this.connect(s);
    }
    for (const l of this.robotListeners) l(list);
  }

  private setViews(list: ViewList): void {
    this.viewList = list;
    for (const l of this.viewListeners) l(list);
  }

  private connect(s: Shared): void {
    if (s.hostId !== undefined || s.pending) return;
    if (!this.robotList.robots.some((r) => r.name === s.robot)) return; // subscribed when it appears
    s.pending = true;
    this.bridge
      .invoke('pitchside:data.subscribe', {
        robot: s.robot,
        stream: s.stream,
        ...(s.key !== undefined ? { key: s.key } : {}),
      })
      .then(
        ({ subscription }) => {
          s.pending = false;
          if (this.shared.get(sharedKey(s.robot, s.stream, s.key)) !== s) {
            void this.bridge.invoke('pitchside:data.unsubscribe', { subscription }).catch(() => undefined);
            return;
          }
          s.hostId = subscription;
          this.byHostId.set(subscription, s);
        },
        () => {
          s.pending = false; // the robot vanished meanwhile: retried when it appears
        },
      );
  }

  private forget(s: Shared): void {
    if (s.hostId !== undefined) this.byHostId.delete(s.hostId);
    s.hostId = undefined;
  }

  private disconnect(s: Shared): void {
    const id = s.hostId;
    this.forget(s);
    if (id !== undefined)
      void this.bridge.invoke('pitchside:data.unsubscribe', { subscription: id }).catch(() => undefined);
  }
}
