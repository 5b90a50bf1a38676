/**
 * @file Every view the IDE offers, loaded on first use (one chunk per view, Lichtblick's panel catalog). Adding a
 * view means adding its folder under views/ and one entry here; views never import each other.
 */
import type { ViewModule } from '../services/viewContract';

/** A view the shell can open. */
export interface ViewDescriptor {
  /** Stable id, used in saved layouts and by the `view.open` command. */
  readonly id: string;
  readonly title: string;
  /** One line for menus and the tree. */
  readonly description: string;
  readonly load: () => Promise<ViewModule>;
}

/** The built-in views. */
export const VIEW_CATALOG: readonly ViewDescriptor[] = [
  { id: 'console', title: 'Console', description: 'Command line, output and .con scripts', load: () => import('../views/Console') },
];

/** The descriptor of `id`, or undefined. */
export function findView(id: string): ViewDescriptor | undefined {
  return VIEW_CATALOG.find((v) => v.id === id);
}
