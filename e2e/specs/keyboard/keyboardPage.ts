/**
 * @file Helpers of the keyboard specs: the command palette, which panel holds the focus, and what a panel shows
 * (content, an empty state that says what to do, or nothing). Everything is done with key presses; the page
 * is only read.
 */
import type { Page } from 'playwright-core';

/** What a panel shows. */
export interface PanelShows {
  /** The panel's visible text. */
  readonly text: string;
  /** Texts of the empty states in it (and of notes over an empty canvas, which say what to do the same way). */
  readonly emptyStates: readonly string[];
  /** Elements that are content: canvases, tables, graphs, editors, lists, the console's log. */
  readonly contentElements: number;
  /** What holds the focus: tag, test id or label. */
  readonly focused: string;
}

/** The region (panel wrapper) of the panel titled `title`, as a CSS selector. */
export function panelSelector(title: string): string {
  return `[data-panel-id][aria-label="${title.replace(/"/g, '\\"')}"]`;
}

/** The title of the panel that holds the keyboard focus, or undefined outside the dock. */
export function focusedPanel(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const doc = (
      globalThis as unknown as {
        document: { activeElement: { closest(s: string): { getAttribute(a: string): string | null } | null } | null };
      }
    ).document;
    return doc.activeElement?.closest('[data-panel-id]')?.getAttribute('aria-label') ?? undefined;
  });
}

/** Opens the palette with `keys` and waits until its filter box has the focus. */
export async function openPalette(page: Page, keys: 'Control+Shift+P' | 'F1' = 'Control+Shift+P'): Promise<void> {
  await page.keyboard.press(keys);
  await page.getByTestId('palette-input').waitFor({ timeout: 5_000 });
}

/** The palette's entries as shown (titles only). */
export function paletteTitles(page: Page): Promise<string[]> {
  return page.locator('[data-testid=palette-item] .palette-title').allTextContents();
}

/** The title of the palette entry under the cursor. */
export async function paletteCurrent(page: Page): Promise<string | null> {
  return page
    .locator('[data-testid=palette-item][aria-selected=true] .palette-title')
    .textContent({ timeout: 2_000 })
    .catch(() => null);
}

/** What the panel titled `title` shows. */
export function panelShows(page: Page, title: string): Promise<PanelShows> {
  return page.locator(panelSelector(title)).evaluate((region) => {
    interface El {
      innerText: string;
      tagName: string;
      getAttribute(a: string): string | null;
      querySelectorAll(s: string): ArrayLike<El>;
    }
    const root = region as unknown as El;
    const doc = (globalThis as unknown as { document: { activeElement: El | null } }).document;
    const active = doc.activeElement;
    const focused = active
      ? `${active.tagName.toLowerCase()}${active.getAttribute('data-testid') ? `#${active.getAttribute('data-testid')}` : ''}${active.getAttribute('aria-label') ? ` "${active.getAttribute('aria-label')}"` : ''}`
      : 'nothing';
    return {
      text: root.innerText.trim(),
      emptyStates: Array.from(root.querySelectorAll('.view-empty, .view-overlay-note'))
        .map((e) => e.innerText.trim())
        .filter((t) => t.length > 0),
      contentElements: root.querySelectorAll(
        'canvas, svg, table, .monaco-editor, [role=listbox], [role=log], [role=grid]',
      ).length,
      focused,
    };
  });
}

/** A file name part for a view title. */
export function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
