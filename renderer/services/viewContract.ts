/**
 * @file What a view is to the shell: a React component that gets its panel's identity, and the module shape the
 * view catalog loads lazily (one chunk per view).
 */
import type { ComponentType } from 'react';

/** Props every view receives. */
export interface ViewProps {
  /** The dock panel's id (views may be opened more than once later). */
  readonly panelId: string;
}

/** The default export of a view folder's index. */
export interface ViewModule {
  readonly default: ComponentType<ViewProps>;
}
