/**
 * @file What travels on each bridge channel. The core request channels' contracts (`CORE_REQUESTS`: a schema of
 * each request, the type of its answer), and the maps `BridgeRequests` and `BridgeEvents` that tie every channel
 * name to its payload types, so both ends (and the transport in between) are checked by the compiler. Payloads are
 * plain JSON-compatible data: the same objects cross Electron's structured clone and the browser mode's JSON
 * WebSocket.
 */
import type { Static } from '@sinclair/typebox';
import type { BRIDGE_REQUESTS, EventChannel, RequestChannel } from './channels';
import type { ArgumentGrammar, NameSet } from './commandGrammar';
import type { LogPlayerEvents } from './logPlayer';
import { MAX_JSON_LENGTH, NO_FIELDS, oneOf, takes, text, type ContractTypes, Type } from './schema';
import type { SimulationEvents } from './simulation';
import type { TeamMonitorEvents } from './teamMonitor';
import type { TestRunsEvents } from './testRuns';
import type {
  AnnotationsData,
  DebugDataValue,
  ModulesData,
  RepresentationValue,
  StopwatchData,
  TimingData,
  ViewDataEvents,
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

/**
 * Where a robot's data comes from: a program in the simulator, a robot's debug link, a log, or a simulated body
 * whose program runs outside the simulator (an external robot: its data comes over its program's debug link).
 */
export type RobotKind = 'simulated' | 'remote' | 'log' | 'external';

/** Link state of a robot (mirrors the console engine's connection state). */
export type RobotLinkState = 'connecting' | 'connected' | 'disconnected';

/** One robot the host has a console for. */
export interface RobotInfo {
  readonly name: string;
  readonly kind: RobotKind;
  readonly state: RobotLinkState;
  /** Why the link is down, when it is. */
  readonly error?: string;
  /** Address of a remote robot's or an external robot's program's debug link (`host:port`). */
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
 * Names for Tab completion, from the selected robot's polling (formats §1.1): one list per NameSet, and the
 * commands. Every list is sorted and may be empty (nothing polled yet, or no robot selected).
 */
export interface CompletionSet extends Readonly<Record<NameSet, readonly string[]>> {
  /** Global and robot command words. */
  readonly commands: readonly string[];
  /** Commands that `for <thread>…` may prefix. */
  readonly forable: readonly string[];
  /** The argument grammar of every command that has arguments, by command word. */
  readonly grammar: Readonly<Record<string, ArgumentGrammar>>;
}

/** Every kind of streamed data a view can subscribe to (the view-data kinds are described in viewData.ts). */
export const STREAM_KINDS = [
  'text',
  'drawings',
  'plot',
  'timing',
  'stopwatch',
  'debugData',
  'value',
  'modules',
  'annotations',
] as const;

/** A kind of streamed data. */
export type StreamKind = (typeof STREAM_KINDS)[number];

/** Longest console line accepted (characters). */
export const MAX_LINE = 64 * 1024;
/** Largest `.con` script accepted (characters). */
export const MAX_SCRIPT = 1024 * 1024;
/** Longest name (robot, key, scene, script) the core channels accept. */
export const MAX_NAME = 1024;
/** Longest subscription id accepted (the host makes them short). */
export const MAX_SUBSCRIPTION = 64;
/** Largest layout accepted (characters of its JSON); a dock layout is a few kilobytes. */
export const MAX_LAYOUT_LENGTH = 256 * 1024;

const SubscribeRequestSchema = Type.Object({
  robot: text(MAX_NAME),
  stream: oneOf(STREAM_KINDS),
  /** Representation name, field/image view name or plot view name; all when undefined. */
  key: Type.Optional(text(MAX_NAME)),
});

/** `pitchside:data.subscribe` request: one robot's stream, optionally narrowed to one key. */
export type SubscribeRequest = Static<typeof SubscribeRequestSchema>;

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

const LayoutSchema = Type.Record(Type.String(), Type.Unknown(), { [MAX_JSON_LENGTH]: MAX_LAYOUT_LENGTH });

/** A layout as the docking library serialises it (opaque to the host). */
export type LayoutJson = Static<typeof LayoutSchema>;

/** The contracts of the core request channels. */
export const CORE_REQUESTS = {
  'pitchside:session.info': takes(NO_FIELDS).answers<SessionInfo>(),
  /** Runs one console line; its output arrives as `pitchside:console.output` events. */
  'pitchside:console.run': takes(Type.Object({ line: text(MAX_LINE) })).answers<{ readonly accepted: boolean }>(),
  /** Runs a `.con` script's text line by line (relative `call`s resolve against the scene's script directory). */
  'pitchside:console.runScript': takes(Type.Object({ name: text(MAX_NAME), text: text(MAX_SCRIPT) })).answers<{
    readonly lines: number;
  }>(),
  'pitchside:console.completions': takes(NO_FIELDS).answers<CompletionSet>(),
  'pitchside:robots.list': takes(NO_FIELDS).answers<RobotList>(),
  'pitchside:data.subscribe': takes(SubscribeRequestSchema).answers<{ readonly subscription: string }>(),
  'pitchside:data.unsubscribe': takes(Type.Object({ subscription: text(MAX_SUBSCRIPTION) })).answers<{
    readonly removed: boolean;
  }>(),
  'pitchside:layout.save': takes(Type.Object({ scene: text(MAX_NAME), layout: LayoutSchema })).answers<{
    readonly saved: boolean;
  }>(),
  'pitchside:layout.load': takes(Type.Object({ scene: text(MAX_NAME) })).answers<{ readonly layout?: LayoutJson }>(),
};

/** Payload type of every core event channel. */
export interface CoreBridgeEvents {
  'pitchside:console.output': ConsoleOutput;
  'pitchside:console.clear': Record<string, never>;
  'pitchside:robots.changed': RobotList;
  'pitchside:data.event': StreamEvent;
}

/** Request and response types of every request channel, derived from the contracts (`BRIDGE_REQUESTS`). */
export type BridgeRequests = ContractTypes<typeof BRIDGE_REQUESTS>;

/** Every event channel: the core ones plus one interface per area file. */
export interface BridgeEvents
  extends CoreBridgeEvents, ViewDataEvents, SimulationEvents, LogPlayerEvents, TeamMonitorEvents, TestRunsEvents {}

/** The request payload of channel `C`. */
export type RequestOf<C extends RequestChannel> = BridgeRequests[C]['request'];

/** The response payload of channel `C`. */
export type ResponseOf<C extends RequestChannel> = BridgeRequests[C]['response'];

/** The payload of event channel `C`. */
export type EventOf<C extends EventChannel> = BridgeEvents[C];
