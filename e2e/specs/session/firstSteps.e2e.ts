// What a new user meets first in a simulated scene, through the UI only: the start script's hint in the console
// and the status bar (with the real-time factor), Tab listing what fits, `gc ?` and `help pr` listing values, views
// opening with one click, `get` answered at once while the simulation is paused, and a reload keeping the output.
// Capsule robots keep the machine free for the browser.
import { describe, expect, it } from 'vitest';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openWithRobots } from '../scene/scenePage';

const outputLine = (text: string) => `[data-testid=console-output] .line:has-text(${JSON.stringify(text)})` as const;

describe('first steps in a simulated scene', { timeout: 240_000 }, () => {
  const ctx = useApp(undefined, { sceneFile: 'scenes/GameCapsule.ros3' });

  it('says how to start the game, in the console and in the status bar with the real-time factor', async () => {
    const { page, app, screenshot } = ctx();
    await openWithRobots(page, app.server.url, 14);
    // Printed by the start script before the page connected.
    await page.locator(outputLine('GameCapsule: gc ready / gc set / gc playing to start')).first().waitFor({
      timeout: 30_000,
    });
    await expect
      .poll(() => page.getByTestId('status-hint').textContent(), { timeout: 10_000 })
      .toMatch(/start the game with gc ready, then gc playing/);
    const status = async (): Promise<RegExpExecArray | null> =>
      /^initial · ([\d.]+) s · ([\d.]+)× real time$/.exec(
        (await page.getByTestId('status-simulation').textContent()) ?? '',
      );
    await expect.poll(async () => Number((await status())?.[2] ?? NaN), { timeout: 20_000 }).toBeGreaterThan(0);
    // The script's views opened behind the 3-D scene.
    expect(await page.locator('.dv-tab.dv-active-tab', { hasText: /^Scene 3D$/ }).count()).toBe(1);
    await screenshot('first-steps-start');
  });

  it('lists the candidates on Tab, and the values of gc and pr', async () => {
    const { page, screenshot } = ctx();
    const consoleView = new ConsolePage(page);
    await page.getByTestId('console-input').click();
    await page.keyboard.type('gc ');
    await page.keyboard.press('Tab');
    const strip = page.getByTestId('console-candidates');
    await strip.waitFor({ timeout: 10_000 });
    expect(await strip.locator('[role=option]', { hasText: /^playing$/ }).count()).toBe(1);
    expect(await strip.locator('[role=option][aria-selected=true]').count()).toBe(1);
    await screenshot('first-steps-tab-candidates');
    // Typing on hides the list.
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await expect.poll(() => strip.count()).toBe(0);
    await consoleView.run('gc ?');
    await page.locator(outputLine('goalByFirstTeam')).first().waitFor({ timeout: 10_000 });
    await consoleView.run('help pr');
    await page.locator(outputLine('illegalBallContact')).first().waitFor({ timeout: 10_000 });
  });

  it('opens a view with a single click in the scene tree', async () => {
    const { page } = ctx();
    await page.locator('.scene-tree li[role=treeitem]', { hasText: /^GameController$/ }).click();
    await expect.poll(() => page.locator('.dv-tab', { hasText: /^GameController$/ }).count()).toBe(1);
    // A robot's group folds open and its view opens, one click each.
    const robot1 = page.getByTestId('robot-list').locator('li', { hasText: 'robot1' }).first();
    await robot1
      .locator('.view-tree-label', { hasText: /^\W*timing$/ })
      .first()
      .click();
    await page.getByTestId('open-timing-robot1-Cognition').click();
    await expect.poll(() => page.locator('.dv-tab', { hasText: /timing/i }).count()).toBeGreaterThan(0);
  });

  it('answers get at once while the simulation is paused', async () => {
    const { page, screenshot } = ctx();
    await page.locator('.menu-bar').click();
    await page.keyboard.press('F5');
    await expect.poll(() => page.getByTestId('status-simulation').textContent()).toMatch(/ · paused$/);
    const pausedAt = await page.getByTestId('status-simulation').textContent();
    const consoleView = new ConsolePage(page);
    await consoleView.run('robot robot2');
    await consoleView.run('get module:WalkingEngine');
    await page.locator(outputLine('set module:WalkingEngine')).first().waitFor({ timeout: 15_000 });
    expect(await page.locator(outputLine('no answer')).count()).toBe(0);
    // Still paused at the same time: no step was needed.
    expect(await page.getByTestId('status-simulation').textContent()).toBe(pausedAt);
    await screenshot('first-steps-get-paused');
  });

  it('keeps the console output across a reload', async () => {
    const { page, screenshot } = ctx();
    await page.reload();
    await new ConsolePage(page).ready();
    await page.locator(outputLine('set module:WalkingEngine')).first().waitFor({ timeout: 15_000 });
    await page.locator(outputLine('> help pr')).first().waitFor({ timeout: 5_000 });
    await page.locator(outputLine('GameCapsule: gc ready / gc set / gc playing to start')).first().waitFor();
    // A paused simulation streams no frames: the status bar starts from the scene's description.
    await expect.poll(() => page.getByTestId('status-simulation').textContent()).toMatch(/ · paused$/);
    await screenshot('first-steps-after-reload');
  });
});
