/**
 * @file The bridge channels of the simulation and of the scene-level views (3-D scene, camera images,
 * GameController): what the host streams about the simulated world and what the renderer may ask of it. Kept
 * apart from messages.ts so the data layer and the simulation can grow independently; channels.ts and
 * messages.ts only splice these lists and maps in.
 */
import type { Shape3D } from '../../robot-runtime/protocol/debugMessages/drawing3d';
import type { WireShape2D } from './viewData';

/** Request channels of the simulation and scene views. */
export const SIMULATION_REQUEST_CHANNELS = [
  'pitchside:sim.scene',
  'pitchside:sim.control',
  'pitchside:image.frame',
] as const;

/** Event channels of the simulation and scene views. */
export const SIMULATION_EVENT_CHANNELS = ['pitchside:sim.state', 'pitchside:scene.drawings3d'] as const;

/** A simulation request channel. */
export type SimulationRequestChannel = (typeof SIMULATION_REQUEST_CHANNELS)[number];

const SIMULATION_REQUEST_SET: ReadonlySet<string> = new Set(SIMULATION_REQUEST_CHANNELS);

/** True for the channels of this file (validation and dispatch branch on it). */
export function isSimulationRequestChannel(channel: string): channel is SimulationRequestChannel {
  return SIMULATION_REQUEST_SET.has(channel);
}

/** SPL field dimensions (mm) as the 3-D view draws them. */
export interface FieldGeometry {
  readonly length: number;
  readonly width: number;
  readonly lineWidth: number;
  readonly centerCircleDiameter: number;
  readonly penaltyAreaLength: number;
  readonly penaltyAreaWidth: number;
  readonly goalAreaLength: number;
  readonly goalAreaWidth: number;
  readonly penaltyMarkDistance: number;
  readonly penaltyMarkSize: number;
  readonly borderStripWidth: number;
  readonly goalInnerWidth: number;
  readonly goalPostDiameter: number;
  readonly goalHeight: number;
  readonly goalDepth: number;
}

/** A body of the scene that moves: a controlled robot or a dummy. */
export interface SceneRobot {
  readonly name: string;
  /** 0 = first team (defends −x in the first half), 1 = second team. */
  readonly team: 0 | 1;
  readonly playerNumber: number;
  /** Whether it runs a robot program (false: dummy). */
  readonly controlled: boolean;
  /** Full scene path for `mvo`. */
  readonly objectPath: string;
  /** Jersey colour, CSS hex. */
  readonly color: string;
  /** Height of the torso origin above the ground with straight legs (mm). */
  readonly torsoHeight: number;
}

/** The static part of a loaded scene (sent once; poses stream in `SimulationFrame`). */
export interface SceneDescription {
  readonly name: string;
  readonly file: string;
  readonly field: FieldGeometry;
  readonly ball?: { readonly radius: number; readonly color: string };
  readonly robots: readonly SceneRobot[];
  readonly teams: readonly [SceneTeam, SceneTeam];
  /** Names of the values in `RobotFrame.joints`, in order (B-Human's joint order). */
  readonly jointNames: readonly string[];
  /** Simulation step (s). */
  readonly stepLength: number;
}

/** A team as the GameController knows it. */
export interface SceneTeam {
  readonly number: number;
  /** Field player and goalkeeper colours, CSS hex. */
  readonly color: string;
  readonly goalkeeperColor: string;
}

/** `pitchside:sim.scene`: the loaded scene, or why there is none. */
export interface SceneResponse {
  readonly scene?: SceneDescription;
  /** True while the simulation is still loading (ask again after the first `sim.state`). */
  readonly loading?: boolean;
  /** A scene that failed to load (file:line and element). */
  readonly error?: string;
  /** The current frame (views opened while the simulation is paused get no stream until something moves). */
  readonly frame?: SimulationFrame;
}

/** Simulation control actions (F5, F8, Shift+F5). */
export type SimulationAction = 'runPause' | 'run' | 'pause' | 'step' | 'reset';

/** Run state of the simulation. */
export interface SimulationStatus {
  readonly running: boolean;
  /** Simulated time (ms). */
  readonly time: number;
  readonly steps: number;
}

/** One robot's ground truth in a frame (field frame, mm and rad). */
export interface RobotFrame {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly rotation: number;
  readonly fallen: boolean;
  /** Measured joint angles (rad) in `SceneDescription.jointNames` order; absent for dummies. */
  readonly joints?: readonly number[];
  /**
   * Articulated simulation: torso height (mm), roll and pitch (rad) relative to the robot's heading, as the
   * physics has them (a robot lying on its side lies so); absent in capsule scenes.
   */
  readonly torso?: { readonly z: number; readonly roll: number; readonly pitch: number };
}

/** One player's penalty. */
export interface PlayerPenalty {
  readonly playerNumber: number;
  /** Penalty name (`none`, `playerPushing`, …). */
  readonly penalty: string;
  readonly secsTillUnpenalised: number;
}

/** One team in the GameController's state. */
export interface TeamStatus {
  readonly number: number;
  readonly score: number;
  readonly messageBudget: number;
  /** Players 1…playersPerTeam. */
  readonly players: readonly PlayerPenalty[];
}

/** The GameController's state for the panel and the 3-D view's scoreboard. */
export interface GameStatus {
  /** `initial`, `standby`, `ready`, `set`, `playing`, `finished`. */
  readonly state: string;
  /** `none`, `goalKick`, `kickIn`, … */
  readonly setPlay: string;
  readonly firstHalf: boolean;
  /** Team index (0/1) with the kick-off or set play; undefined when nobody has it. */
  readonly kickingTeam?: 0 | 1;
  readonly secsRemaining: number;
  readonly secondaryTime: number;
  readonly teams: readonly [TeamStatus, TeamStatus];
}

/** `pitchside:sim.state`: ground truth and game state, at most 30 times a second. */
export interface SimulationFrame extends SimulationStatus {
  readonly robots: readonly RobotFrame[];
  readonly ball?: { readonly x: number; readonly y: number; readonly z: number };
  readonly game: GameStatus;
  /** Simulated seconds per wall-clock second over the last second (0 while paused). */
  readonly realTimeFactor: number;
}

/** What a 3-D drawing is attached to (formats §5.2). */
export type Drawing3DAttachment = 'field' | 'robot' | 'camera' | string;

/** The latest shapes of one 3-D drawing of one robot's thread. */
export interface Drawing3D {
  readonly robot: string;
  readonly thread: string;
  readonly name: string;
  /** The drawing's declared type: where it is attached. */
  readonly type: Drawing3DAttachment;
  /** Shapes in the attachment's frame (mm, rad); IMAGE3D shapes are not forwarded. */
  readonly shapes: readonly Shape3D[];
}

/** `pitchside:scene.drawings3d`: every robot's visible 3-D drawings (sent when they change). */
export interface Drawings3DEvent {
  readonly drawings: readonly Drawing3D[];
}

/** `pitchside:image.frame` request: the newest image of a `vi` view (listed by `pitchside:views.list`) newer than `after` (a previous `seq`). */
export interface ImageFrameRequest {
  readonly robot: string;
  readonly view: string;
  readonly after?: number;
}

/** Pixel layouts the image view decodes. */
export type ImagePixelFormat = 'yuyv' | 'rgb' | 'bgra' | 'yuv' | 'gray';

/** One image and the drawings painted on it. */
export interface ImageFrame {
  readonly robot: string;
  readonly view: string;
  readonly thread: string;
  /** Increases with every new image of the view. */
  readonly seq: number;
  readonly width: number;
  readonly height: number;
  readonly format: ImagePixelFormat;
  /** The pixels (binary on both bridges: structured clone over IPC, a binary frame on the WebSocket). */
  readonly data: Uint8Array;
  /** Robot time of the image (ms), when known. */
  readonly timestamp?: number;
  readonly drawings: readonly { readonly name: string; readonly shapes: readonly WireShape2D[] }[];
}

/** `pitchside:image.frame` response. */
export interface ImageFrameResponse {
  /** Absent when there is nothing newer than `after`. */
  readonly frame?: ImageFrame;
  /** What to do when the view has no image yet. */
  readonly notice?: string;
}

/** Request/response types of the channels above. */
export interface SimulationRequests {
  'pitchside:sim.scene': { request: Record<string, never>; response: SceneResponse };
  'pitchside:sim.control': { request: { readonly action: SimulationAction }; response: SimulationStatus };
  'pitchside:image.frame': { request: ImageFrameRequest; response: ImageFrameResponse };
}

/** Payload types of the events above. */
export interface SimulationEvents {
  'pitchside:sim.state': SimulationFrame;
  'pitchside:scene.drawings3d': Drawings3DEvent;
}
