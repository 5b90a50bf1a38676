/**
 * @file The contract between views and robot data (Lichtblick's player idea, narrowed to what SimRobot views
 * need): per robot, typed streams (drawings per view, plots, timing, TypeInfo-typed debug data, decoded
 * representations such as joint data, the module table), the robot list with connection states, the views each
 * robot has, its polled names, a way to run a console line for one robot or the session's console, camera and
 * debug images, and typed playback of replayed logs. What a robot's source can do is in its capabilities (live,
 * seek, step, speed, images). Views depend on this interface, never on the bridge, so a log player or a test
 * double can stand behind it.
 */
import type { LogVariants } from '../../app/ipc/logVariants';
import type { LogPlayerState, LogTimeline, PlaybackAction, StopOnAnnotation } from '../../app/ipc/logPlayer';
import type { GameTimeline } from '../../app/ipc/gameTimeline';
import type {
  CompletionSet,
  ConsoleOutput,
  RobotKind,
  RobotList,
  StreamData,
  StreamKind,
} from '../../app/ipc/messages';
import type {
  Drawings3DEvent,
  ImageFrameRequest,
  ImageFrameResponse,
  SceneAppearanceResponse,
  SceneResponse,
  SimulationAction,
  SimulationFrame,
  SimulationStatus,
} from '../../app/ipc/simulation';
import type { TeamListenRequest, TeamMonitorFrame } from '../../app/ipc/teamMonitor';
import type { TestRunsState } from '../../app/ipc/testRuns';
import type { ViewList } from '../../app/ipc/viewData';

/** Stops a subscription or listener. */
export type Unsubscribe = () => void;

/** The item type of each stream kind. */
export type StreamItem<K extends StreamKind> = Extract<StreamData, { kind: StreamKindItem[K] }>;

/** Which `kind` tag the items of a stream carry. */
interface StreamKindItem {
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

/** What a robot's data source can do (Lichtblick's player capabilities). */
export interface SourceCapabilities {
  /** Its data arrive as the robot runs (simulated or remote), not from a recording. */
  readonly live: boolean;
  /** It can go to any frame (a replayed log). */
  readonly seek: boolean;
  /** It can move frame by frame. */
  readonly step: boolean;
  /** Its playback speed can be set. */
  readonly speed: boolean;
  /** It serves camera and debug images (`vi`). */
  readonly images: boolean;
}

/** The capabilities of a robot of `kind`. */
export function capabilitiesOf(kind: RobotKind | undefined): SourceCapabilities {
  const log = kind === 'log';
  return {
    live: kind === 'simulated' || kind === 'remote' || kind === 'external',
    seek: log,
    step: log,
    speed: log,
    images: kind !== undefined,
  };
}

/** Playback of the replayed robots (the sources with seek, step and speed). */
export interface PlaybackSource {
  /** Every replayed robot's state; undefined until the host answered. */
  players(): readonly LogPlayerState[] | undefined;
  onPlayers(listener: (players: readonly LogPlayerState[]) => void): Unsubscribe;
  /** The game-state changes and annotations of `robot`'s log. */
  timeline(robot: string): Promise<LogTimeline>;
  /** Plays, pauses, seeks, steps, sets speed or loop; resolves with the new state. */
  control(robot: string, action: PlaybackAction): Promise<LogPlayerState>;
  /** Sets stop-on-annotation; resolves with the new state. */
  stopOnAnnotation(robot: string, settings: StopOnAnnotation): Promise<LogPlayerState>;
  /** The timeline of the game `robot` is replayed in (`sml` of a game's logs). */
  gameTimeline(robot: string): Promise<GameTimeline>;
  /** Pauses every robot of `robot`'s game at game time `time` (ms); resolves with the time reached. */
  seekGame(robot: string, time: number): Promise<{ readonly time: number }>;
  /** The variants of `robot`'s log and their last runs (`log variant`), with the pose tracks when asked for. */
  variants(robot: string, tracks: boolean): Promise<LogVariants>;
}

/** The simulated scene of the session (answers fail when the session simulates none). */
export interface SceneSource {
  /** The scene, the frame current when asked, or why there is none. */
  describe(): Promise<SceneResponse>;
  /** The scene's own look of its moving bodies (meshes as bytes; large, so asked for once per scene). */
  appearance(): Promise<SceneAppearanceResponse>;
  /** Ground-truth frames while the simulation runs (at most 30 a second). */
  onFrame(listener: (frame: SimulationFrame) => void): Unsubscribe;
  /** Every robot's visible 3-D drawings, when they change. */
  onDrawings3D(listener: (event: Drawings3DEvent) => void): Unsubscribe;
  /** Runs, pauses, steps or resets the simulation. */
  control(action: SimulationAction): Promise<SimulationStatus>;
}

/** The team monitor of the session (robots' team messages on the network). */
export interface TeamMonitorSource {
  /** The current frame (fails when the session has no team monitor). */
  state(): Promise<TeamMonitorFrame>;
  /** Frames as they change (at most 10 a second). */
  onFrame(listener: (frame: TeamMonitorFrame) => void): Unsubscribe;
  /** Starts or stops listening on a team's port. */
  listen(request: TeamListenRequest): Promise<TeamMonitorFrame>;
}

/** The session's automated test runs (`test game`, `test situation`) and their recorded logs. */
export interface TestRunSource {
  /** The current or last test (fails when the session has no test runner). */
  state(): Promise<TestRunsState>;
  /** The test as runs start and end. */
  onChange(listener: (state: TestRunsState) => void): Unsubscribe;
}

/** The session's console: lines in, printed output out. */
export interface ConsoleSource {
  /** Runs a line (its robot selection, global commands). */
  run(line: string): Promise<void>;
  /** Runs a script's lines in order. */
  runScript(name: string, text: string): Promise<void>;
  /** The names Tab completion offers. */
  completions(): Promise<CompletionSet>;
  /** The lines the console showed before this page connected (kept by the host until `cls`), oldest first. */
  transcript(): Promise<readonly ConsoleOutput[]>;
  /** Everything printed, and the console being cleared. */
  onOutput(listener: (output: ConsoleOutput) => void): Unsubscribe;
  onClear(listener: () => void): Unsubscribe;
}

/**
 * One robot's data source: everything a view of that robot reads and does, with what it can do
 * (`capabilities`). Views of one robot hold this, so they never name the robot again per call.
 */
export interface RobotSource {
  /** The robot's name in the session. */
  readonly robot: string;
  /** What this robot's source can do now (nothing until it is in the robot list). */
  capabilities(): SourceCapabilities;
  /** Listens to one of its streams (see RobotDataSource.subscribe). */
  subscribe<K extends StreamKind>(
    stream: K,
    key: string | undefined,
    listener: (item: StreamItem<K>) => void,
  ): Unsubscribe;
  /** Runs a console line in its console; output and errors appear in the console view. */
  run(line: string): Promise<void>;
  /** The newest image of its image view `view` newer than sequence number `after` (capability `images`). */
  image(view: string, after?: number): Promise<ImageFrameResponse>;
  /** The names it announced (drawings, plots, keys, threads). */
  names(): Promise<CompletionSet>;
  /** Its log's game-state changes and annotations (capability `seek`). */
  timeline(): Promise<LogTimeline>;
  /** Plays, pauses, seeks, steps, sets speed or loop (capabilities `seek`, `step`, `speed`). */
  control(action: PlaybackAction): Promise<LogPlayerState>;
}

/** Robot data for views: the session's sources, and one source per robot (`robot(name)`). */
export interface RobotDataSource {
  /** The data source of one robot (the same object for the same name; usable before the robot appears). */
  robot(name: string): RobotSource;
  /**
   * Listens to one robot's stream (narrowed to `key`: a view name, representation, thread, debug data key).
   * Several listeners of the same stream share one host subscription; a robot that is not there yet (or comes
   * back after a reconnect) is subscribed when it appears.
   */
  subscribe<K extends StreamKind>(
    robot: string,
    stream: K,
    key: string | undefined,
    listener: (item: StreamItem<K>) => void,
  ): Unsubscribe;
  /** Runs a console line in one robot's console; output and errors appear in the console view. */
  run(robot: string, line: string): Promise<void>;
  /** The session's console (the robot selection, global commands); output appears in the console view. */
  readonly console: ConsoleSource;
  /** The simulated scene, when the session simulates one. */
  readonly scene: SceneSource;
  /** The team monitor, when the session has one. */
  readonly teamMonitor: TeamMonitorSource;
  /** The test runs, when the session has a test runner. */
  readonly testRuns: TestRunSource;
  /** What `robot`'s source can do (nothing until it is in the robot list). */
  capabilities(robot: string): SourceCapabilities;
  /** The newest image of one of `robot`'s image views newer than `request.after` (capability `images`). */
  image(request: ImageFrameRequest): Promise<ImageFrameResponse>;
  /** Playback of replayed logs (capabilities `seek`, `step`, `speed`). */
  readonly playback: PlaybackSource;
  /** The names the robot announced (drawings, plots, keys, threads). */
  names(robot: string): Promise<CompletionSet>;
  /** The current robot list (empty until the first answer) and a listener for changes. */
  robots(): RobotList;
  onRobots(listener: (list: RobotList) => void): Unsubscribe;
  /** The views of every robot and a listener for changes. */
  views(): ViewList;
  onViews(listener: (list: ViewList) => void): Unsubscribe;
}
