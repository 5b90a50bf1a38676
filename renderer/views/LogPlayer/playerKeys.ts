/**
 * @file The log player's keyboard shortcuts (facts §4.2, active while the view has focus) as data: each key runs
 * the console command SimRobot's log player runs for it.
 */

/** The console command for `key` (a KeyboardEvent.key) given whether the log is playing; undefined for other keys. */
export function commandForKey(key: string, playing: boolean): string | undefined {
  switch (key) {
    case ' ':
      return playing ? 'log pause' : 'log start';
    case 'Home':
      return 'log stop';
    case 'End':
      return 'log repeat';
    case 'ArrowLeft':
      return 'log backward';
    case 'ArrowRight':
      return 'log forward';
    case 'ArrowUp':
      return 'log backward image';
    case 'ArrowDown':
      return 'log forward image';
    case 'PageUp':
      return 'log backward fast';
    case 'PageDown':
      return 'log forward fast';
    default:
      return undefined;
  }
}

/** Speeds offered in the speed menu (real-time factors), plus 'max'. */
export const SPEEDS: readonly (number | 'max')[] = [0.1, 0.25, 0.5, 1, 2, 5, 10, 'max'];
