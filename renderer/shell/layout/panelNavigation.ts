/**
 * @file Keyboard movement between dock panels: F6 / Shift+F6 walk through every open panel (group by group in
 * reading order, then tab by tab) and put the focus into it; Alt+W closes the panel holding the focus and moves
 * the focus into the panel that takes its place.
 */
import type { DockviewApi, IDockviewPanel } from 'dockview';
import { focusPanel, panelIdOfElement } from './panelFocus';

/** Every panel: groups top to bottom, left to right, each group's tabs in their order. */
export function panelsInReadingOrder(api: DockviewApi): IDockviewPanel[] {
  const placed = api.groups.map((group) => ({ group, box: group.element.getBoundingClientRect() }));
  // Rows are compared with a little tolerance: splitters leave groups of one row a pixel or two apart.
  placed.sort((a, b) => (Math.abs(a.box.top - b.box.top) > 4 ? a.box.top - b.box.top : a.box.left - b.box.left));
  return placed.flatMap(({ group }) => group.panels);
}

/**
 * Moves the focus `delta` panels on from the one holding it (wrapping around). With the focus outside the
 * dock (menu, scene tree) it goes to the active panel first.
 */
export function focusAdjacentPanel(api: DockviewApi, delta: 1 | -1): void {
  const panels = panelsInReadingOrder(api);
  if (panels.length === 0) return;
  const current = panels.findIndex((p) => p.id === panelIdOfElement(document.activeElement));
  const next =
    current < 0 ? (api.activePanel ?? panels[0]!) : panels[(current + delta + panels.length) % panels.length]!;
  next.api.setActive();
  focusPanel(next.id);
}

/** Closes the panel holding the focus (else the active one) and focuses the panel that is active afterwards. */
export function closeFocusedPanel(api: DockviewApi): void {
  const id = panelIdOfElement(document.activeElement) ?? api.activePanel?.id;
  const panel = id === undefined ? undefined : api.getPanel(id);
  if (!panel) return;
  panel.api.close();
  const after = api.activePanel;
  if (after) focusPanel(after.id);
}
