/**
 * @file A keyboard cursor for a table or list that takes the focus as a whole (one Tab stop, rows are not
 * focusable themselves, `aria-activedescendant` names the current row): Up/Down, PageUp/PageDown, Home/End move
 * it, Enter or Space activates the row under it. The cursor is kept by row key, so it stays on its row while
 * rows come and go (a filter, new data).
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { listMove } from './listKeys';

/** Options of {@link useListCursor}. */
export interface ListCursorOptions {
  /** Enter or Space on a row. */
  readonly onActivate?: (key: string) => void;
  /** The cursor moved to a row by keyboard. */
  readonly onMove?: (key: string) => void;
  /** Rows PageUp/PageDown skip. */
  readonly page?: number;
}

/** What a list with a cursor needs. */
export interface ListCursor {
  /** The key of the row under the cursor, if that row is shown. */
  readonly cursor: string | undefined;
  /** Puts the cursor on a row (a click does, too). */
  readonly setCursor: (key: string | undefined) => void;
  /** The keydown handler of the focusable list element. */
  readonly onKeyDown: (event: KeyboardEvent) => void;
  /** The DOM id of row `key` (for `id` and the list's `aria-activedescendant`). */
  readonly rowId: (key: string) => string;
  /** `aria-activedescendant` of the list. */
  readonly activeDescendant: string | undefined;
  /** The props that make an element the cursor's grid: one Tab stop, these keys, `label` for screen readers. */
  readonly gridProps: (label: string) => GridProps;
}

/** Props of a grid element driven by a {@link ListCursor}. */
export interface GridProps {
  readonly role: 'grid';
  readonly tabIndex: 0;
  readonly 'aria-label': string;
  readonly 'aria-activedescendant': string | undefined;
  readonly onKeyDown: (event: KeyboardEvent) => void;
}

/** A cursor over the rows `keys` (in display order). */
export function useListCursor(keys: readonly string[], options: ListCursorOptions = {}): ListCursor {
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const prefix = useId();
  const index = cursor === undefined ? -1 : keys.indexOf(cursor);
  const rowId = (key: string): string => `${prefix}-row-${key.replace(/[^\w-]/g, '_')}`;
  const shown = index >= 0 ? cursor : undefined;

  useEffect(() => {
    if (shown !== undefined) document.getElementById(rowId(shown))?.scrollIntoView({ block: 'nearest' });
  }, [shown]); // rowId depends only on the prefix, which never changes

  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    if ((e.key === 'Enter' || e.key === ' ') && shown !== undefined) {
      e.preventDefault();
      options.onActivate?.(shown);
      return;
    }
    const next = listMove(e.key, index, keys.length, { page: options.page ?? 10 });
    if (next === undefined) return;
    e.preventDefault();
    setCursor(keys[next]);
    options.onMove?.(keys[next]!);
  };

  const activeDescendant = shown === undefined ? undefined : rowId(shown);
  const gridProps = (label: string): GridProps => ({
    role: 'grid',
    tabIndex: 0,
    'aria-label': label,
    'aria-activedescendant': activeDescendant,
    onKeyDown,
  });
  return { cursor: shown, setCursor, onKeyDown, rowId, activeDescendant, gridProps };
}
