/**
 * @file What a view is to the shell: a React component that gets its panel's identity, and the module shape the
 * view catalog loads lazily (one chunk per view).
 *
 * Keyboard contract: when a panel is entered by keyboard (F6, the command palette, the menu, the scene tree),
 * the shell focuses the view's element marked with the attribute `data-main-focus` (or the first focusable
 * element inside it), else the view's first focusable element that is not a button or field (its canvas,
 * chart or list), else its first control, else the panel itself. A view lists its keys in that element's
 * `aria-label` or `title`, and shows an `EmptyState` saying what to do whenever it has nothing to show.
 */
import type { ComponentType } from 'react';

/** Parameters a view was opened with (robot, view name, thread, key …); empty when opened from the View menu. */
export type ViewParams = Readonly<Record<string, string>>;

/** Props every view receives. */
export interface ViewProps {
  /** The dock panel's id (a view opened with different parameters gets another panel). */
  readonly panelId: string;
  /** The parameters of this panel. */
  readonly params: ViewParams;
}

/** The default export of a view folder's index. */
export interface ViewModule {
  readonly default: ComponentType<ViewProps>;
}
