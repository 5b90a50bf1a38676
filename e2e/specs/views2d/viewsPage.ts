/**
 * @file Helpers of the 2-D view specs: a robot program started in-process (the same StandaloneRobot that
 * `npm run robot` runs, on a free port), opening views through the scene tree, and reading canvas pixels.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { StandaloneRobot } from '@robot-runtime/hosts/robot/StandaloneRobot';

/** Starts `npm run robot`'s robot in this process on 127.0.0.1 and a free port; its log lines are collected. */
export async function startRobot(): Promise<{ robot: StandaloneRobot; log: string[] }> {
  const log: string[] = [];
  const robot = await StandaloneRobot.start({ port: 0, address: '127.0.0.1', log: (line) => log.push(line) });
  return { robot, log };
}

/** Opens a view from the scene tree: expands each group label in `groups`, then double-clicks `leaf`. */
export async function openFromTree(
  page: Page,
  robot: string,
  groups: readonly string[],
  leafTestId: string,
): Promise<void> {
  const tree = page.getByTestId('robot-list').locator('li', { hasText: robot }).first();
  for (const g of groups) {
    const label = tree.locator('.view-tree-label', { hasText: new RegExp(`^\\W*${g}$`) }).first();
    await label.waitFor({ timeout: 15_000 });
    const item = label.locator('xpath=..');
    if ((await item.getAttribute('aria-expanded')) !== 'true') await label.click();
  }
  const leaf = page.getByTestId(leafTestId);
  await leaf.waitFor({ timeout: 15_000 });
  await leaf.dblclick();
}

/** Inclusive channel ranges a pixel must fall into. */
export interface ColorRange {
  readonly r: readonly [number, number];
  readonly g: readonly [number, number];
  readonly b: readonly [number, number];
}

/** Orange as the ball drawing paints it, including antialiased edges over the green carpet. */
export const ORANGE_RANGE: ColorRange = { r: [180, 255], g: [60, 170], b: [0, 90] };

/** Counts the pixels of the first canvas matching `selector` whose colour lies in `range`. */
export async function countPixels(page: Page, selector: string, range: ColorRange): Promise<number> {
  return (await pixelCentroid(page, selector, range)).count;
}

/**
 * The pixels of the first canvas matching `selector` whose colour lies in `range`: how many, and their mean
 * position as a fraction of the canvas's width and height (NaN when there are none).
 */
export async function pixelCentroid(
  page: Page,
  selector: string,
  range: ColorRange,
): Promise<{ count: number; x: number; y: number }> {
  return page
    .locator(selector)
    .first()
    .evaluate((canvas, rg) => {
      // The page's canvas (typed structurally: the e2e project has no DOM types).
      const c = canvas as unknown as {
        width: number;
        height: number;
        getContext(kind: '2d'): {
          getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
        };
      };
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      let sx = 0;
      let sy = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (
          data[i]! >= rg.r[0] &&
          data[i]! <= rg.r[1] &&
          data[i + 1]! >= rg.g[0] &&
          data[i + 1]! <= rg.g[1] &&
          data[i + 2]! >= rg.b[0] &&
          data[i + 2]! <= rg.b[1]
        ) {
          n++;
          sx += (i / 4) % c.width;
          sy += Math.floor(i / 4 / c.width);
        }
      }
      return { count: n, x: sx / n / c.width, y: sy / n / c.height };
    }, range);
}

/**
 * Waits until the first canvas matching `selector` shows more than `minCount` orange (ball) pixels and their centroid
 * lies left of `maxX` (a fraction of the width: a ball painted in the own half); returns the pixels.
 */
export async function expectBallLeftOf(
  page: Page,
  selector: string,
  maxX: number,
  minCount = 3,
): Promise<{ count: number; x: number; y: number }> {
  await expect
    .poll(async () => (await pixelCentroid(page, selector, ORANGE_RANGE)).count, { timeout: 60_000 })
    .toBeGreaterThan(minCount);
  await expect
    .poll(async () => (await pixelCentroid(page, selector, ORANGE_RANGE)).x, { timeout: 30_000 })
    .toBeLessThan(maxX);
  return pixelCentroid(page, selector, ORANGE_RANGE);
}
