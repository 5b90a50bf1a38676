// A robot that dies and comes back while its views are open: the StandaloneRobot of `npm run robot` is stopped
// and started again on the same port. After the console reconnects (on its own with backoff, then by the Robots
// panel's Reconnect button) the field, plot, image and data views show live data again without any command
// typed, and the console logged the disconnect and the reconnect.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandaloneRobot } from '@robot-runtime/hosts/robot/StandaloneRobot';
import { RemoteRobotProvider } from '@app/host/providers/remote/RemoteRobotProvider';
import { SceneViewsProvider } from '@app/host/providers/simulation/SceneViewsProvider';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openView } from '../logs/logPage';
import { openFromTree } from '../views2d/viewsPage';

/** Activates the panel whose tab shows `title`. */
async function showTab(page: Page, title: string): Promise<void> {
  await page.locator('.dv-tab', { hasText: title }).first().click();
}

/** The plot's point count (its status line begins with it). */
async function plotPoints(page: Page): Promise<number> {
  return Number(/^(\d+) points/.exec((await page.getByTestId('plot-status').textContent()) ?? '')?.[1] ?? 0);
}

/** Live checks of all four views; each waits for data that arrived after the call. */
async function expectLiveViews(page: Page, shot: (name: string) => Promise<string>, label: string): Promise<void> {
  await showTab(page, 'rfield');
  await expect
    .poll(() => page.getByTestId('field-drawings').textContent(), { timeout: 15_000 })
    .toContain('Drawings (1)');
  await shot(`session-${label}-field`);
  await showTab(page, 'rplot');
  await expect.poll(() => page.getByTestId('plot-layers').textContent(), { timeout: 15_000 }).toContain('Layers (1)');
  const before = await plotPoints(page);
  await expect.poll(() => plotPoints(page), { timeout: 15_000 }).toBeGreaterThan(before);
  await shot(`session-${label}-plot`);
  await showTab(page, 'upper');
  const seq = async (): Promise<number> =>
    Number((await page.getByTestId('image-canvas').getAttribute('data-seq')) ?? -1);
  await page.getByTestId('image-canvas').waitFor({ timeout: 15_000 });
  const firstSeq = await seq();
  await expect.poll(seq, { timeout: 15_000 }).toBeGreaterThan(firstSeq);
  // npm run robot's body has no camera: the view says why its image is black.
  await expect.poll(() => page.getByTestId('image-notice').textContent(), { timeout: 10_000 }).toMatch(/no camera/);
  await shot(`session-${label}-image`);
  await showTab(page, 'WalkingEngine');
  await expect
    .poll(() => page.getByTestId('data-tree').getByLabel('stiffness', { exact: true }).count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await shot(`session-${label}-data`);
}

describe('a robot that restarts while its views are open', () => {
  // The first automatic attempt waits 1.5 s, so the Reconnect button below is pressed before it.
  // Remote robots and the image views' frames, as npm start offers them.
  const ctx = useApp(() => [
    new RemoteRobotProvider({ connectTimeoutMs: 5000, reconnectDelayMs: 1500, maxReconnectDelayMs: 3000 }),
    new SceneViewsProvider(),
  ]);
  let robot: StandaloneRobot;
  let port = 0;
  const startRobot = async (): Promise<void> => {
    robot = await StandaloneRobot.start({ port, address: '127.0.0.1', log: () => undefined });
    port = robot.port;
  };
  beforeAll(startRobot);
  afterAll(async () => {
    await robot?.stop();
  });

  it('opens field, plot, image and data views of the connected robot', async () => {
    const { page, app } = ctx();
    await page.goto(app.server.url);
    const consoleView = new ConsolePage(page);
    await consoleView.ready();
    await consoleView.run(`sc Robot 127.0.0.1:${port}`);
    await consoleView.waitForLine('Connected to Robot.', 20_000);
    for (const line of [
      'vf rfield',
      'vfd rfield representation:RobotPose',
      'vp rplot 10000 0 100',
      'vpd rplot representation:BallModel:seenPercentage red',
      'for Upper vi CameraImage',
    ]) {
      await consoleView.run(line);
    }
    await openFromTree(page, 'Robot', ['data', 'module'], 'open-data-Robot-module:WalkingEngine');
    await expectLiveViews(page, ctx().screenshot, 'before');
  });

  it('reconnects on its own with backoff and every view is live again', async () => {
    const { page, screenshot } = ctx();
    const consoleView = new ConsolePage(page);
    await robot.stop();
    // The robot's own console prints it (the line carries the robot's name in front).
    await consoleView.output
      .locator('.line', { hasText: 'Connection to Robot lost' })
      .first()
      .waitFor({ timeout: 15_000 });
    await consoleView.output
      .locator('.line', { hasText: 'Reconnecting to Robot at' })
      .first()
      .waitFor({ timeout: 10_000 });
    await startRobot();
    await consoleView.waitForLine('Reconnected to Robot.', 20_000);
    await consoleView.output
      .locator('.line', { hasText: 'Connection to Robot restored' })
      .first()
      .waitFor({ timeout: 10_000 });
    await expectLiveViews(page, screenshot, 'auto');
    expect(ctx().pageErrors).toEqual([]);
  });

  it('reconnects by the Robots panel button after a restart', async () => {
    const { page, screenshot } = ctx();
    const consoleView = new ConsolePage(page);
    await openView(page, 'Robots');
    const row = page.locator('[data-testid=robots-table] tr[data-robot=Robot]');
    // Disconnect first, so that no automatic attempt races the button.
    await row.getByTestId('robot-disconnect').click();
    await consoleView.waitForLine('Disconnected from Robot.', 10_000);
    await robot.stop();
    await startRobot();
    await row.getByTestId('robot-reconnect').click();
    await consoleView.waitForLine(`Reconnecting to Robot at 127.0.0.1:${port}...`, 10_000);
    await expect
      .poll(() => consoleView.output.locator('.line', { hasText: /^Reconnected to Robot\.$/ }).count(), {
        timeout: 20_000,
      })
      .toBe(2);
    await expect.poll(() => row.getByTestId('robot-state').textContent(), { timeout: 10_000 }).toMatch(/^\s*connected/);
    await screenshot('session-button-console');
    await expectLiveViews(page, screenshot, 'button');
    expect(ctx().pageErrors).toEqual([]);
  });
});
