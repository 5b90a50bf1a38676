import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openCatalogView, openWithRobots, scene3d, screenshotShare, simulatedSeconds } from './scenePage';

/** The text of the joint view's row of `joint` (request, sensor, load, temperature, stiffness). */
async function jointRow(page: Page, joint: string): Promise<string> {
  const row = page.locator('[data-testid=joints-table] tr', { hasText: new RegExp(`^${joint}`) }).first();
  return (await row.count()) ? ((await row.textContent()) ?? '') : '';
}

// 14 articulated NAOs on MuJoCo plus their programs keep a core busy on a shared 2-core machine: generous timeouts.
describe('articulated 7 vs 7 (MuJoCo bodies) in the IDE (real Chromium)', { timeout: 120_000 }, () => {
  const ctx = useApp(undefined, { sceneFile: 'scenes/GameArticulated.ros3' });

  it('shows the 14 articulated robots with their posed limbs in the 3-D view, running with dt on', async () => {
    const { page, app, screenshot, pageErrors } = ctx();
    await openWithRobots(page, app.server.url, 14);
    await openCatalogView(page, 'Scene 3D');
    await expect.poll(() => scene3d(page, 'robotCount'), { timeout: 60_000 }).toBe(14);
    await expect.poll(() => scene3d(page, 'frames'), { timeout: 30_000 }).toBeGreaterThan(0);
    // GameArticulated.con says `dt on`: the simulation runs (whether it keeps up with the wall clock is the
    // articulated row of `npm run bench`).
    await expect.poll(() => simulatedSeconds(page), { timeout: 60_000 }).toBeGreaterThan(0);
    const shownAt = (await simulatedSeconds(page))!;
    await expect.poll(() => simulatedSeconds(page), { timeout: 60_000 }).toBeGreaterThan(shownAt + 1);
    const shot = readFileSync(await screenshot('scene3d-articulated-14-robots'));
    const canvas = (await page.locator('.scene3d-canvas').boundingBox())!;
    expect(await screenshotShare(page, shot, canvas, 'green')).toBeGreaterThan(0.2);
    // Close up behind one robot: its crouched legs and hanging arms, as the physics holds them.
    await page.getByTestId('scene3d-follow').selectOption('robot6');
    await page.locator('.scene3d-body').focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('+');
    await expect.poll(() => scene3d(page, 'frames'), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1000);
    await screenshot('scene3d-articulated-close-up');
    expect(pageErrors).toEqual([]);
  });

  it('the joint view shows measured angles and currents that change while the robot moves', async () => {
    const { page, screenshot } = ctx();
    await page.getByTestId('open-joints-robot1').dblclick({ timeout: 30_000 });
    await expect.poll(() => jointRow(page, 'lKneePitch'), { timeout: 60_000 }).toMatch(/mA/);
    const console = new ConsolePage(page);
    await console.run('gc ready');
    const first = await jointRow(page, 'lKneePitch');
    // Walking to their ready positions the robots' knees move and carry changing loads.
    await expect.poll(() => jointRow(page, 'lKneePitch'), { timeout: 30_000 }).not.toBe(first);
    await screenshot('joints-articulated-robot1');
  });
});
