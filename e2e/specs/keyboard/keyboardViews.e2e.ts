// Every view by keyboard only, in a real Chromium: the command palette opens each view of the catalog, the focus
// lands in it, and it shows content or a sentence that says what to do, never a blank panel. F6 / Shift+F6 walk
// the panels, Alt+W closes one, F10 and Alt reach the menu bar. First without robots (the empty states), then
// with one scripted robot (content, and a robot that lacks what a view needs).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { scriptedProvider } from '../../support/scriptedProvider';
import {
  focusedPanel,
  openPalette,
  paletteCurrent,
  paletteTitles,
  panelSelector,
  panelShows,
  slug,
  type PanelShows,
} from './keyboardPage';

/** Views load lazily and the machine is shared: generous, but bounded, waits. */
const VIEW_TIMEOUT = 20_000;
/** Texts a view shows only while it asks the host; the final state comes after them. */
const TRANSIENT = /^(Loading |Asking the host|Waiting for the team monitor|Waiting for the simulation)/;

/** The catalog as the scene tree lists it (read only: it is the reference the palette is checked against). */
async function catalogTitles(page: Page): Promise<string[]> {
  const items = page.locator('.scene-tree ul[role=tree]').first().locator('li[role=treeitem]');
  return (await items.allTextContents()).map((t) => t.trim());
}

/** Opens `title` with the palette (typing part of its name, Enter) and waits until the focus is in it. */
async function openByKeyboard(page: Page, title: string, keys: 'Control+Shift+P' | 'F1'): Promise<void> {
  await openPalette(page, keys);
  await page.keyboard.type(`open ${title}`);
  await expect.poll(() => paletteCurrent(page)).toBe(`View: Open ${title}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedPanel(page), { timeout: VIEW_TIMEOUT }).toBe(title);
}

/** Waits until panel `title` shows its settled state: content, or an empty state that is not a transient one. */
async function settled(page: Page, title: string): Promise<PanelShows> {
  let shows: PanelShows | undefined;
  await expect
    .poll(
      async () => {
        shows = await panelShows(page, title);
        const empty = shows.emptyStates.length > 0 && !shows.emptyStates.some((t) => TRANSIENT.test(t));
        return !TRANSIENT.test(shows.text) && (empty || (shows.emptyStates.length === 0 && shows.contentElements > 0));
      },
      { timeout: VIEW_TIMEOUT },
    )
    .toBe(true);
  return shows!;
}

/** Opens every catalog view by keyboard; returns what each showed. Screenshots are named `<prefix>-<view>`. */
async function openEveryView(
  page: Page,
  screenshot: (name: string) => Promise<string>,
  prefix: string,
): Promise<Map<string, PanelShows>> {
  const shown = new Map<string, PanelShows>();
  const titles = await catalogTitles(page);
  for (const [i, title] of titles.entries()) {
    await openByKeyboard(page, title, i % 2 === 0 ? 'Control+Shift+P' : 'F1');
    const shows = await settled(page, title);
    shown.set(title, shows);
    // Still focused once settled: no view takes the focus away from itself or leaves it on a removed element.
    expect(await focusedPanel(page)).toBe(title);
    await screenshot(`${prefix}-${slug(title)}`);
  }
  return shown;
}

/** One line per view for the log: what held the focus and what the view said. */
function report(shown: ReadonlyMap<string, PanelShows>): string {
  return [...shown]
    .map(
      ([title, s]) =>
        `${title}: focus ${s.focused}; ${s.emptyStates.length > 0 ? `empty state "${s.emptyStates.join(' | ')}"` : `${s.contentElements} content elements`}`,
    )
    .join('\n');
}

describe('keyboard paths, no robots', () => {
  const ctx = useApp();

  it('the command palette lists every view of the catalog and closes with Escape', async () => {
    const { page, app, screenshot } = ctx();
    await page.goto(app.server.url);
    await new ConsolePage(page).ready();
    await openPalette(page, 'F1');
    const titles = await paletteTitles(page);
    const catalog = await catalogTitles(page);
    expect(catalog.length).toBeGreaterThanOrEqual(14);
    expect(titles.filter((t) => t.startsWith('View: Open ')).map((t) => t.slice('View: Open '.length))).toEqual(
      catalog,
    );
    for (const command of [
      'File: Open .con script…',
      'Simulation: Run / Pause',
      'Simulation: Step',
      'Simulation: Reset',
      'View: Reset layout',
      'View: Close panel',
    ]) {
      expect(titles).toContain(command);
    }
    // Shortcuts are shown beside the entries.
    expect(
      await page.locator('[data-testid=palette-item]', { hasText: 'View: Close panel' }).locator('kbd').textContent(),
    ).toBe('Alt+W');
    await page.keyboard.type('open mo');
    await expect.poll(() => paletteCurrent(page)).toBe('View: Open Module Graph');
    await screenshot('keyboard-palette');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('palette').count()).toBe(0);
    // The focus went back where it was: the console's command line.
    expect(await focusedPanel(page)).toBe('Console');
  });

  it(
    'opens every view with the palette; the focus lands in it and it says what to do',
    { timeout: 300_000 },
    async () => {
      const { page, screenshot, pageErrors } = ctx();
      const shown = await openEveryView(page, screenshot, 'keyboard-empty');
      console.log(`Views without robots:\n${report(shown)}`);
      for (const [title, s] of shown) {
        if (title === 'Console') {
          expect(s.contentElements, title).toBeGreaterThan(0);
          expect(s.text, title).toMatch(/Type "help"/);
        } else {
          // Without robots every other view has nothing to show: it must say what to do, in a sentence.
          expect(s.emptyStates.join(' ').length, title).toBeGreaterThan(40);
        }
      }
      await screenshot('keyboard-empty-all');
      expect(pageErrors).toEqual([]);
    },
  );

  it('F6 and Shift+F6 walk through every panel; Alt+W closes the focused one', { timeout: 120_000 }, async () => {
    const { page, screenshot } = ctx();
    const tabs = page.locator('.dv-tab');
    const count = await tabs.count();
    const visited: (string | undefined)[] = [];
    for (let i = 0; i < count; i++) {
      await page.keyboard.press('F6');
      const before = visited[visited.length - 1];
      await expect.poll(() => focusedPanel(page)).not.toBe(before);
      visited.push(await focusedPanel(page));
    }
    expect(new Set(visited).size).toBe(count);
    await page.keyboard.press('F6');
    await expect.poll(() => focusedPanel(page)).toBe(visited[0]);
    await page.keyboard.press('Shift+F6');
    await expect.poll(() => focusedPanel(page)).toBe(visited[count - 1]);

    const closing = (await focusedPanel(page))!;
    await page.keyboard.press('Alt+w');
    await expect.poll(() => tabs.count()).toBe(count - 1);
    expect(await page.locator(panelSelector(closing)).count()).toBe(0);
    // The focus moves into the panel that took the closed one's place.
    await expect.poll(() => focusedPanel(page)).not.toBeUndefined();
    await screenshot('keyboard-after-close');
  });

  it('F10 and Alt reach the menu bar; arrows and Enter open a view from it; Escape goes back', async () => {
    const { page, screenshot } = ctx();
    const focusedText = (): Promise<string> =>
      page.evaluate(() =>
        (
          (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document
            .activeElement?.textContent ?? ''
        ).trim(),
      );
    const start = await focusedPanel(page);
    await page.keyboard.press('F10');
    await expect.poll(focusedText).toBe('File');
    await page.keyboard.press('ArrowRight');
    await expect.poll(focusedText).toBe('View');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedText).toMatch(/^Command Palette…/);
    for (let i = 0; i < 30 && !(await focusedText()).startsWith('Robots'); i++) await page.keyboard.press('ArrowDown');
    expect(await focusedText()).toMatch(/^Robots/);
    await screenshot('keyboard-menu');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedPanel(page), { timeout: VIEW_TIMEOUT }).toBe('Robots');
    // A lone Alt reaches the bar too; Escape gives the focus back.
    await page.keyboard.press('Alt');
    await expect.poll(focusedText).toBe('View');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedPanel(page)).toBe('Robots');
    expect(start).not.toBeUndefined();
  });

  it('the scene tree is one Tab stop: arrows move inside it, Tab goes on to the dock and Shift+Tab comes back', async () => {
    const { page } = ctx();
    const inTree = (): Promise<boolean> =>
      page.evaluate(
        () =>
          !!(
            globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } | null } }
          ).document.activeElement?.closest('.scene-tree'),
      );
    await page.locator('.scene-tree li[role=treeitem]').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await inTree()).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(inTree).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(inTree).toBe(true);
  });
});

describe('keyboard paths, one scripted robot', () => {
  const ctx = useApp(() => [scriptedProvider('robot1')]);

  it(
    "opens every view with the palette; each shows the robot's data or says why not",
    { timeout: 300_000 },
    async () => {
      const { page, app, screenshot, pageErrors } = ctx();
      await page.goto(app.server.url);
      await new ConsolePage(page).ready();
      await page.getByTestId('robot-list').locator('li', { hasText: 'robot1' }).waitFor({ timeout: VIEW_TIMEOUT });
      // The scripted robot is polled on request only: `poll`, typed into the command line, which has the focus.
      await openByKeyboard(page, 'Console', 'F1');
      await page.keyboard.type('poll');
      await page.keyboard.press('Enter');
      await page
        .locator('[data-testid=robot-list] .view-tree-label', { hasText: 'modules' })
        .waitFor({ timeout: VIEW_TIMEOUT });
      const shown = await openEveryView(page, screenshot, 'keyboard-robot');
      console.log(`Views with one scripted robot:\n${report(shown)}`);
      // It never announced joint data: the view says so and points to the console.
      expect(shown.get('Joints')?.emptyStates.join(' ')).toMatch(
        /robot1 does not offer JointRequest or JointSensorData.*dr \?.*Console/,
      );
      expect(pageErrors).toEqual([]);
    },
  );

  it("the views' own keys: Robots rows, module graph zoom, timing and data focus", { timeout: 120_000 }, async () => {
    const { page } = ctx();
    // Robots: the focus lands on the robot's row; Enter selects it.
    await openByKeyboard(page, 'Robots', 'F1');
    const focusedRobot = (): Promise<string | null> =>
      page.evaluate(
        () =>
          (
            globalThis as unknown as { document: { activeElement: { getAttribute(a: string): string | null } | null } }
          ).document.activeElement?.getAttribute('data-robot') ?? null,
      );
    expect(await focusedRobot()).toBe('robot1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tr[data-robot=robot1]').getAttribute('aria-selected')).toBe('true');

    // Module graph: the graph takes the focus; PageUp zooms in.
    await openByKeyboard(page, 'Module Graph', 'Control+Shift+P');
    const svg = page.locator(panelSelector('Module Graph')).getByTestId('module-graph-svg');
    // The robot's module table follows the poll: the view turns from "waiting" into the graph.
    await svg.waitFor({ timeout: VIEW_TIMEOUT });
    expect(await focusedPanel(page)).toBe('Module Graph');
    const width = async (): Promise<number> => Number(await svg.getAttribute('width'));
    const before = await width();
    await page.keyboard.press('PageUp');
    await expect.poll(width).toBeGreaterThan(before);
    await page.keyboard.press('Home');

    // Data without a key: the focus lands on the key chooser; the arrow keys choose one and the tree appears.
    await openByKeyboard(page, 'Data', 'F1');
    const tag = (): Promise<string> =>
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document.activeElement
            ?.tagName ?? '',
      );
    expect(await tag()).toBe('SELECT');
    await page.keyboard.press('ArrowDown');
    await page.locator(panelSelector('Data')).getByTestId('data-tree').waitFor({ timeout: VIEW_TIMEOUT });
  });
});
