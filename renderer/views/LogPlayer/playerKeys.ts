/**
 * @file The log player's keyboard shortcuts (formats §4.2, active while the view has focus) as data: each key does
 * what SimRobot's log player does for it, as a typed playback action.
 */
import type { PlaybackAction } from '@app/ipc/logPlayer';

/** Frames the fast buttons and PageUp/PageDown move. */
export const FAST_STEP = 100;

/** The action for `key` (a KeyboardEvent.key) given whether the log is playing; undefined for other keys. */
export function actionForKey(key: string, playing: boolean): PlaybackAction | undefined {
  switch (key) {
    case ' ':
      return { kind: playing ? 'pause' : 'play' };
    case 'Home':
      return { kind: 'stop' };
    case 'End':
      return { kind: 'repeat' };
    case 'ArrowLeft':
      return { kind: 'step', frames: -1 };
    case 'ArrowRight':
      return { kind: 'step', frames: 1 };
    case 'ArrowUp':
      return { kind: 'stepImage', direction: -1 };
    case 'ArrowDown':
      return { kind: 'stepImage', direction: 1 };
    case 'PageUp':
      return { kind: 'step', frames: -FAST_STEP };
    case 'PageDown':
      return { kind: 'step', frames: FAST_STEP };
    default:
      return undefined;
  }
}

/** Speeds offered in the speed menu (real-time factors), plus 'max'. */
export const SPEEDS: readonly (number | 'max')[] = [0.1, 0.25, 0.5, 1, 2, 5, 10, 'max'];

/** The speeds of a replayed game (its clock runs up to 128× real time, as the team communication monitor's). */
export const GAME_SPEEDS: readonly (number | 'max')[] = [0.1, 0.25, 0.5, 1, 2, 5, 10, 32, 128];
