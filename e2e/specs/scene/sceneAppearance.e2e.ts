import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { ConsolePage } from '../../support/consolePage';
import { ROOT_DIR } from '../../support/appServer';
import { useApp } from '../../support/fixture';
import { hookCall, openCatalogView, scene3d, screenshotShare } from './scenePage';

/** B-Human's one-robot scene from the shared corpus. */
const BH_SCENE = sharedCorpus('bhuman', 'Config', 'Scenes', 'BH.ros3');

/** The 3-D view's counts of the scene's own look (draw calls and instances). */
function appearance(page: Page): Promise<{ batches: number; instances: number; triangles: number } | undefined> {
  return page.evaluate(() =>
    (
      globalThis as unknown as {
        __pitchsideScene3D?: { appearance(): { batches: number; instances: number; triangles: number } | undefined };
      }
    ).__pitchsideScene3D?.appearance(),
  );
}

/** Puts the 3-D view's camera at `position` looking at `target` (metres). */
function setCamera(page: Page, position: [number, number, number], target: [number, number, number]): Promise<void> {
  return page.evaluate(
    ({ position, target }) =>
      (
        globalThis as unknown as {
          __pitchsideScene3D: { setCamera(p: [number, number, number], t: [number, number, number]): void };
        }
      ).__pitchsideScene3D.setCamera(position, target),
    { position, target },
  );
}

// B-Human's BH.ros3 (one NAO, five dummies, their meshes) on MuJoCo: loading it takes a few seconds on a busy machine.
describe("B-Human's scene with its own look in the 3-D view (real Chromium)", { timeout: 120_000 }, () => {
  const ctx = useApp(undefined, { sceneFile: relative(ROOT_DIR, BH_SCENE ?? '') });

  it("draws the NAOs with B-Human's meshes where MuJoCo has their links, and the black-and-white SPL ball", async () => {
    const { page, app, screenshot, pageErrors } = ctx();
    await page.goto(app.server.url);
    await new ConsolePage(page).ready();
    await openCatalogView(page, 'Scene 3D');
    // The 3-D view alone in the dock (as a user maximises it).
    await page.locator('.dv-tab', { hasText: 'Console' }).locator('.dv-default-tab-action').click();
    await expect.poll(() => scene3d(page, 'robotCount'), { timeout: 60_000 }).toBe(6);
    // 6 NAOs of about 55 mesh parts each, all drawn as instances of the NAO's 55 meshes plus the ball.
    await expect.poll(() => appearance(page), { timeout: 60_000 }).toBeDefined();
    const look = (await appearance(page))!;
    expect(look.instances).toBeGreaterThan(6 * 40);
    expect(look.batches).toBeLessThan(80);
    // Seen from afar (the overview) the robots are drawn with coarse meshes: far fewer than 6 × 61,000 triangles.
    await expect.poll(async () => (await appearance(page))!.triangles, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await appearance(page))!.triangles).toBeLessThan(6 * 20_000);
    await screenshot('scene3d-bhuman-overview');
    // The ball falls from 1 m onto the centre spot; wait until it lies there, then pause.
    await expect
      .poll(async () => (await hookCall(page, 'ballPosition'))?.x ?? NaN, { timeout: 60_000 })
      .toBeCloseTo(0, -1);
    await page.waitForTimeout(1500);
    const status = page.getByTestId('scene3d-status');
    if (!/[Pp]aused/.test((await status.textContent()) ?? '')) await page.getByTestId('scene3d-run').click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/[Pp]aused/);
    // Close up: robot5 stands at x = 0.9 m facing the ball at the centre; look from the side, between them.
    await setCamera(page, [0.5, -1.05, 0.5], [0.52, 0, 0.18]);
    await page.waitForTimeout(1000);
    const path = await screenshot('scene3d-bhuman-nao-meshes-and-ball');
    const shot = readFileSync(path);
    const ball = (await hookCall(page, 'screenPoint', 'ball'))!;
    const robot = (await hookCall(page, 'screenPoint', 'robot5'))!;
    expect(ball).toBeDefined();
    expect(robot).toBeDefined();
    // The ball's pattern: both black patches and (lit) white panels around its centre.
    const box = { x: ball.x - 15, y: ball.y - 15, width: 30, height: 30 };
    expect(await screenshotShare(page, shot, box, 'black')).toBeGreaterThan(0.05);
    expect(await screenshotShare(page, shot, box, 'light grey')).toBeGreaterThan(0.1);
    // The NAO covers its place: no carpet green around its torso.
    const torso = { x: robot.x - 10, y: robot.y - 10, width: 20, height: 20 };
    expect(await screenshotShare(page, shot, torso, 'green')).toBeLessThan(0.2);
    // Close up, the NAO nearby is drawn with B-Human's full meshes.
    expect((await appearance(page))!.triangles).toBeGreaterThan(60_000);
    // Face to face with the NAO: head, chest and arms from B-Human's meshes.
    await setCamera(page, [0.4, -0.2, 0.45], [0.9, 0, 0.3]);
    await page.waitForTimeout(1000);
    await screenshot('scene3d-bhuman-nao-front');
    expect(pageErrors).toEqual([]);
  });
});
