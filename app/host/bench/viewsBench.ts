/**
 * @file Benchmark of the 2-D views in a real browser: `npm start` in browser mode without a scene (a child
 * process, as a user starts it), headless Chromium, the Field and Plot views opened from the View menu. Each
 * view's benchmark hook paints synthetic data through the view's own engine and measures a baseline in the same
 * page: field view with 10,000 primitives per frame vs a blank canvas; plot with 10 series × 100,000 points
 * while panning vs the page's animation-frame rate.
 */
import type { Page } from 'playwright-core';
import { launchChromium, startBenchApp } from './benchApp';
import type { BenchRow } from './BenchRow';
import type { BenchHooks } from '../../ipc/benchHooks';

/** How long each loop is measured (ms). */
const MEASURE_MS = 3000;
const PRIMITIVES = 10_000;
const SERIES = 10;
const POINTS = 100_000;

/** Opens a view from the tree's catalog list and waits for its benchmark hook. */
async function openView(page: Page, title: string, hook: string): Promise<void> {
  await page
    .locator('.scene-tree li[role=treeitem]', { hasText: new RegExp(`^${title}$`) })
    .first()
    .dblclick({ timeout: 30_000 });
  await page.waitForFunction((name) => (globalThis as Record<string, unknown>)[name] !== undefined, hook, {
    timeout: 30_000,
  });
}

/** Closes every other tab, so the view under test fills the dock (as a user maximises it). */
async function closeOthers(page: Page, keep: string): Promise<void> {
  // Closing a tab shifts the others: always close the first one that is not kept.
  for (let i = 0; i < 20; i++) {
    const other = page.locator('.dv-tab').filter({ hasNotText: keep }).first();
    if ((await other.count()) === 0) return;
    await other.locator('.dv-default-tab-action').click({ force: true });
  }
}

/** The 2-D views benchmark. */
export async function runViewsBench(): Promise<BenchRow[]> {
  const { child, url } = await startBenchApp(['--no-scene']);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    await openView(page, 'Field', '__pitchsideFieldBench');
    await closeOthers(page, 'Field');
    const field = await page.evaluate(
      ([ms, n]) => (globalThis as unknown as BenchHooks).__pitchsideFieldBench.measure(ms, n),
      [MEASURE_MS, PRIMITIVES] as const,
    );
    await openView(page, 'Plot', '__pitchsidePlotBench');
    await closeOthers(page, 'Plot');
    const plot = await page.evaluate(
      ([ms, s, n]) => (globalThis as unknown as BenchHooks).__pitchsidePlotBench.measure(ms, s, n),
      [MEASURE_MS, SERIES, POINTS] as const,
    );
    const size = `${field.width}×${field.height} px`;
    return [
      {
        group: 'field view',
        name: `${PRIMITIVES} primitives per frame, display rate (${size})`,
        value: field.fieldFps,
        unit: 'fps',
        baseline: { name: 'blank canvas', value: field.blankFps },
        goal: '≥ 60',
      },
      {
        group: 'field view',
        name: `${PRIMITIVES} primitives, one frame incl. rasterisation`,
        value: field.paintMs,
        unit: 'ms',
        baseline: { name: 'blank canvas', value: field.blankMs },
      },
      {
        group: 'plot view',
        name: `${SERIES} series × ${POINTS} points, panning`,
        value: plot.panFps,
        unit: 'fps',
        baseline: { name: 'animation-frame rate, nothing drawn', value: plot.baselineFps },
        goal: '≥ 60',
      },
      {
        group: 'plot view',
        name: `${SERIES} series × ${POINTS} points, one panned frame incl. rasterisation`,
        value: plot.panMs,
        unit: 'ms',
      },
    ];
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}
