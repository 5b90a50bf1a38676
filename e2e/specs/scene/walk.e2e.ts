import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';

/** The text of the joint view's row of `joint` (request, sensor, load, temperature, stiffness). */
async function jointRow(page: Page, joint: string): Promise<string> {
  const row = page.locator('[data-testid=joints-table] tr', { hasText: new RegExp(`^${joint}`) }).first();
  return (await row.count()) ? ((await row.textContent()) ?? '') : '';
}

/** Points in the plot view (its status line). */
async function plotPoints(page: Page): Promise<number> {
  const status = (await page.getByTestId('plot-status').first().textContent()) ?? '';
  return Number(/^(\d+) points/.exec(status)?.[1] ?? 0);
}

// One articulated NAO (MuJoCo body, servo motors) walking to its kick-off position in ready: the torso tilt the
// inertial sensor measures, plotted with B-Human's plot names, and the joint view while it walks.
describe('an articulated NAO walking in the IDE (real Chromium)', { timeout: 120_000 }, () => {
  const ctx = useApp(undefined, { sceneFile: 'scenes/Articulated.ros3' });

  it('walks to its kick-off position; the torso tilt plot and the joint view follow the walk', async () => {
    const { page, app, screenshot, pageErrors } = ctx();
    await page.goto(app.server.url);
    const console = new ConsolePage(page);
    await console.ready();
    await expect.poll(() => page.getByTestId('robot-list').locator(':scope > li').count(), { timeout: 60_000 }).toBe(1);
    await page.getByTestId('open-joints-robot1').dblclick({ timeout: 30_000 });
    await expect.poll(() => jointRow(page, 'lKneePitch'), { timeout: 60_000 }).toMatch(/mA/);
    const standing = await jointRow(page, 'lKneePitch');
    await console.run('vp torsoTilt 300 -20 20 deg');
    await console.run('vpd torsoTilt representation:InertialData:angle:y red');
    await console.run('vpd torsoTilt representation:InertialData:angle:x blue');
    await page.getByTestId('plot-status').first().waitFor({ timeout: 30_000 });
    // In ready the robot walks from where it stands to its kick-off position.
    await console.run('gc ready');
    await expect
      .poll(
        async () => {
          await console.run('get representation:MotionInfo');
          return (await console.output.textContent()) ?? '';
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toMatch(/executedMotion = walk/);
    await expect.poll(() => plotPoints(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(300);
    await screenshot('walk-articulated-torso-tilt-plot');
    await page.getByText('robot1.jointData').click();
    await expect.poll(() => jointRow(page, 'lKneePitch'), { timeout: 30_000 }).not.toBe(standing);
    await screenshot('walk-articulated-joints');
    expect(pageErrors).toEqual([]);
  });
});
