/**
 * @file Finding what the keyboard can reach inside an element, and moving focus among a set of elements with
 * the list keys (toolbars, tables whose rows take focus, trees).
 */
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { listMove, type ListMoveOptions } from './listKeys';

/** Elements that take focus with Tab unless disabled or taken out by tabindex="-1". */
const TABBABLE = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]';

/** Whether `el` is rendered (not display:none, not in a closed details, not hidden). */
export function isShown(el: Element): boolean {
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

/** Whether Tab can reach `el`. */
export function isTabbable(el: HTMLElement): boolean {
  return el.matches(TABBABLE) && el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && isShown(el);
}

/** The elements inside `root` that Tab reaches, in document order. */
export function tabbablesWithin(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(isTabbable);
}

/**
 * Moves focus among `items` (the one holding focus is the current one) when `event` is a list key; returns
 * whether it did (the event is then consumed).
 */
export function moveFocusAmong(
  event: ReactKeyboardEvent | KeyboardEvent,
  items: readonly HTMLElement[],
  options?: ListMoveOptions,
): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  const current = items.findIndex((el) => el === document.activeElement || el.contains(document.activeElement));
  const next = listMove(event.key, current, items.length, options);
  if (next === undefined) return false;
  event.preventDefault();
  items[next]!.focus();
  return true;
}

/** A keydown handler for a toolbar: Left/Right (and Home/End) move between its controls. */
export function toolbarKeys(event: ReactKeyboardEvent<HTMLElement>): void {
  // Controls that use the arrows themselves (a text field, a drop-down) keep them.
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  moveFocusAmong(event, tabbablesWithin(event.currentTarget), { orientation: 'horizontal', wrap: true });
}

/** Props of a view's keyboard surface; see {@link keyboardSurface}. */
export interface KeyboardSurfaceProps {
  readonly tabIndex: 0;
  readonly 'data-main-focus': '';
  readonly 'aria-label': string;
}

/**
 * Props of the element a view is driven from by keyboard (its canvas, chart, list or body): Tab reaches it, the
 * shell focuses it when the panel is entered (`data-main-focus`, the contract in services/viewContract.ts) and
 * `keys`, its accessible name, says which keys do what there. One function, so that no view's surface lacks one
 * of the three.
 */
export function keyboardSurface(keys: string): KeyboardSurfaceProps {
  return { tabIndex: 0, 'data-main-focus': '', 'aria-label': keys };
}

/**
 * Props of a filter box above a list: Down moves into the list (when it has rows), and the box takes the view's
 * main focus while the list is empty.
 */
export function filterBoxKeys(
  list: { readonly current: HTMLElement | null },
  rows: number,
): {
  onKeyDown: (event: ReactKeyboardEvent<HTMLInputElement>) => void;
  'data-main-focus'?: '';
} {
  return {
    onKeyDown: (event) => {
      if (event.key !== 'ArrowDown' || rows === 0) return;
      event.preventDefault();
      list.current?.focus();
    },
    ...(rows === 0 ? { 'data-main-focus': '' as const } : {}),
  };
}

/**
 * Makes a group of many focusable items one Tab stop (a tree, a toolbar): Tab and Shift+Tab from inside `group`
 * leave it for the next or previous focusable element of the page, while the arrows move inside. Returns whether
 * it handled the event.
 */
export function leaveGroupOnTab(event: ReactKeyboardEvent<HTMLElement>): boolean {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return false;
  const group = event.currentTarget;
  const all = tabbablesWithin(document.body);
  const inside = all.filter((el) => group.contains(el));
  if (inside.length < 2) return false; // one stop already: the browser's own Tab is right
  const outside = event.shiftKey
    ? all.slice(0, all.indexOf(inside[0]!)).reverse()
    : all.slice(all.indexOf(inside[inside.length - 1]!) + 1);
  const target = outside[0];
  if (!target) return false;
  event.preventDefault();
  target.focus();
  return true;
}
