// Shift+F5 on the default scene: the simulation starts over (running, as before) and every open view (field,
// plot, image, data) shows the new run's data, with no command typed and no polling error in the console.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ConsolePage } from '../../support/consolePage';
import { openDefaultScene } from '../../support/defaultScene';
import { useApp } from '../../support/fixture';
import { openFromTree } from '../views2d/viewsPage';

async function showTab(page: Page, title: string): Promise<void> {
  await page.locator('.dv-tab', { hasText: title }).first().click();
}

/** The simulated time (s) of the status bar's "Running at …" text. */
async function statusTime(page: Page): Promise<number> {
  return Number(/at ([\d.]+) s/.exec((await page.locator('.status-message').textContent()) ?? '')?.[1] ?? NaN);
}

/** The camera image's time stamp (ms) from the image view's info line. */
async function imageTime(page: Page): Promise<number> {
  return Number(
    /t=(\d+) ms/.exec((await page.getByTestId('image-view').locator('.status').textContent()) ?? '')?.[1] ?? NaN,
  );
}

async function plotPoints(page: Page): Promise<number> {
  return Number(/^(\d+) points/.exec((await page.getByTestId('plot-status').textContent()) ?? '')?.[1] ?? 0);
}

describe('resetting the default scene with Shift+F5', { timeout: 120_000 }, () => {
  const ctx = useApp(undefined, { sceneFile: 'scenes/Game.ros3' });

  it('opens field, plot, image and data views of robot1', async () => {
    const { page, app, screenshot } = ctx();
    const consoleView = await openDefaultScene(page, app.server.url);
    await consoleView.run('robot robot1');
    for (const line of [
      'vf rfield',
      'vfd rfield representation:RobotPose',
      // What robot1 perceives from its camera images: field features, corners with the direction they open to.
      'vfd rfield representation:LandmarkPercept',
      'vp rplot 10000 0 100',
      'vpd rplot representation:BallModel:seenPercentage red',
    ])
      await consoleView.run(line);
    await openFromTree(page, 'robot1', ['image'], 'open-image-robot1-upper');
    await expect.poll(() => imageTime(page), { timeout: 60_000 }).toBeGreaterThan(0);
    await openFromTree(page, 'robot1', ['data', 'module'], 'open-data-robot1-module:WalkingEngine');
    await page.getByTestId('data-tree').waitFor({ timeout: 30_000 });
    await showTab(page, 'rplot');
    await expect.poll(() => plotPoints(page), { timeout: 30_000 }).toBeGreaterThan(10);
    await screenshot('reset-before');
  });

  it('starts over: running, every view shows the new run and the console has no polling errors', async () => {
    const { page, app, screenshot, pageErrors } = ctx();
    const consoleView = new ConsolePage(page);
    const before = app.session.controller.robotConsole('robot1')!;
    const timeBefore = app.session.controller.robotConsole('robot1')!.time();
    expect(timeBefore).toBeGreaterThan(1000);
    const linesBefore = await consoleView.output.locator('.line').count();
    await page.locator('.menu-bar').click();
    await page.keyboard.press('Shift+F5');
    // The simulation runs again from 0 and its time keeps advancing.
    await expect.poll(() => page.locator('.status-message').textContent(), { timeout: 20_000 }).toMatch(/^Running at/);
    const after = app.session.controller.robotConsole('robot1')!;
    expect(after).not.toBe(before);
    await expect.poll(() => after.time(), { timeout: 30_000 }).toBeGreaterThan(2000);
    expect(after.time()).toBeLessThan(timeBefore + 60_000);
    const t0 = await statusTime(page);
    await expect.poll(() => statusTime(page), { timeout: 20_000 }).toBeGreaterThan(t0);

    // Image: a camera image of the new run (its time stamp restarted below the old run's).
    await showTab(page, 'upper');
    await expect.poll(() => imageTime(page), { timeout: 60_000 }).toBeLessThan(timeBefore);
    await expect.poll(() => page.getByTestId('image-notice').count()).toBe(0);
    await screenshot('reset-image');
    // Field: the view of the new robot1 has its drawings back (the robot's pose and what it perceives), and it arrives.
    await showTab(page, 'rfield');
    await expect
      .poll(() => page.getByTestId('field-drawings').textContent(), { timeout: 30_000 })
      .toContain('Drawings (2)');
    await screenshot('reset-field');
    // Plot: its layer is back and points of the new run arrive.
    await showTab(page, 'rplot');
    await expect.poll(() => page.getByTestId('plot-layers').textContent(), { timeout: 30_000 }).toContain('Layers (1)');
    const points = await plotPoints(page);
    await expect.poll(() => plotPoints(page), { timeout: 30_000 }).toBeGreaterThan(points);
    await screenshot('reset-plot');
    // Data: the module's parameters of the new robot1.
    await showTab(page, 'WalkingEngine');
    await expect
      .poll(() => page.getByTestId('data-tree').getByLabel('stiffness', { exact: true }).count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await screenshot('reset-data');
    const newLines = (await consoleView.output.locator('.line').allTextContents()).slice(linesBefore);
    expect(newLines.filter((l) => /timed out|Unknown image|Error/.test(l))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
