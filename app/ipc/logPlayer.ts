/**
 * @file The bridge channels of the log player and annotation views: the state of every replayed robot (streamed
 * while it changes), the timeline of a log (game-state changes and annotations, read once from the file and its
 * index), stop-on-annotation and typed playback control (`pitchside:log.control`: play, pause, stop, seek, step,
 * speed, loop), which acts on the player exactly as the robot's `log …` console commands do.
 */

/** Request channels of the log views. */
export const LOG_PLAYER_REQUEST_CHANNELS = [
  'pitchside:log.players',
  'pitchside:log.timeline',
  'pitchside:log.stopOnAnnotation',
  'pitchside:log.control',
] as const;

/** Event channels of the log views. */
export const LOG_PLAYER_EVENT_CHANNELS = ['pitchside:log.state'] as const;

/** A log view request channel. */
export type LogPlayerRequestChannel = (typeof LOG_PLAYER_REQUEST_CHANNELS)[number];

const LOG_PLAYER_REQUEST_SET: ReadonlySet<string> = new Set(LOG_PLAYER_REQUEST_CHANNELS);

/** True for the channels of this file (validation and dispatch branch on it). */
export function isLogPlayerRequestChannel(channel: string): channel is LogPlayerRequestChannel {
  return LOG_PLAYER_REQUEST_SET.has(channel);
}

/** Stop-on-annotation settings of one replayed robot. */
export interface StopOnAnnotation {
  readonly enabled: boolean;
  /** Only annotations whose name or text match stop playback (empty: all). */
  readonly filter: string;
  /** Whether `filter` is a regular expression (else a case-insensitive substring). */
  readonly regex: boolean;
}

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

/**
 * What `pitchside:log.control` asks of a replayed robot's player. Play, pause, stop, speed and loop act on every
 * log opened together with it (`sml`), as `log start` does; the others on its own player.
 */
export type PlaybackAction =
  | { readonly kind: 'play' | 'pause' | 'stop' | 'repeat' }
  /** Pauses at `frame` (replaying from the second image frame before it). */
  | { readonly kind: 'seek'; readonly frame: number }
  /** Pauses and moves `frames` frames (negative: back). */
  | { readonly kind: 'step'; readonly frames: number }
  /** Pauses at the next (1) or previous (−1) image frame. */
  | { readonly kind: 'stepImage'; readonly direction: 1 | -1 }
  | { readonly kind: 'speed'; readonly speed: number | 'max' }
  | { readonly kind: 'loop'; readonly loop: boolean };

/** Request/response types of the channels above. */
export interface LogPlayerRequests {
  'pitchside:log.players': { request: Record<string, never>; response: LogPlayersState };
  'pitchside:log.timeline': { request: { readonly robot: string }; response: LogTimeline };
  'pitchside:log.stopOnAnnotation': {
    request: { readonly robot: string } & StopOnAnnotation;
    response: LogPlayerState;
  };
  'pitchside:log.control': {
    request: { readonly robot: string; readonly action: PlaybackAction };
    response: LogPlayerState;
  };
}

/** Payload types of the events above. */
export interface LogPlayerEvents {
  'pitchside:log.state': LogPlayersState;
}
