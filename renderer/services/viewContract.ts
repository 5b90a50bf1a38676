/**
 * @file What a view is to the shell: a React component that gets its panel's identity, and the module shape the
 * view catalog loads lazily (one chunk per view).
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
