/**
 * @file One connection's data subscriptions. Robot consoles emit per message and per frame; a renderer only
 * needs the latest state at display rate, so items are coalesced by key (newest wins) and flushed at most
 * `FLUSH_HZ` times a second. That bounds what a slow tab can make the host queue, whatever the robot sends.
 */
import type { Unsubscribe } from '@robot-runtime/core/events/Emitter';
import type { RobotConsole } from '../console/RobotConsole';
import type { StreamData, StreamEvent, SubscribeRequest } from '../../ipc/messages';
import { resumeView, suspendView, type SuspendableView } from '../console/commands/viewSuspension';
import { PanelHolds } from '../viewData/PanelHolds';
import { subscribeViewStream } from '../viewData/viewStreams';
import { toWireShape } from '../viewData/wireShapes';

/** Flushes per second. */
const FLUSH_HZ = 30;
/** Subscriptions one connection may hold (a guard against a runaway renderer). */
const MAX_SUBSCRIPTIONS = 256;

interface Subscription {
  readonly robot: string;
  readonly unsubscribe: Unsubscribe[];
}

/** The subscriptions of one bridge connection. */
export class StreamSubscriptions {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly pending = new Map<string, StreamEvent>();
  private nextId = 1;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly deliver: (event: StreamEvent) => void,
    /** What panels hold, shared by every connection of the session. */
    private readonly holds: PanelHolds = new PanelHolds(),
  ) {}

  /** Subscribes to a robot's stream; returns the subscription id. */
  subscribe(robot: RobotConsole, request: SubscribeRequest): string {
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS)
      throw new Error(`at most ${MAX_SUBSCRIPTIONS} subscriptions per connection`);
    const id = `s${this.nextId++}`;
    const queue = (key: string, data: StreamData): void => {
      this.pending.set(`${id}\u0000${key}`, { subscription: id, robot: robot.name, data });
      this.timer ??= setInterval(() => this.flush(), 1000 / FLUSH_HZ);
    };
    const unsubscribe: Unsubscribe[] = [];
    switch (request.stream) {
      case 'text':
        // Text is not coalesced away: every line matters, so each gets its own key.
        unsubscribe.push(robot.on('text', (t) => queue(String(this.nextId++), { kind: 'text', ...t })));
        break;
      case 'drawings':
        unsubscribe.push(
          robot.on('frame', () => this.drawings(robot, request.key, queue)),
          this.holdView(robot, 'field', request.key),
        );
        break;
      case 'plot':
        unsubscribe.push(
          robot.on('frame', () => this.plots(robot, request.key, queue)),
          this.holdView(robot, 'plot', request.key),
        );
        break;
      default:
        unsubscribe.push(...(subscribeViewStream(robot, request, queue, this.holds) ?? []));
    }
    this.subscriptions.set(id, { robot: robot.name, unsubscribe });
    return id;
  }

  /** Ends a subscription; false when it did not exist. */
  unsubscribe(id: string): boolean {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return false;
    for (const u of subscription.unsubscribe) u();
    this.subscriptions.delete(id);
    for (const key of [...this.pending.keys()]) if (key.startsWith(`${id}\u0000`)) this.pending.delete(key);
    return true;
  }

  /** Ends every subscription of a robot that went away. */
  dropRobot(name: string): void {
    for (const [id, s] of [...this.subscriptions]) if (s.robot === name) this.unsubscribe(id);
  }

  /** Ends everything. */
  close(): void {
    for (const id of [...this.subscriptions.keys()]) this.unsubscribe(id);
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private flush(): void {
    if (this.pending.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const events = [...this.pending.values()];
    this.pending.clear();
    for (const event of events) this.deliver(event);
  }

  /**
   * A panel showing console view `name` keeps it running; without panels its requests go off (viewSuspension).
   * Image panels fetch their frames by request instead of subscribing, so image views are not suspended.
   */
  private holdView(robot: RobotConsole, kind: SuspendableView, name: string | undefined): Unsubscribe {
    if (name === undefined) return () => undefined;
    return this.holds.hold(this.holds.keyOf(robot, `${kind}:${name}`), () => {
      resumeView(robot, kind, name);
      return () => suspendView(robot, kind, name);
    });
  }

  private drawings(
    robot: RobotConsole,
    viewName: string | undefined,
    queue: (key: string, data: StreamData) => void,
  ): void {
    const model = robot.model;
    const views = [...model.views.fieldViews(), ...model.views.imageViews()].filter(
      (v) => viewName === undefined || v.name === viewName,
    );
    for (const view of views) {
      // The model picks the threads (all for field views, the view's own for image views).
      const drawings = model
        .viewDrawings(view)
        .map((d) => ({ name: d.drawing, thread: d.thread, shapes: d.shapes.map(toWireShape) }));
      queue(`${view.kind}.${view.name}`, { kind: 'drawings', view: view.name, drawings });
    }
  }

  private plots(
    robot: RobotConsole,
    viewName: string | undefined,
    queue: (key: string, data: StreamData) => void,
  ): void {
    for (const view of robot.model.plots.allViews()) {
      if (viewName !== undefined && view.name !== viewName) continue;
      const series = robot.model.plots.series(view.name).map((s) => ({
        plotId: s.layer.plotId,
        description: s.layer.description,
        color: `#${[s.layer.color.r, s.layer.color.g, s.layer.color.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`,
        values: s.values,
      }));
      const { minValue, maxValue, numOfValues, yUnit, xUnit, xScale } = view;
      queue(view.name, {
        kind: 'plot',
        view: view.name,
        minValue,
        maxValue,
        numOfValues,
        yUnit,
        xUnit,
        xScale,
        series,
      });
    }
  }
}
