/**
 * @file Moving the keyboard focus into a dock panel. Views load lazily, so a request for a panel whose view has
 * not rendered yet waits until it has. Inside a panel the focus goes to the view's main element: the one it
 * marks with `data-main-focus` (see viewContract.ts), else its own focus surface (a focusable canvas, chart or
 * list rather than a toolbar button), else the first control, else the panel itself.
 */
import { isShown, isTabbable, tabbablesWithin } from '../../components/keyboard/focusables';

/** The panel wrappers LazyView rendered, and whether their view has rendered into them. */
const panels = new Map<string, { element: HTMLElement; ready: boolean }>();
/** Panels that should take focus once their view has rendered, with when that was asked. */
const pending = new Map<string, number>();
/** A request older than this is dropped (the view failed to load, the panel was closed meanwhile). */
const PENDING_MS = 15_000;

/** Attribute of the panel wrapper that carries the panel id (F6 finds the panel holding the focus by it). */
export const PANEL_ID_ATTRIBUTE = 'data-panel-id';

/** Native controls: a view's own focus surface is something else (canvas, chart, list, table body). */
const CONTROLS = 'a, button, input, select, textarea, summary';

/** The element of `root` that should take focus when its panel is entered. */
export function mainFocusTarget(root: HTMLElement): HTMLElement {
  const marked = [...root.querySelectorAll<HTMLElement>('[data-main-focus]')].find(isShown);
  if (marked) {
    if (isTabbable(marked)) return marked;
    const inner = tabbablesWithin(marked)[0];
    if (inner) return inner;
  }
  const reachable = tabbablesWithin(root);
  return reachable.find((el) => !el.matches(CONTROLS)) ?? reachable[0] ?? root;
}

/** How long a panel that only had itself to focus waits for its view to render something focusable. */
const LATE_CONTENT_MS = 5_000;

/**
 * Focuses the main element of `root`. A view still waiting for its data offers nothing focusable yet: the
 * panel itself takes the focus, and hands it to the main element if that appears soon (while the user has not
 * moved the focus elsewhere).
 */
function focusInto(root: HTMLElement): void {
  const target = mainFocusTarget(root);
  target.focus();
  if (target !== root) return;
  const observer = new MutationObserver(() => {
    if (document.activeElement !== root) return observer.disconnect();
    const late = mainFocusTarget(root);
    if (late === root) return;
    observer.disconnect();
    late.focus();
  });
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-main-focus', 'tabindex', 'disabled'],
  });
  setTimeout(() => observer.disconnect(), LATE_CONTENT_MS);
}

/** Called by LazyView when it renders panel `panelId`'s wrapper; returns the function to call when it goes. */
export function panelAttached(panelId: string, element: HTMLElement): () => void {
  panels.set(panelId, { element, ready: false });
  return () => {
    if (panels.get(panelId)?.element === element) panels.delete(panelId);
  };
}

/** Called by LazyView once the view of `panelId` rendered (or failed to): a waiting focus request goes there now. */
export function panelReady(panelId: string): void {
  const panel = panels.get(panelId);
  if (!panel) return;
  panel.ready = true;
  const asked = pending.get(panelId);
  if (asked === undefined) return;
  pending.delete(panelId);
  if (performance.now() - asked < PENDING_MS) focusInto(panel.element);
}

/** Moves the focus into panel `panelId` now, or as soon as its view has rendered. */
export function focusPanel(panelId: string): void {
  const panel = panels.get(panelId);
  if (panel?.ready && panel.element.isConnected) {
    pending.delete(panelId);
    focusInto(panel.element);
  } else {
    pending.set(panelId, performance.now());
  }
}

/** The id of the panel that holds `element`, or undefined outside the dock. */
export function panelIdOfElement(element: Element | null): string | undefined {
  return element?.closest(`[${PANEL_ID_ATTRIBUTE}]`)?.getAttribute(PANEL_ID_ATTRIBUTE) ?? undefined;
}
