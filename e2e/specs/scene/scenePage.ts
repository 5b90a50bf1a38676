/**
 * @file Helpers of the scene specs: opening a catalog view from the scene tree, reading the 3-D view's test hook,
 * and counting pixels of a screenshot (decoded in the page: a WebGL canvas cannot be read back after it was
 * presented, but a screenshot shows what the user saw).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ConsolePage } from '../../support/consolePage';

/** Opens the app at `url` and waits until the console is ready and the robot list shows `robots` robots. */
export async function openWithRobots(page: Page, url: string, robots: number): Promise<void> {
  await page.goto(url);
  await new ConsolePage(page).ready();
  await expect
    .poll(() => page.getByTestId('robot-list').locator(':scope > li').count(), { timeout: 60_000 })
    .toBe(robots);
}

/** Opens a view of the catalog by its title (double click in the scene tree's view list). */
export async function openCatalogView(page: Page, title: string): Promise<void> {
  await page
    .locator('.scene-tree ul[role=tree]')
    .first()
    .locator('li[role=treeitem]', { hasText: new RegExp(`^${title}$`) })
    .dblclick();
}

/** Reads a counter of the 3-D view's test hook (undefined while no 3-D view is open). */
export function scene3d(page: Page, key: 'robotCount' | 'frames' | 'drawings'): Promise<number | undefined> {
  return page.evaluate(
    (k) => (globalThis as unknown as { __pitchsideScene3D?: Record<string, () => number> }).__pitchsideScene3D?.[k]?.(),
    key,
  );
}

/**
 * Simulated seconds the 3-D view's status line shows while the simulation runs ("24.9 s · 0.55× real time"), or
 * undefined while it shows none. Specs wait for simulated time to advance instead of asserting the real-time
 * factor: how fast a loaded machine simulates is a figure of `npm run bench`, not of a test.
 */
export async function simulatedSeconds(page: Page): Promise<number | undefined> {
  const status = (await page.getByTestId('scene3d-status').textContent()) ?? '';
  const running = /^(\d+(?:\.\d+)?) s · \d+(?:\.\d+)?× real time/.exec(status);
  return running ? Number(running[1]) : undefined;
}

/** Calls a point query of the 3-D view's test hook. */
export function hookCall(
  page: Page,
  method: 'screenPoint' | 'ballPosition',
  arg?: string,
): Promise<{ x: number; y: number } | undefined> {
  return page.evaluate(
    ({ method, arg }) =>
      (
        globalThis as unknown as {
          __pitchsideScene3D?: Record<string, (a?: string) => { x: number; y: number } | undefined>;
        }
      ).__pitchsideScene3D?.[method]?.(arg),
    { method, arg },
  );
}

/** A rectangle in page pixels. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The page's image element, as far as the pixel count uses it. */
interface PageImage {
  src: string;
  readonly width: number;
  readonly height: number;
  decode(): Promise<void>;
}

/** A 2-D canvas, as far as the pixel counts use it. */
export interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    drawImage(image: PageImage, x: number, y: number): void;
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  } | null;
}

/** Colour classes the specs count. */
export type PixelClass = 'green' | 'white' | 'black' | 'light grey';

/** The share of pixels of `png` inside `box` that belong to `kind`. */
export function screenshotShare(page: Page, png: Buffer, box: Box, kind: PixelClass): Promise<number> {
  return page.evaluate(
    async ({ data, box, kind }) => {
      // Runs in the page; the e2e project is type-checked without the DOM library, hence the local shapes.
      const dom = globalThis as unknown as {
        Image: new () => PageImage;
        document: { createElement(tag: 'canvas'): PageCanvas };
      };
      const image = new dom.Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = dom.document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const pixels = ctx.getImageData(
        Math.round(box.x),
        Math.round(box.y),
        Math.max(1, Math.round(box.width)),
        Math.max(1, Math.round(box.height)),
      ).data;
      let n = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
        if (kind === 'green') n += g > r + 30 && g > b + 30 ? 1 : 0;
        else if (kind === 'black') n += r < 50 && g < 50 && b < 50 ? 1 : 0;
        else if (kind === 'light grey')
          n += Math.min(r, g, b) > 150 && Math.max(r, g, b) - Math.min(r, g, b) < 30 ? 1 : 0;
        else n += r > 200 && g > 200 && b > 200 ? 1 : 0;
      }
      return n / (pixels.length / 4);
    },
    { data: png.toString('base64'), box, kind },
  );
}
