/**
 * @file The bridge channels of the simulation and of the scene-level views (3-D scene, camera images,
 * GameController): what the host streams about the simulated world and what the renderer may ask of it. Kept
 * apart from messages.ts so the data layer and the simulation can grow independently; channels.ts and
 * messages.ts only splice these lists and maps in.
 */
import type { Static } from '@sinclair/typebox';
import type { Shape3D } from '../../robot-runtime/protocol/debugMessages/drawing3d';
import { NO_FIELDS, oneOf, takes, text, Type } from './schema';
import type { WireShape2D } from './viewData';

/** Event channels of the simulation and scene views. */
export const SIMULATION_EVENT_CHANNELS = ['pitchside:sim.state', 'pitchside:scene.drawings3d'] as const;

/** Longest robot or view name the simulation's channels accept. */
export const MAX_VIEW_NAME = 256;

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
export const SIMULATION_ACTIONS = ['runPause', 'run', 'pause', 'step', 'reset'] as const;

/** A simulation control action. */
export type SimulationAction = (typeof SIMULATION_ACTIONS)[number];

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
  /**
   * Articulated simulation: where the physics has each body of the robot's `RobotAppearance.bodies`, in that
   * order, 7 numbers per body: position (mm, field frame) and orientation quaternion (w, x, y, z).
   */
  readonly links?: readonly number[];
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
  readonly ball?: {
    readonly x: number;
    readonly y: number;
    readonly z: number;
    /** Articulated simulation: the ball's orientation quaternion (w, x, y, z), so its pattern rolls. */
    readonly rotation?: readonly [number, number, number, number];
  };
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

const ImageFrameRequestSchema = Type.Object({
  robot: text(MAX_VIEW_NAME, { minLength: 1 }),
  view: text(MAX_VIEW_NAME, { minLength: 1 }),
  after: Type.Optional(Type.Integer({ minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })),
});

/**
 * `pitchside:image.frame` request: the newest image of a `vi` view (listed by `pitchside:views.list`) newer than
 * `after` (a previous `seq`).
 */
export type ImageFrameRequest = Static<typeof ImageFrameRequestSchema>;

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

/**
 * A triangle mesh of the scene's appearances in the frame of its part. The arrays travel as bytes (little-endian,
 * binary on both bridges), once per scene.
 */
export interface WireMesh {
  /** Float32 x, y, z per vertex (m). */
  readonly vertices: Uint8Array;
  /** Float32 x, y, z per vertex, when the scene gives normals. */
  readonly normals?: Uint8Array;
  /** Uint32 vertex indices, three per triangle. */
  readonly triangles: Uint8Array;
}

/** What a part is: a mesh of `SceneAppearance.meshes` or a primitive (m; cylinders and capsules along z). */
export type WireShape =
  | { readonly kind: 'mesh'; readonly mesh: number }
  | { readonly kind: 'box'; readonly size: readonly [number, number, number] }
  | { readonly kind: 'sphere'; readonly radius: number }
  | { readonly kind: 'cylinder' | 'capsule'; readonly radius: number; readonly height: number };

/** One drawable part of a body. */
export interface WirePart {
  readonly shape: WireShape;
  /** Pose in the body's frame: position (m) and quaternion (w, x, y, z). */
  readonly pose: readonly number[];
  /** Diffuse colour, CSS hex. */
  readonly color: string;
  /** Index into `SceneAppearance.textures` of a textured sphere (the ball). */
  readonly texture?: number;
}

/** A body of the scene and the parts it is drawn with. */
export interface WireBody {
  /** Scene body name (`Head`, `LFoot`, `ball`). */
  readonly name: string;
  readonly parts: readonly WirePart[];
}

/** The look of a robot: its bodies in the order of `RobotFrame.links`. */
export interface RobotAppearance {
  readonly name: string;
  readonly bodies: readonly WireBody[];
}

/** The scene's own look of its moving bodies (sent once per scene; poses stream in `SimulationFrame`). */
export interface SceneAppearance {
  /** Meshes shared by every part that uses them. */
  readonly meshes: readonly WireMesh[];
  /** Image files (PNG bytes) of textures. */
  readonly textures: readonly { readonly png: Uint8Array }[];
  /** Robots whose frames carry `links` (articulated scenes). */
  readonly robots: readonly RobotAppearance[];
  /** The ball, posed by `SimulationFrame.ball`. */
  readonly ball?: WireBody;
}

/** `pitchside:sim.appearance`: the loaded scene's appearance (absent while none is loaded). */
export interface SceneAppearanceResponse {
  readonly appearance?: SceneAppearance;
  /** The scene it belongs to (`SceneDescription.file`). */
  readonly file?: string;
}

/** The contracts of the channels above. */
export const SIMULATION_REQUESTS = {
  'pitchside:sim.scene': takes(NO_FIELDS).answers<SceneResponse>(),
  'pitchside:sim.control': takes(Type.Object({ action: oneOf(SIMULATION_ACTIONS) })).answers<SimulationStatus>(),
  'pitchside:sim.appearance': takes(NO_FIELDS).answers<SceneAppearanceResponse>(),
  'pitchside:image.frame': takes(ImageFrameRequestSchema).answers<ImageFrameResponse>(),
};

/** Payload types of the events above. */
export interface SimulationEvents {
  'pitchside:sim.state': SimulationFrame;
  'pitchside:scene.drawings3d': Drawings3DEvent;
}
