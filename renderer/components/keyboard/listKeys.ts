/**
 * @file Where a key moves the current item of a list (arrow keys, Home, End, PageUp, PageDown), as a pure
 * function, so every list, table and toolbar of the IDE moves the same way and a test can check it.
 */

/** Which arrow keys move: Up/Down, Left/Right, or both. */
export type ListOrientation = 'vertical' | 'horizontal' | 'both';

/** Options of {@link listMove}. */
export interface ListMoveOptions {
  readonly orientation?: ListOrientation;
  /** Whether moving past an end continues at the other end (menus and toolbars do; tables do not). */
  readonly wrap?: boolean;
  /** Items PageUp/PageDown skip; 0 leaves those keys alone. */
  readonly page?: number;
}

/**
 * The index `key` moves to from `index` in a list of `count` items, or undefined when the key does not move
 * (another key, an empty list). From no current item (`index` −1) the first forward key goes to the first item
 * and the first backward key to the last.
 */
export function listMove(key: string, index: number, count: number, options: ListMoveOptions = {}): number | undefined {
  if (count <= 0) return undefined;
  const { orientation = 'vertical', wrap = false, page = 0 } = options;
  const vertical = orientation !== 'horizontal';
  const horizontal = orientation !== 'vertical';
  let delta: number;
  if ((key === 'ArrowDown' && vertical) || (key === 'ArrowRight' && horizontal)) delta = 1;
  else if ((key === 'ArrowUp' && vertical) || (key === 'ArrowLeft' && horizontal)) delta = -1;
  else if (key === 'PageDown' && page > 0) delta = page;
  else if (key === 'PageUp' && page > 0) delta = -page;
  else if (key === 'Home') return 0;
  else if (key === 'End') return count - 1;
  else return undefined;
  if (index < 0) return delta > 0 ? 0 : count - 1;
  const next = index + delta;
  if (wrap && Math.abs(delta) === 1) return (next + count) % count;
  return Math.min(count - 1, Math.max(0, next));
}
