import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { StandaloneRobot } from '@robot-runtime/hosts/robot/StandaloneRobot';
import { translateRequestName } from '@robot-runtime/protocol/debugMessages/requestNames';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { countPixels, ORANGE_RANGE } from '../views2d/viewsPage';
import { hookCall, openCatalogView, scene3d, screenshotShare, simulatedSeconds, type PageCanvas } from './scenePage';

// The articulated 7 vs 7 scene keeps a core busy; on a shared 2-core machine single steps can take long, hence the timeout.
describe(
  'default scene (articulated 7 vs 7): 3-D view, images, GameController and robots panel (real Chromium)',
  { timeout: 90_000 },
  () => {
    const ctx = useApp(undefined, { sceneFile: 'scenes/Game.ros3' });

    it("starts the 7 vs 7 scene and shows a robot's camera image (field green in the pixels)", async () => {
      const { page, app, screenshot } = ctx();
      await page.goto(app.server.url);
      await new ConsolePage(page).ready();
      await expect
        .poll(() => page.getByTestId('robot-list').locator(':scope > li').count(), { timeout: 30_000 })
        .toBe(14);
      // A fresh layout of a simulated scene shows it in 3-D beside the console, as SimRobot opens its scene view,
      // and keeps it in front of the views the start script opens (robot1's camera images, its field view).
      await expect.poll(() => page.locator('.dv-tab', { hasText: /^Scene 3D$/ }).count(), { timeout: 10_000 }).toBe(1);
      await expect
        .poll(() => page.locator('.dv-tab', { hasText: /^robot1\.image\./ }).count(), { timeout: 30_000 })
        .toBe(2);
      expect(await page.locator('.dv-tab.dv-active-tab', { hasText: /^Scene 3D$/ }).count()).toBe(1);
      expect(await page.locator('.dv-tab.dv-active-tab', { hasText: /^robot1\./ }).count()).toBe(0);
      // The console says how to start the game (the start script's hint, printed before the page connected), and so
      // does the status bar.
      await page
        .getByTestId('console-output')
        .locator('.line', { hasText: 'Game: gc ready / gc set / gc playing to start;' })
        .first()
        .waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('status-hint').textContent()).toMatch(/gc ready, then gc playing/);
      // `dt on` paces the simulation by the wall clock. How fast it keeps up depends on the machine (the speed goal
      // is in `npm run bench`); shown are a positive real-time factor in the 3-D view and in the status bar.
      const factor = (text: string | null): number => Number(/([\d.]+)× real time/.exec(text ?? '')?.[1] ?? NaN);
      await expect
        .poll(async () => factor(await page.getByTestId('scene3d-status').textContent()), { timeout: 40_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(async () => factor(await page.getByTestId('status-simulation').textContent()), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await screenshot('scene-default-3d-in-front');
      // The simulation runs (whether it keeps up with the wall clock is the articulated row of `npm run bench`).
      const shownAt = (await simulatedSeconds(page))!;
      await expect.poll(() => simulatedSeconds(page), { timeout: 40_000 }).toBeGreaterThan(shownAt + 1);
      await openCatalogView(page, 'Image');
      const canvas = page.getByTestId('image-canvas');
      await expect.poll(() => canvas.getAttribute('data-seq'), { timeout: 30_000 }).not.toBeNull();
      const green = await canvas.evaluate((element) => {
        const c = element as unknown as PageCanvas;
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < data.length; i += 4)
          if (data[i + 1]! > data[i]! + 30 && data[i + 1]! > data[i + 2]! + 30) n++;
        return n / (data.length / 4);
      });
      expect(green).toBeGreaterThan(0.1);
      await canvas.hover({ position: { x: 100, y: 150 } });
      await expect.poll(() => page.getByTestId('image-tooltip').textContent()).toMatch(/Y=\d+ U=\d+ V=\d+/);
      await screenshot('image-camera');
    });

    // From here on the simulation is paused unless a test needs time to pass: that leaves the cores to the browser.
    it('pauses and steps the simulation with F5 and F8', async () => {
      const { page, pageErrors } = ctx();
      await page.locator('.menu-bar').click();
      await page.keyboard.press('F5');
      await expect.poll(() => page.locator('.status-message').textContent()).toMatch(/Paused at/);
      const before = await page.locator('.status-message').textContent();
      await page.keyboard.press('F8');
      await expect.poll(() => page.locator('.status-message').textContent()).not.toBe(before);
      expect(await page.locator('.status-message').textContent()).toMatch(/Paused at/);
      await page.keyboard.press('F5');
      await expect.poll(() => page.locator('.status-message').textContent()).toMatch(/Running at/);
      await page.keyboard.press('F5');
      await expect.poll(() => page.locator('.status-message').textContent()).toMatch(/Paused at/);
      expect(pageErrors).toEqual([]);
    });

    it('shows the 14 robots in the 3-D view', async () => {
      const { page, screenshot } = ctx();
      await openCatalogView(page, 'Scene 3D');
      await expect.poll(() => scene3d(page, 'robotCount'), { timeout: 30_000 }).toBe(14);
      // Rendered and fed: frames were drawn after the robots' first poses arrived.
      await expect.poll(() => scene3d(page, 'frames'), { timeout: 10_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('scene3d-score').textContent()).toMatch(/5 0 : 0 70/);
      const shot = readFileSync(await screenshot('scene3d-14-robots'));
      const canvas = (await page.locator('.scene3d-canvas').boundingBox())!;
      // The carpet fills much of the canvas, and the lines show.
      expect(await screenshotShare(page, shot, canvas, 'green')).toBeGreaterThan(0.2);
      expect(await screenshotShare(page, shot, canvas, 'white')).toBeGreaterThan(0.002);

      // The keyboard orbits and zooms the camera; R brings the overview back.
      await page.locator('.scene3d-body').focus();
      const before = (await hookCall(page, 'screenPoint', 'robot3'))!;
      const moved = async (): Promise<number> => {
        const p = (await hookCall(page, 'screenPoint', 'robot3'))!;
        return Math.hypot(p.x - before.x, p.y - before.y);
      };
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('+');
      await expect.poll(moved, { timeout: 5_000 }).toBeGreaterThan(20);
      await page.keyboard.press('r');
      await expect.poll(moved, { timeout: 5_000 }).toBeLessThan(2);
    });

    it('selects a robot by clicking it, moves the ball by dragging it, and shows 3-D drawings', async () => {
      const { page, screenshot } = ctx();
      const robot3 = (await hookCall(page, 'screenPoint', 'robot3'))!;
      await page.mouse.click(robot3.x, robot3.y);
      const item = page.getByTestId('robot-list').locator(':scope > li', { hasText: 'robot3' });
      await expect.poll(() => item.getAttribute('class'), { timeout: 10_000 }).toContain('selected');
      const ball = (await hookCall(page, 'screenPoint', 'ball'))!;
      await page.mouse.move(ball.x, ball.y);
      await page.mouse.down();
      await page.mouse.move(ball.x + 40, ball.y + 10, { steps: 5 });
      await page.mouse.move(ball.x + 80, ball.y + 20, { steps: 5 });
      await page.mouse.up();
      // The simulation got the move: the streamed ball is away from the centre spot.
      await expect
        .poll(
          async () => {
            // An articulated ball's frame also carries its height and orientation: the distance on the field.
            const b = (await hookCall(page, 'ballPosition'))!;
            return Math.hypot(b.x, b.y);
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThan(300);
      // Drawings come from the robots' frames: let the simulation run until they arrive.
      await new ConsolePage(page).run('dr debugDrawing3d:representation:BallModel');
      await page.keyboard.press('F5');
      await expect.poll(() => scene3d(page, 'drawings'), { timeout: 20_000 }).toBeGreaterThan(0);
      await page.keyboard.press('F5');
      await expect.poll(() => page.locator('.status-message').textContent()).toMatch(/Paused at/);
      await screenshot('scene3d-selected-ball-moved');
    });

    it("changes the game state with the GameController panel's buttons", async () => {
      const { page, screenshot } = ctx();
      await openCatalogView(page, 'GameController');
      await expect.poll(() => page.getByTestId('gc-state').textContent(), { timeout: 10_000 }).toBe('initial');
      await page.getByTestId('gc-ready').click();
      await expect.poll(() => page.getByTestId('gc-state').textContent(), { timeout: 10_000 }).toBe('ready');
      await page.getByTestId('gc-set').click();
      await expect.poll(() => page.getByTestId('gc-state').textContent(), { timeout: 10_000 }).toBe('set');
      // `pr` acts on the console's selection: robot3 (player 3 of team 5), selected in the 3-D view before.
      await page.getByTestId('pr-manual').click();
      await expect
        .poll(() => page.getByTestId('gc-team-0').locator('tbody tr').nth(2).textContent(), { timeout: 10_000 })
        .toMatch(/manual/);
      await screenshot('gamecontroller-set');
    });

    it('vf and vfd on a simulated robot of the default scene draw its ball model in the field view (pixels); closing it switches the drawing off', async () => {
      const { page, app, screenshot } = ctx();
      const consoleView = new ConsolePage(page);
      await consoleView.run('robot robot1');
      // The start script's field view shows robot1's ball model too: off there, closing this view's panel is what
      // switches the request off.
      await consoleView.run('vfd worldState representation:BallModel off');
      await consoleView.run('vf ball');
      const canvas = page.getByTestId('field-canvas');
      await canvas.waitFor({ timeout: 15_000 });
      const orange = (): Promise<number> => countPixels(page, '[data-testid=field-canvas]', ORANGE_RANGE);
      const before = await orange();
      await consoleView.run('vfd ball representation:BallModel');
      // Drawings come with the robot's frames: run the simulation until they show, then pause it again.
      await page.locator('.menu-bar').click();
      await page.keyboard.press('F5');
      await expect.poll(() => page.locator('.status-message').textContent()).toMatch(/Running at/);
      try {
        await expect.poll(orange, { timeout: 20_000 }).toBeGreaterThan(before + 5);
        await screenshot('scene-field-ball');
      } finally {
        await page.keyboard.press('F5');
        await expect.poll(() => page.locator('.status-message').textContent()).toMatch(/Paused at/);
      }
      // Closing the view's last panel switches its drawing's debug request off in the robot (after a second).
      const request = translateRequestName('debug drawing:representation:BallModel');
      const robot1 = app.session.controller.robotConsole('robot1')!;
      expect(robot1.isRequestOn(request)).toBe(true);
      await canvas.focus();
      await page.keyboard.press('Alt+W');
      await expect.poll(() => canvas.count()).toBe(0);
      await expect.poll(() => robot1.isRequestOn(request), { timeout: 5_000 }).toBe(false);
    });

    it('connects to a standalone robot by address in the Robots panel, disconnects and reconnects', async () => {
      const { page, screenshot } = ctx();
      const robot = await StandaloneRobot.start({ port: 0, address: '127.0.0.1', log: () => {} });
      try {
        await openCatalogView(page, 'Robots');
        await page.getByTestId('robots-name').fill('standalone');
        await page.getByTestId('robots-address').fill(`127.0.0.1:${robot.port}`);
        await page.getByTestId('robots-connect').click();
        const row = page.locator('[data-testid=robots-table] tr[data-robot=standalone]');
        await expect.poll(() => row.getByTestId('robot-state').textContent(), { timeout: 15_000 }).toMatch(/connected/);
        await expect.poll(() => row.getByTestId('robot-state').textContent()).not.toMatch(/connecting|disconnected/);
        await screenshot('robots-connected');
        await row.getByTestId('robot-disconnect').click();
        await expect
          .poll(() => row.getByTestId('robot-state').textContent(), { timeout: 10_000 })
          .toMatch(/disconnected/);
        await row.getByTestId('robot-reconnect').click();
        await expect
          .poll(() => row.getByTestId('robot-state').textContent(), { timeout: 15_000 })
          .toMatch(/^\s*connected/);
      } finally {
        await page
          .getByTestId('robot-disconnect')
          .click()
          .catch(() => undefined);
        await robot.stop();
      }
    });
  },
);
