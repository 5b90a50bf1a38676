/**
 * @file What travels on each bridge channel. The maps `BridgeRequests` and `BridgeEvents` tie a channel name to
 * its payload types, so both ends (and the transport in between) are checked by the compiler. Payloads are plain
 * JSON-compatible data: the same objects cross Electron's structured clone and the browser mode's JSON WebSocket.
 */
import type { EventChannel, RequestChannel } from './channels';
import type { ArgumentGrammar } from './commandGrammar';
import type { FilesRequests } from './files';
import type { LogPlayerEvents, LogPlayerRequests } from './logPlayer';
import type { SimulationEvents, SimulationRequests } from './simulation';
import type { TeamMonitorEvents, TeamMonitorRequests } from './teamMonitor';
import type { TestRunsEvents, TestRunsRequests } from './testRuns';
import type {
  AnnotationsData,
  DebugDataValue,
  ModulesData,
  RepresentationValue,
  StopwatchData,
  TimingData,
  ViewDataEvents,
  ViewDataRequests,
  WireShape2D,
} from './viewData';

/** How the renderer is hosted. */
export type HostMode = 'electron' | 'browser';

/** `pitchside:session.info`: what the host runs. */
export interface SessionInfo {
  readonly mode: HostMode;
  /** Name of the loaded scene; layouts are saved per scene. */
  readonly scene: string;
  /** A sentence for the UI when the session has no robots yet (e.g. how to connect one), else undefined. */
  readonly notice?: string;
  readonly version: string;
  /** Whether the session simulates a scene (a fresh layout then shows it in 3-D beside the console). */
  readonly simulation?: boolean;
  /** Whether the host shows its own file dialogs (Electron); else the UI lists the host's folders itself. */
  readonly nativeFileDialog?: boolean;
  /** The console's lines so far (the latest ones, since the last `cls`), so a page starts where the last left. */
  readonly console?: readonly ConsoleOutput[];
}

/** Where a robot's data comes from. */
export type RobotKind = 'simulated' | 'remote' | 'log';

/** Link state of a robot (mirrors the console engine's connection state). */
export type RobotLinkState = 'connecting' | 'connected' | 'disconnected';

/** One robot the host has a console for. */
export interface RobotInfo {
  readonly name: string;
  readonly kind: RobotKind;
  readonly state: RobotLinkState;
  /** Why the link is down, when it is. */
  readonly error?: string;
  /** Address of a remote robot (`host:port`). */
  readonly address?: string;
}

/** `pitchside:robots.list` / `pitchside:robots.changed`: all robots and the console's selection. */
export interface RobotList {
  readonly robots: readonly RobotInfo[];
  /** Robots that receive console commands. */
  readonly selection: readonly string[];
}

/** One line (or block) of console output. */
export interface ConsoleOutput {
  readonly text: string;
  /** The robot that printed it; undefined for the console's own lines. */
  readonly robot?: string;
  /** The host's running number of the line (pages merge the kept lines with live ones by it). */
  readonly seq?: number;
  /** `command`: a line run from a page (kept lines only; live output is printed text). */
  readonly kind?: 'command';
}

/**
 * Names for Tab completion, from the selected robot's polling (formats §1.1). Every list is sorted and may be
 * empty (nothing polled yet, or no robot selected).
 */
export interface CompletionSet {
  /** Global and robot command words. */
  readonly commands: readonly string[];
  readonly robots: readonly string[];
  /** Debug requests in translated form (`representation:BallModel`). */
  readonly debugRequests: readonly string[];
  /** Keys of `debugData:` requests, without the prefix (what `get`/`set` take). */
  readonly debugDataKeys: readonly string[];
  readonly representations: readonly string[];
  readonly modules: readonly string[];
  readonly threads: readonly string[];
  /** Names of field drawings (what `vfd` takes). */
  readonly fieldDrawings: readonly string[];
  /** Names of image drawings (what `vid` takes). */
  readonly imageDrawings: readonly string[];
  /** Field view names (`vf`), image view names (`vi`) and plot view names (`vp`). */
  readonly views: readonly string[];
  /** Plot ids the robot announced (`plot:` requests without the prefix; what `vpd` takes). */
  readonly plots: readonly string[];
  /** Commands that `for <thread>…` may prefix. */
  readonly forable: readonly string[];
  /** The argument grammar of every command that has arguments, by command word. */
  readonly grammar: Readonly<Record<string, ArgumentGrammar>>;
}

/** Kinds of streamed data a view can subscribe to (the view-data kinds are described in viewData.ts). */
export type StreamKind =
  'text' | 'drawings' | 'plot' | 'timing' | 'stopwatch' | 'debugData' | 'value' | 'modules' | 'annotations';

/** Every stream kind, for validation. */
export const STREAM_KINDS: readonly StreamKind[] = [
  'text',
  'drawings',
  'plot',
  'timing',
  'stopwatch',
  'debugData',
  'value',
  'modules',
  'annotations',
];

/** `pitchside:data.subscribe` request: one robot's stream, optionally narrowed to one key. */
export interface SubscribeRequest {
  readonly robot: string;
  readonly stream: StreamKind;
  /** Representation name, field/image view name or plot view name; all when undefined. */
  readonly key?: string;
}

/** An idText message from a robot. */
export interface TextData {
  readonly kind: 'text';
  readonly thread: string;
  readonly text: string;
}

/** The latest complete shapes of the drawings shown in one field or image view. */
export interface DrawingsData {
  readonly kind: 'drawings';
  readonly view: string;
  readonly drawings: readonly {
    readonly name: string;
    readonly thread: string;
    readonly shapes: readonly WireShape2D[];
  }[];
}

/** The points of one plot view's layers (oldest first). */
export interface PlotData {
  readonly kind: 'plot';
  readonly view: string;
  readonly minValue: number;
  readonly maxValue: number;
  /** Points shown per layer (`vp`'s numOfValues). */
  readonly numOfValues?: number;
  readonly yUnit?: string;
  readonly xUnit?: string;
  /** Factor from the point index to the x axis value. */
  readonly xScale?: number;
  readonly series: readonly {
    readonly plotId: string;
    readonly description: string;
    readonly color: string;
    readonly values: readonly number[];
  }[];
}

/** Any streamed item. */
export type StreamData =
  | TextData
  | DrawingsData
  | PlotData
  | TimingData
  | StopwatchData
  | DebugDataValue
  | RepresentationValue
  | ModulesData
  | AnnotationsData;

/** `pitchside:data.event`: an item for one subscription. */
export interface StreamEvent {
  readonly subscription: string;
  readonly robot: string;
  readonly data: StreamData;
}

/** A layout as the docking library serialises it (opaque to the host). */
export type LayoutJson = { readonly [key: string]: unknown };

/** Request and response type of every core request channel. */
export interface CoreBridgeRequests {
  'pitchside:session.info': { request: Record<string, never>; response: SessionInfo };
  /** Runs one console line; its output arrives as `pitchside:console.output` events. */
  'pitchside:console.run': { request: { readonly line: string }; response: { readonly accepted: boolean } };
  /** Runs a `.con` script's text line by line (relative `call`s resolve against the scene's script directory). */
  'pitchside:console.runScript': {
    request: { readonly name: string; readonly text: string };
    response: { readonly lines: number };
  };
  'pitchside:console.completions': { request: Record<string, never>; response: CompletionSet };
  'pitchside:robots.list': { request: Record<string, never>; response: RobotList };
  'pitchside:data.subscribe': { request: SubscribeRequest; response: { readonly subscription: string } };
  'pitchside:data.unsubscribe': { request: { readonly subscription: string }; response: { readonly removed: boolean } };
  'pitchside:layout.save': {
    request: { readonly scene: string; readonly layout: LayoutJson };
    response: { readonly saved: boolean };
  };
  'pitchside:layout.load': { request: { readonly scene: string }; response: { readonly layout?: LayoutJson } };
}

/** Payload type of every core event channel. */
export interface CoreBridgeEvents {
  'pitchside:console.output': ConsoleOutput;
  'pitchside:console.clear': Record<string, never>;
  'pitchside:robots.changed': RobotList;
  'pitchside:data.event': StreamEvent;
}

/**
 * Every request channel: the core channels plus one interface per area file (viewData.ts, …). An area adds its
 * interface to this list, never to the core one.
 */
export interface BridgeRequests
  extends
    CoreBridgeRequests,
    ViewDataRequests,
    SimulationRequests,
    LogPlayerRequests,
    TeamMonitorRequests,
    FilesRequests,
    TestRunsRequests {}

/** Every event channel, merged like BridgeRequests. */
export interface BridgeEvents
  extends CoreBridgeEvents, ViewDataEvents, SimulationEvents, LogPlayerEvents, TeamMonitorEvents, TestRunsEvents {}

/** The request payload of channel `C`. */
export type RequestOf<C extends RequestChannel> = BridgeRequests[C]['request'];

/** The response payload of channel `C`. */
export type ResponseOf<C extends RequestChannel> = BridgeRequests[C]['response'];

/** The payload of event channel `C`. */
export type EventOf<C extends EventChannel> = BridgeEvents[C];
