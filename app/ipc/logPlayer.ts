/**
 * @file The bridge channels of the log player and annotation views: the state of every replayed robot (streamed
 * while it changes), the timeline of a log (game-state changes and annotations, read once from the file and its
 * index), stop-on-annotation and typed playback control (`pitchside:log.control`: play, pause, stop, seek, step,
 * speed, loop), which acts on the player exactly as the robot's `log …` console commands do.
 */
import type { Static } from '@sinclair/typebox';
import { NO_FIELDS, tagged, takes, text, Type } from './schema';

/** Event channels of the log views. */
export const LOG_PLAYER_EVENT_CHANNELS = ['pitchside:log.state'] as const;

/** Longest robot name the log views' channels accept. */
export const MAX_ROBOT_NAME = 256;
/** Longest annotation filter accepted (annotation texts are short; so are useful patterns, compiled as a RegExp). */
export const MAX_FILTER = 200;
/** Largest frame number or step accepted (far beyond any log; keeps arithmetic exact). */
export const MAX_FRAME = 2 ** 31;

const RobotName = text(MAX_ROBOT_NAME, { minLength: 1 });

const StopOnAnnotationSchema = Type.Object({
  enabled: Type.Boolean(),
  /** Only annotations whose name or text match stop playback (empty: all). */
  filter: text(MAX_FILTER),
  /** Whether `filter` is a regular expression (else a case-insensitive substring). */
  regex: Type.Boolean(),
});

/** Stop-on-annotation settings of one replayed robot. */
export type StopOnAnnotation = Static<typeof StopOnAnnotationSchema>;

/** The playback state of one replayed robot. */
export interface LogPlayerState {
  readonly robot: string;
  /** The log's file name (without folders). */
  readonly file: string;
  readonly frameCount: number;
  /** The last frame played (−1: before the first). */
  readonly current: number;
  readonly state: 'playing' | 'paused' | 'stopped';
  readonly loop: boolean;
  /** Real-time factor (0.1 … 10) or as fast as possible. */
  readonly speed: number | 'max';
  /** FrameInfo time (ms) of the last played frame that had one. */
  readonly time?: number;
  /** Thread of the current frame. */
  readonly thread?: string;
  /** Whether the current frame holds a camera image. */
  readonly image: boolean;
  /** Threads with frames in the log. */
  readonly threads: readonly string[];
  /** Frames that reported a problem so far. */
  readonly damaged: number;
  readonly stopOnAnnotation: StopOnAnnotation;
  /** In a replayed game (`sml` of a recording): the robots of the game, all on its clock. */
  readonly game?: readonly string[];
  /** In a replayed game: the game time (ms, the game clock). */
  readonly gameTime?: number;
}

/** `pitchside:log.players` response and `pitchside:log.state` event: every replayed robot. */
export interface LogPlayersState {
  readonly players: readonly LogPlayerState[];
}

/** A mark on the timeline. */
export interface LogTimelineMarker {
  readonly frame: number;
  readonly thread: string;
  readonly kind: 'gameState' | 'gameController' | 'annotation';
  readonly label: string;
}

/** An annotation of a log (from its index). */
export interface LogAnnotationEntry {
  readonly frame: number;
  readonly thread: string;
  readonly name: string;
  readonly description: string;
}

/** `pitchside:log.timeline` response. */
export interface LogTimeline {
  readonly robot: string;
  readonly frameCount: number;
  readonly markers: readonly LogTimelineMarker[];
  readonly annotations: readonly LogAnnotationEntry[];
}

/** A playback action without arguments. */
const simpleAction = <K extends string>(kind: K) => Type.Object({ kind: Type.Literal(kind) });

const PlaybackActionSchema = tagged('kind', [
  simpleAction('play'),
  simpleAction('pause'),
  simpleAction('stop'),
  simpleAction('repeat'),
  /** Pauses at `frame` (replaying from the second image frame before it). */
  Type.Object({ kind: Type.Literal('seek'), frame: Type.Integer({ minimum: 0, maximum: MAX_FRAME }) }),
  /** Pauses and moves `frames` frames (negative: back). */
  Type.Object({ kind: Type.Literal('step'), frames: Type.Integer({ minimum: -MAX_FRAME, maximum: MAX_FRAME }) }),
  /** Pauses at the next (1) or previous (−1) image frame. */
  Type.Object({ kind: Type.Literal('stepImage'), direction: Type.Union([Type.Literal(1), Type.Literal(-1)]) }),
  /** A real-time factor (positive) or as fast as possible. */
  Type.Object({
    kind: Type.Literal('speed'),
    speed: Type.Union([Type.Literal('max'), Type.Number({ exclusiveMinimum: 0 })]),
  }),
  Type.Object({ kind: Type.Literal('loop'), loop: Type.Boolean() }),
]);

/**
 * What `pitchside:log.control` asks of a replayed robot's player. Play, pause, stop, speed and loop act on every
 * log opened together with it (`sml`), as `log start` does; the others on its own player.
 */
export type PlaybackAction = Static<typeof PlaybackActionSchema>;

/** The contracts of the channels above. */
export const LOG_PLAYER_REQUESTS = {
  'pitchside:log.players': takes(NO_FIELDS).answers<LogPlayersState>(),
  'pitchside:log.timeline': takes(Type.Object({ robot: RobotName })).answers<LogTimeline>(),
  'pitchside:log.stopOnAnnotation': takes(
    Type.Object({ robot: RobotName, ...StopOnAnnotationSchema.properties }),
  ).answers<LogPlayerState>(),
  'pitchside:log.control': takes(
    Type.Object({ robot: RobotName, action: PlaybackActionSchema }),
  ).answers<LogPlayerState>(),
};

/** Payload types of the events above. */
export interface LogPlayerEvents {
  'pitchside:log.state': LogPlayersState;
}
