/**
 * @file Benchmark of the 3-D scene view in a real browser: `npm start` with the 7 vs 7 scene in browser mode (a
 * child process, as a user starts it), headless Chromium (software WebGL on machines without a GPU) showing the
 * Scene 3D view with 14 robots, the simulation paused so only rendering is measured. Frame rates at the display
 * rate and uncapped, each with an empty three.js scene of the same size in the same page as the baseline.
 */
import os from 'node:os';
import path from 'node:path';
import { launchChromium, startBenchApp, until } from './benchApp';
import type { BenchRow } from './BenchRow';

/** How long each rate is measured (ms). */
const MEASURE_MS = 3000;

/** Frame rates the page reports. */
interface Rates {
  displayFps: number;
  uncappedFps: number;
}

/** The 3-D view benchmark. */
export async function runSceneBench(): Promise<BenchRow[]> {
  const { child, url } = await startBenchApp(['--scene', 'scenes/Game.ros3']);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    // The dock restores its layout once the console is up; a view opened before that would be replaced.
    await page.locator('[data-testid=console-input] .monaco-editor').waitFor({ state: 'visible', timeout: 60_000 });
    await page.locator('.scene-tree li[role=treeitem]', { hasText: /^Scene 3D$/ }).first().dblclick({ timeout: 30_000 });
    const count = (): Promise<number | undefined> => page.evaluate(() => (globalThis as unknown as { __pitchsideScene3D?: { robotCount(): number } }).__pitchsideScene3D?.robotCount());
    await until(page, async () => (await count()) === 14, 120_000, '14 robots in the 3-D view').catch(async (e: unknown) => {
      await page.screenshot({ path: path.join(os.tmpdir(), 'scenebench-fail.png') });
      throw e;
    });
    // The 3-D view alone in the dock (as a user maximises it), and the simulation paused: rendering only.
    await page.locator('.dv-tab', { hasText: 'Console' }).locator('.dv-default-tab-action').click();
    await page.locator('.menu-bar').click();
    await page.keyboard.press('F5');
    await until(page, async () => /Paused/.test((await page.locator('.status-message').textContent()) ?? ''), 10_000, 'the simulation to pause');
    const result = await page.evaluate(
      (ms) => (globalThis as unknown as { __pitchsideScene3D: { measure(ms: number): Promise<{ scene: Rates; empty: Rates }> } }).__pitchsideScene3D.measure(ms),
      MEASURE_MS,
    );
    const size = await page.locator('.scene3d-canvas').boundingBox();
    const where = size ? ` (${Math.round(size.width)}×${Math.round(size.height)} px)` : '';
    return [
      { group: '3-D view', name: `14 robots, display rate${where}`, value: result.scene.displayFps, unit: 'fps', baseline: { name: 'empty three.js scene', value: result.empty.displayFps }, goal: '≥ 60' },
      { group: '3-D view', name: `14 robots, uncapped${where}`, value: result.scene.uncappedFps, unit: 'fps', baseline: { name: 'empty three.js scene', value: result.empty.uncappedFps } },
    ];
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}
