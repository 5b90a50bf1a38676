/**
 * @file The bridge's view-data area: what the 2-D views (field, plot, timing, data, module graph, joints) need
 * from a robot beyond the core console channels. Channel names and payload types live here together; channels.ts
 * and messages.ts only merge this area in, so other areas (e.g. simulation.ts) can be added beside it without
 * editing the same lines.
 */
import type { Shape2D } from '../../robot-runtime/protocol/debugMessages/drawing2d';
import { MAX_LINE, MAX_NAME, type CompletionSet } from './messages';
import { NO_FIELDS, takes, text, Type } from './schema';

/** Event channels of the view-data area. */
export const VIEW_DATA_EVENT_CHANNELS = ['pitchside:views.changed'] as const;

/** A Shape2D as it crosses the bridge: grid cells travel as plain number arrays (JSON has no Uint8Array). */
export type WireShape2D =
  | Exclude<Shape2D, { type: 'gridMono' | 'gridRGBA' | 'gridRectangleRGBA' }>
  | (Omit<Extract<Shape2D, { type: 'gridMono' }>, 'cells'> & { readonly cells: readonly number[] })
  | (Omit<Extract<Shape2D, { type: 'gridRGBA' }>, 'cells'> & { readonly cells: readonly number[] })
  | (Omit<Extract<Shape2D, { type: 'gridRectangleRGBA' }>, 'cells'> & { readonly cells: readonly number[] });

/** One stopwatch row of the timing view (milliseconds over the last 100 samples, formats §5.4). */
export interface StopwatchRow {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly avg: number;
  /** Milliseconds since the stopwatch last reported (rows silent for > 1 s are hidden). */
  readonly age: number;
}

/** `timing` stream: one thread's stopwatch table. */
export interface TimingData {
  readonly kind: 'timing';
  readonly thread: string;
  /** Frames per second from the average delta of the thread's start times. */
  readonly frequency: number;
  /** Shortest and longest frame delta of the last 100 frames (ms). */
  readonly minDelta: number;
  readonly maxDelta: number;
  readonly rows: readonly StopwatchRow[];
}

/** One annotation a robot thread made (B-Human's ANNOTATION), as received live. */
export interface LiveAnnotation {
  /** The thread's running annotation number. */
  readonly number: number;
  /** How many frames of the thread the console had received when it arrived. */
  readonly frame: number;
  readonly name: string;
  readonly description: string;
}

/** `annotations` stream (key: a thread, or all): the recent annotations of one thread, oldest first. */
export interface AnnotationsData {
  readonly kind: 'annotations';
  readonly thread: string;
  readonly entries: readonly LiveAnnotation[];
}

/** `stopwatch` stream (key `<thread>/<name>`): the recent measurements of one stopwatch, oldest first (ms). */
export interface StopwatchData {
  readonly kind: 'stopwatch';
  readonly thread: string;
  readonly name: string;
  readonly values: readonly number[];
}

/** What kind of editor a data-view node gets. */
export type DataNodeKind = 'record' | 'list' | 'number' | 'integer' | 'angle' | 'bool' | 'enum' | 'string' | 'bytes';

/**
 * One node of a TypeInfo-typed value tree (the data view's model). Leaves carry their value; records and lists
 * carry children. The type name is the robot's (`Angle`, `BallModel`, `Joints::Joint`).
 */
export interface DataNode {
  readonly name: string;
  readonly type: string;
  readonly kind: DataNodeKind;
  /** Leaf value: number (angles in radians, enums as their index), boolean or string; bytes as their length. */
  readonly value?: number | boolean | string;
  /** Constant names of an enum (index = value). */
  readonly enumNames?: readonly string[];
  readonly children?: readonly DataNode[];
  /** True for a fixed-length list (its length cannot change). */
  readonly fixed?: boolean;
}

/** `debugData` stream (key = debug data key, e.g. `module:BehaviorControl`): the object as one thread sent it. */
export interface DebugDataValue {
  readonly kind: 'debugData';
  readonly key: string;
  readonly thread: string;
  readonly tree: DataNode;
}

/** `value` stream (key = representation): a streamed representation decoded through the robot's TypeInfo. */
export interface RepresentationValue {
  readonly kind: 'value';
  readonly thread: string;
  readonly name: string;
  /** The decoded object (plain JSON: byte blobs become their length). */
  readonly value: unknown;
}

/** One module of the module table. */
export interface ModuleInfo {
  readonly name: string;
  readonly requirements: readonly string[];
  readonly provisions: readonly string[];
}

/** `modules` stream: the module table and who provides what in which thread (formats §4.4). */
export interface ModulesData {
  readonly kind: 'modules';
  readonly modules: readonly ModuleInfo[];
  /** Representations that exist with default values everywhere. */
  readonly defaultRepresentations: readonly string[];
  readonly threads: readonly {
    readonly name: string;
    readonly providers: readonly { readonly representation: string; readonly provider: string }[];
  }[];
}

/** The views and view sources one robot has (for the tree and for opening views on console commands). */
export interface RobotViews {
  readonly robot: string;
  /** `vf` views. */
  readonly fieldViews: readonly string[];
  /** The drawings each `vf` view shows (`vfd`), by view name, in painting order. */
  readonly fieldViewDrawings?: Readonly<Record<string, readonly string[]>>;
  /** `vi` views, each with the drawings it shows (`vid`) in painting order. */
  readonly imageViews: readonly {
    readonly name: string;
    readonly thread: string;
    readonly image: string;
    readonly drawings?: readonly string[];
  }[];
  /** `vp` views. */
  readonly plotViews: readonly string[];
  /** Keys of `debugData:` requests with the threads announcing them (a data view each, formats §4.3). */
  readonly dataKeys: readonly { readonly key: string; readonly threads: readonly string[] }[];
  /** Threads (a timing view and a module graph each). */
  readonly threads: readonly string[];
  /**
   * The views the start script created (`field.<name>`, `image.<name>`, `plot.<name>`): the page opens them behind
   * the view in front (a fresh layout keeps the 3-D scene there), views created later in front.
   */
  readonly startViews?: readonly string[];
}

/** `pitchside:views.list` / `pitchside:views.changed`. */
export interface ViewList {
  readonly robots: readonly RobotViews[];
}

/** The contracts of the view-data area's request channels. */
export const VIEW_DATA_REQUESTS = {
  /**
   * Runs one console line in one robot's console only (not the console's selection): views switch requests
   * (`dr timing`), add drawings (`vfd`) and set data (`set`) this way; output and errors appear in the console.
   */
  'pitchside:robot.run': takes(Type.Object({ robot: text(MAX_NAME), line: text(MAX_LINE) })).answers<{
    readonly accepted: boolean;
  }>(),
  /** The names one robot announced (drawings, plots, keys, threads), as Tab completion sees them. */
  'pitchside:robot.names': takes(Type.Object({ robot: text(MAX_NAME) })).answers<CompletionSet>(),
  'pitchside:views.list': takes(NO_FIELDS).answers<ViewList>(),
};

/** Events of the view-data area. */
export interface ViewDataEvents {
  'pitchside:views.changed': ViewList;
}
