/**
 * @file The view-data streams (timing, stopwatch, debugData, value, modules, annotations): how each turns a robot
 * console's events into items for one subscription. Items are queued by key and coalesced by StreamSubscriptions, so a
 * stream may queue as often as data arrives. Streams that need a debug request (timing, a representation)
 * switch it on themselves, so opening a view is enough, as in SimRobot, and hold it: when the last panel that
 * needs it closes, it is switched off again (unless it was on before).
 */
import {
  RequestNames,
  RequestPrefixes,
  translateRequestName,
} from '@robot-runtime/protocol/debugMessages/requestNames';
import { MessageID, messageIdForRepresentation } from '@robot-runtime/protocol/messages/MessageIDs';
import type { Unsubscribe } from '@robot-runtime/core/events/Emitter';
import type { RobotConsole } from '../console/RobotConsole';
import type { StreamData, SubscribeRequest } from '../../ipc/messages';
import { dataTree } from './dataTree';
import { toJsonValue } from './jsonValue';
import { modulesData } from './modulesData';
import type { PanelHolds } from './PanelHolds';
import { AnnotationTracker } from './AnnotationTracker';

/** Queues an item under a coalescing key. */
export type QueueItem = (key: string, data: StreamData) => void;

/** How often the timing table is sent (formats §5.4: at most 5 refreshes per second). */
const TIMING_INTERVAL_MS = 200;
/** How often debug data is fetched again while a data view shows it (the robot answers each request once). */
const DEBUG_DATA_INTERVAL_MS = 500;

const annotationTrackers = new WeakMap<RobotConsole, AnnotationTracker>();

/** The robot's annotation tracker, attached on first use (it keeps listening, so nothing made meanwhile is lost). */
function annotationTrackerOf(robot: RobotConsole): AnnotationTracker {
  let tracker = annotationTrackers.get(robot);
  if (!tracker) {
    tracker = new AnnotationTracker();
    tracker.attach(robot);
    annotationTrackers.set(robot, tracker);
  }
  return tracker;
}

/** Runs `fn` every `ms` while subscribed (timers are unref'd so they never keep a process alive). */
function every(ms: number, fn: () => void): Unsubscribe {
  const timer = setInterval(fn, ms);
  (timer as { unref?: () => void }).unref?.();
  return () => clearInterval(timer);
}

/** Switches a request on once the robot announced it; true when done (or not needed any more). */
function enableRequest(robot: RobotConsole, translated: string): boolean {
  if (robot.model.requests.size === 0) return false; // not polled yet
  try {
    robot.switchRequest(translated, true);
  } catch {
    // Unknown to this robot: nothing to switch (the view shows its empty state).
  }
  return true;
}

/**
 * Switches `translated` on now or on the first frame after polling, and off again when released, unless it was
 * already on before (someone typed `dr`, or a console view needs it).
 */
function requestWhileHeld(robot: RobotConsole, translated: string): Unsubscribe {
  let wasOn = robot.isRequestOn(translated);
  let switched = false;
  const tryEnable = (): boolean => {
    wasOn = robot.isRequestOn(translated);
    switched = enableRequest(robot, translated);
    return switched;
  };
  let off: Unsubscribe = () => undefined;
  if (!tryEnable()) {
    off = robot.on('frame', () => {
      if (!switched && tryEnable()) queueMicrotask(off);
    });
  }
  return () => {
    off();
    if (!switched || wasOn || robot.connection.state !== 'connected') return;
    try {
      robot.switchRequest(translated, false);
    } catch {
      // The robot forgot the request (reconnected, reconfigured): nothing to switch off.
    }
  };
}

/** Holds a request for a subscription; the request is shared by every panel that needs it. */
function holdRequest(robot: RobotConsole, translated: string, holds: PanelHolds): Unsubscribe {
  return holds.hold(holds.keyOf(robot, `request:${translated}`), () => requestWhileHeld(robot, translated));
}

function timing(robot: RobotConsole, request: SubscribeRequest, queue: QueueItem, holds: PanelHolds): Unsubscribe[] {
  const tracker = robot.model.timing;
  const send = (): void => {
    for (const thread of tracker.threadNames)
      if (request.key === undefined || request.key === thread) queue(`timing.${thread}`, tracker.table(thread));
  };
  return [holdRequest(robot, RequestNames.timing, holds), every(TIMING_INTERVAL_MS, send)];
}

function stopwatch(robot: RobotConsole, request: SubscribeRequest, queue: QueueItem, holds: PanelHolds): Unsubscribe[] {
  const tracker = robot.model.timing;
  const [thread = '', ...rest] = (request.key ?? '').split('/');
  const name = rest.join('/');
  const send = (): void =>
    queue('stopwatch', { kind: 'stopwatch', thread, name, values: tracker.history(thread, name) });
  return [holdRequest(robot, RequestNames.timing, holds), every(TIMING_INTERVAL_MS, send)];
}

/** Live annotations per thread (the robot sends them while `annotation` is on), at most 5 updates per second. */
function annotations(
  robot: RobotConsole,
  request: SubscribeRequest,
  queue: QueueItem,
  holds: PanelHolds,
): Unsubscribe[] {
  const tracker = annotationTrackerOf(robot);
  const sent = new Map<string, number>();
  const send = (): void => {
    for (const thread of tracker.threadNames) {
      if (request.key !== undefined && request.key !== thread) continue;
      const version = tracker.version(thread);
      if (sent.get(thread) === version) continue;
      sent.set(thread, version);
      queue(`annotations.${thread}`, tracker.data(thread));
    }
  };
  send();
  return [holdRequest(robot, RequestNames.annotation, holds), every(TIMING_INTERVAL_MS, send)];
}

function debugData(robot: RobotConsole, request: SubscribeRequest, queue: QueueItem): Unsubscribe[] {
  const key = request.key ?? '';
  const seen = new Map<string, number>();
  const fetch = (): void => {
    const known = robot.model.requests.get(translateRequestName(RequestPrefixes.debugData) + key);
    if (known) robot.sendDebugRequest(known.name, true, known.threads);
  };
  const collect = (): void => {
    const types = robot.model.types;
    if (!types) return;
    for (const [thread, byKey] of robot.model.debugData) {
      const entry = byKey.get(key);
      if (!entry || seen.get(thread) === entry.seq) continue;
      seen.set(thread, entry.seq);
      try {
        const tree = dataTree(key, types.type(entry.type), types.decode(entry.type, entry.data));
        queue(`debugData.${thread}`, { kind: 'debugData', key, thread, tree });
      } catch (error) {
        robot.print(
          `Error: cannot show ${key} from ${thread}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  };
  fetch();
  collect();
  const answers = robot.on('message', ({ message }) => message.id === MessageID.idDebugDataResponse && collect());
  return [every(DEBUG_DATA_INTERVAL_MS, fetch), answers];
}

function value(robot: RobotConsole, request: SubscribeRequest, queue: QueueItem, holds: PanelHolds): Unsubscribe[] {
  const name = request.key ?? '';
  const id = messageIdForRepresentation(name);
  if (id === undefined) throw new Error(`No representation called ${name}`);
  const listener = robot.on('message', ({ thread, message }) => {
    if (message.id !== id || !robot.model.types) return;
    try {
      queue(`value.${thread}`, {
        kind: 'value',
        thread,
        name,
        value: toJsonValue(robot.model.types.decode(name, message.payload)),
      });
    } catch {
      // RobotConsole reports undecodable representations once.
    }
  });
  return [holdRequest(robot, RequestPrefixes.representation + name, holds), listener];
}

function modules(robot: RobotConsole, _request: SubscribeRequest, queue: QueueItem): Unsubscribe[] {
  let last: unknown;
  const send = (): void => {
    const table = robot.model.moduleTable;
    if (!table || table === last) return;
    last = table;
    queue('modules', modulesData(table));
  };
  send();
  return [robot.on('frame', send), robot.on('polled', send)];
}

/** Subscribes to a view-data stream; returns undefined for kinds this file does not handle. */
export function subscribeViewStream(
  robot: RobotConsole,
  request: SubscribeRequest,
  queue: QueueItem,
  holds: PanelHolds,
): Unsubscribe[] | undefined {
  switch (request.stream) {
    case 'timing':
      return timing(robot, request, queue, holds);
    case 'stopwatch':
      return stopwatch(robot, request, queue, holds);
    case 'debugData':
      return debugData(robot, request, queue);
    case 'value':
      return value(robot, request, queue, holds);
    case 'modules':
      return modules(robot, request, queue);
    case 'annotations':
      return annotations(robot, request, queue, holds);
    default:
      return undefined;
  }
}
