// The default scene (Game.ros3, 14 articulated NAOs) in the IDE: two robots perceive from their rendered camera
// images, robot1 as the scene's start script sets it up and robot2 switched over from the console, and the Image
// views show each one's upper image with its perception drawings (the patches the ball network looked at, the
// ball percept) while the status bar reports the real-time factor. How fast is the bench's figure, not the test's.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openWithRobots } from './scenePage';

/** Opens robot `robot`'s image view `view` from the scene tree (its `image` group folded open first). */
async function openImageOf(page: Page, robot: string, view: string): Promise<void> {
  const entry = page.getByTestId(`open-image-${robot}-${view}`);
  if (!(await entry.isVisible())) {
    const tree = page.locator(`[data-testid=robot-list] > li[data-robot=${robot}]`);
    await tree.locator('.view-tree-label', { hasText: /^▸ image$/ }).click();
  }
  await entry.dblclick({ timeout: 30_000 });
}

describe('the default scene: two robots see', { timeout: 600_000 }, () => {
  const ctx = useApp(undefined, { sceneFile: 'scenes/Game.ros3' });

  it("shows robot1's and robot2's camera images with their perception drawings; the status bar reports the real-time factor", async () => {
    const { page, app, screenshot, pageErrors } = ctx();
    await openWithRobots(page, app.server.url, 14);
    const consoleView = new ConsolePage(page);
    await consoleView.run('robot robot2');
    await consoleView.run('call Includes/ImagePerception');
    for (const robot of ['robot1', 'robot2']) {
      await consoleView.run(`robot ${robot}`);
      await consoleView.run('for Upper vi CameraImage upper');
      await consoleView.run('vid upper module:BallAndPenaltyMarkPerceptor:spots');
      await consoleView.run('vid upper representation:BallPercept:image');
    }
    for (const robot of ['robot1', 'robot2']) {
      await openImageOf(page, robot, 'upper');
      const view = page.getByTestId('image-view').filter({ hasText: `${robot}.image.upper` });
      await expect.poll(() => view.textContent(), { timeout: 120_000 }).toMatch(/640×480 YUYV · t=\d+ ms/);
      await screenshot(`default-scene-${robot}-image`);
    }
    const status = page.locator('footer.status-bar');
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toMatch(/\d+(\.\d+)? s · \d+(\.\d+)?× real time/);
    expect(pageErrors).toEqual([]);
  });
});
