// Views typed in the console (`vf`/`vfd`) come back when the IDE starts again with the same saved layout: a new
// host session on the same settings folder (`npm start` again, or a new Electron window) serves the page, the saved
// layout restores the typed view's panel, and the panel shows its drawings again. Capsule robots keep the machine
// free for the browser.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '@app/host/browser/headlessChromium';
import { startAppServer, type AppServer } from '../../support/appServer';
import { bridgeRequest } from '../../support/bridgeClient';
import { ConsolePage } from '../../support/consolePage';
import { ARTIFACTS_DIR } from '../../support/fixture';
import { openWithRobots } from '../scene/scenePage';
import { expectBallLeftOf } from './viewsPage';

const SCENE = 'scenes/GameCapsule.ros3';
const CANVAS = '[data-testid=field-canvas]';
const TAB = /^robot1\.field\.typed$/;

/** Shows the typed view and waits until it paints its three drawings, the ball model among them. */
async function expectTypedView(page: Page): Promise<void> {
  const tab = page.locator('.dv-tab', { hasText: TAB });
  await tab.waitFor({ timeout: 60_000 });
  await tab.click();
  const view = page.getByTestId('field-view');
  // Only the robot's beliefs: the faint ground truth would paint a true ball there as well.
  const truth = view.getByLabel('Ground truth');
  if (await truth.isChecked()) await truth.uncheck();
  await expect
    .poll(() => page.getByTestId('field-drawings').textContent(), { timeout: 60_000 })
    .toContain('Drawings (3)');
  // robot1's ball model, painted around robot1 (origin:RobotPose): orange pixels in the own half.
  await expectBallLeftOf(page, CANVAS, 0.5);
}

describe('typed views after the IDE starts again', { timeout: 400_000 }, () => {
  let browser: Browser;
  let app: AppServer | undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function newPage(): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
    return page;
  }

  it('restores a view typed with vf/vfd, with its drawings, in the next session', async () => {
    const settingsDir = mkdtempSync(join(tmpdir(), 'pitchside-e2e-settings-'));
    app = await startAppServer(undefined, { sceneFile: SCENE, settingsDir });
    const page = await newPage();
    await openWithRobots(page, app.server.url, 14);
    // The ball 0.8 m ahead of robot1 (the keeper at (-4300, 0)), so that its ball model is in view.
    app.session.execute('mvo RoboCup.balls.ball -3500 400 50');
    const console = new ConsolePage(page);
    for (const line of [
      'robot robot1',
      'vf typed',
      'vfd typed representation:RobotPose',
      'vfd typed origin:RobotPose',
      'vfd typed representation:BallModel',
    ])
      await console.run(line);
    await expectTypedView(page);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'typed-view-before-restart.png') });
    // The page saved the layout with the typed view's panel.
    await expect
      .poll(
        async () =>
          JSON.stringify((await bridgeRequest(app!.server, 'pitchside:layout.load', { scene: 'GameCapsule' })).layout),
        {
          timeout: 15_000,
        },
      )
      .toContain('robot1.field.typed');

    // The IDE closes: the session ends, its views go beside the layout. (The page stays: the browser ends with its
    // last page, and the next session is opened in it as a new Electron window would open.)
    await page.goto('about:blank');
    await app.close();
    app = undefined;
    expect(existsSync(join(settingsDir, 'layouts', 'GameCapsule.views.json'))).toBe(true);

    // …and starts again on the same settings folder (a new port, so the page's own storage is of no help).
    app = await startAppServer(undefined, { sceneFile: SCENE, settingsDir });
    await openWithRobots(page, app.server.url, 14);
    app.session.execute('mvo RoboCup.balls.ball -3500 400 50');
    await expectTypedView(page);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'typed-view-after-restart.png') });
    const robot1 = app.session.controller.robotConsole('robot1')!;
    expect(robot1.model.views.fieldView('typed')?.drawings).toEqual([
      'representation:RobotPose',
      'origin:RobotPose',
      'representation:BallModel',
    ]);
    expect(pageErrors).toEqual([]);
  });
});
