/**
 * @file The contract between views and robot data (Lichtblick's player idea, narrowed to what SimRobot views
 * need): per robot, typed streams (drawings per view, plots, timing, TypeInfo-typed debug data, decoded
 * representations such as joint data, the module table), the robot list with connection states, the views each
 * robot has, its polled names, and a way to run a console line for one robot. Views depend on this interface,
 * never on the bridge, so a log player or a test double can stand behind it.
 */
import type { CompletionSet, RobotList, StreamData, StreamKind } from '../../app/ipc/messages';
import type { ViewList } from '../../app/ipc/viewData';

/** Stops a subscription or listener. */
export type Unsubscribe = () => void;

/** The item type of each stream kind. */
export type StreamItem<K extends StreamKind> = Extract<StreamData, { kind: StreamKindItem[K] }>;

/** Which `kind` tag the items of a stream carry. */
interface StreamKindItem {
  representation: 'representation';
  text: 'text';
  drawings: 'drawings';
  plot: 'plot';
  timing: 'timing';
  stopwatch: 'stopwatch';
  debugData: 'debugData';
  value: 'value';
  modules: 'modules';
  annotations: 'annotations';
}

/** Robot data for views. */
export interface RobotDataSource {
  /**
   * Listens to one robot's stream (narrowed to `key`: a view name, representation, thread, debug data key).
   * Several listeners of the same stream share one host subscription; a robot that is not there yet (or comes
   * back after a reconnect) is subscribed when it appears.
   */
  subscribe<K extends StreamKind>(robot: string, stream: K, key: string | undefined, listener: (item: StreamItem<K>) => void): Unsubscribe;
  /** Runs a console line in one robot's console; output and errors appear in the console view. */
  run(robot: string, line: string): Promise<void>;
  /** The names the robot announced (drawings, plots, keys, threads). */
  names(robot: string): Promise<CompletionSet>;
  /** The current robot list (empty until the first answer) and a listener for changes. */
  robots(): RobotList;
  onRobots(listener: (list: RobotList) => void): Unsubscribe;
  /** The views of every robot and a listener for changes. */
  views(): ViewList;
  onViews(listener: (list: ViewList) => void): Unsubscribe;
}
