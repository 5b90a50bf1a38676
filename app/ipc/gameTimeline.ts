/**
 * @file The bridge channels of a replayed game (`sml` on a recording directory): its timeline on the game clock
 * (game states, kick-offs, goals, penalties, falls, annotations of all robots, team messages per second) and a seek
 * of all its robots to one game time.
 */
import { takes, text, Type } from './schema';
import { MAX_ROBOT_NAME } from './logPlayer';

/** What a game timeline marker marks. */
export type GameMarkerKind = 'gameState' | 'kickOff' | 'goal' | 'penalty' | 'fall' | 'annotation';

/** One mark on the game timeline. */
export interface GameTimelineMarker {
  /** Game time (ms, the game clock). */
  readonly time: number;
  readonly kind: GameMarkerKind;
  readonly label: string;
  /** The robot it is about (falls, annotations). */
  readonly robot?: string;
}

/** How one robot's log maps onto the game clock. */
export interface GameRobotClock {
  readonly robot: string;
  /** Its clock minus the game clock (ms). */
  readonly offset: number;
  /** GameController packets matched (0: its own time stamps are used). */
  readonly samples: number;
  /** How much the matched packets disagree (ms). */
  readonly spread: number;
}

/** `pitchside:game.timeline` response. */
export interface GameTimeline {
  /** First and last game time of any robot's frames (ms). */
  readonly start: number;
  readonly end: number;
  /** How the clocks were aligned: by GameController packets, or every log's own frame times. */
  readonly method: 'gameController' | 'frameTime';
  /** Whose clock is the game's. */
  readonly reference: string;
  readonly robots: readonly GameRobotClock[];
  /** The game recording's file name, when the game has one. */
  readonly recording?: string;
  readonly markers: readonly GameTimelineMarker[];
  /** Team messages on the air per bin of `binMs`, from `start` on. */
  readonly teamMessages: { readonly binMs: number; readonly counts: readonly number[] };
}

/** Largest game time a seek accepts (ms; about 24 days, beyond any game). */
export const MAX_GAME_TIME = 2 ** 31;

/** The contracts of the channels above. */
export const GAME_TIMELINE_REQUESTS = {
  /** The timeline of the game `robot` is replayed in. */
  'pitchside:game.timeline': takes(
    Type.Object({ robot: text(MAX_ROBOT_NAME, { minLength: 1 }) }),
  ).answers<GameTimeline>(),
  /** Pauses every robot of `robot`'s game at game time `time`. */
  'pitchside:game.seek': takes(
    Type.Object({
      robot: text(MAX_ROBOT_NAME, { minLength: 1 }),
      time: Type.Number({ minimum: -MAX_GAME_TIME, maximum: MAX_GAME_TIME }),
    }),
  ).answers<{ readonly time: number }>(),
};
