// The field view places robot-relative drawings as SimRobot does: the start script's field view lists
// `origin:RobotPose` before the ball and obstacle models, so they are painted around robot1 (the keeper near its
// own goal), not around the field's centre; the camera threads' percepts follow `perception:RobotPose`. Capsule
// robots keep the machine free for the browser.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../support/fixture';
import { openWithRobots } from '../scene/scenePage';
import { expectBallLeftOf, ORANGE_RANGE, pixelCentroid, type ColorRange } from './viewsPage';

const CANVAS = '[data-testid=field-canvas]';
/** Teammates as ObstacleModel paints them (cyan discs). */
const CYAN_RANGE: ColorRange = { r: [0, 60], g: [150, 230], b: [180, 255] };

/** Zooms in on robot1 near its goal (the wheel zooms about the pointer) until more than `pixels` are orange. */
async function zoomOnRobot1(page: Page, pixels: number): Promise<void> {
  const box = (await page.locator(CANVAS).boundingBox())!;
  await page.mouse.move(box.x + 0.12 * box.width, box.y + 0.5 * box.height);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -100);
  await expect
    .poll(async () => (await pixelCentroid(page, CANVAS, ORANGE_RANGE)).count, { timeout: 10_000 })
    .toBeGreaterThan(pixels);
}

describe('field view: robot-relative drawings around their robot', { timeout: 240_000 }, () => {
  const ctx = useApp(undefined, { sceneFile: 'scenes/GameCapsule.ros3' });

  it("paints robot1's ball and obstacles around robot1 near its own goal", async () => {
    const { page, app, screenshot, pageErrors } = ctx();
    await openWithRobots(page, app.server.url, 14);
    // robot1 stands at (-4300, 0) facing the field; the ball goes 0.8 m ahead of it and 0.4 m to its left, and
    // its teammates robot2 and robot3 stand at (-3000, ±1000). Oracle percepts make it see the ball at once. The
    // set-up goes to the host's console directly (typing is not what this test is about, and slow on a busy machine).
    for (const line of [
      'robot robot1',
      'mr BallPercept OracledPerceptsProvider for Upper',
      'mr BallPercept OracledPerceptsProvider for Lower',
      'mvo RoboCup.balls.ball -3500 400 50',
    ])
      app.session.execute(line);
    await page.locator('.dv-tab', { hasText: /^robot1\.field\.worldState$/ }).click();
    const view = page.getByTestId('field-view');
    // Only the robot's beliefs: the faint ground truth would paint a true ball there as well.
    await view.getByLabel('Ground truth').uncheck();

    // The ball model's disc (a few pixels across at this zoom): left of the centre line (the own half, x < 0), near
    // the goal line, where robot1 believes it. Painted from the field's centre (the old painter) it would lie right
    // of the middle.
    // Across the field it is where it must be: robot1's ball model, painted around robot1. Across its width it
    // depends on how well robot1 knows its own pose (its estimate starts poor), so only x is asserted.
    const ball = await expectBallLeftOf(page, CANVAS, 0.2);
    // Teammates as obstacles: cyan discs, also in the own half around robot1 (robot2 and robot3 at x = -3000).
    const obstacles = await pixelCentroid(page, CANVAS, CYAN_RANGE);
    expect(obstacles.count).toBeGreaterThan(20);
    expect(obstacles.x).toBeLessThan(0.3);
    await screenshot('field-robot-relative-drawings');
    // Zoomed in on robot1 (the wheel zooms about the pointer), its ball and teammates fill the view.
    await zoomOnRobot1(page, 2 * ball.count);
    await screenshot('field-robot-relative-zoomed');
    expect(pageErrors).toEqual([]);
  });

  it("paints the camera threads' ball percept around robot1", async () => {
    const { page, app, screenshot, pageErrors } = ctx();
    // A view of the percept alone, as the camera threads (Upper, Lower) draw it: robot-relative, after the origin
    // Cognition hands to the camera thread whose image it has just processed.
    for (const line of [
      'vf percepts',
      'vfd percepts fieldLines',
      'vfd percepts perception:RobotPose',
      'vfd percepts representation:BallPercept:field',
      'vfd percepts perception:Reset',
    ])
      app.session.execute(line);
    const tab = page.locator('.dv-tab', { hasText: /^robot1\.field\.percepts$/ });
    await tab.waitFor({ timeout: 30_000 });
    await tab.click();
    const view = page.getByTestId('field-view');
    await view.getByLabel('Ground truth').uncheck();
    // Painted from the field's centre the percept (0.8 m ahead, 0.4 m left of robot1) would lie right of the
    // middle; around robot1 it lies in the own half, near its goal.
    await expectBallLeftOf(page, CANVAS, 0.2);
    await screenshot('field-percept-around-robot');
    await zoomOnRobot1(page, 10);
    await screenshot('field-percept-around-robot-zoomed');
    expect(pageErrors).toEqual([]);
  });
});
