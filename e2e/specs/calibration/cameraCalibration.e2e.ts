// The automatic camera calibration as a user sees it: the scene CameraCalibration (upper camera mounted 2° further
// down and rolled 1.5°) shows robot1's upper image with the field's lines as its camera matrix projects them (red)
// and the line points the robot finds (orange). Before `cal`, the red lines miss the white ones; after it, they lie
// on them. Measured on the canvas, with the points' drawing off: the share of red pixels with white right beside them.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openWithRobots, type PageCanvas } from '../scene/scenePage';

/** Of the image canvas's red (projected line) pixels: how many, and the share with white within 3 pixels. */
function redOnWhite(page: Page): Promise<{ red: number; share: number }> {
  // A page that shares two cores with a simulation answering at 0.08x real time can take long to get to this.
  return page.getByTestId('image-canvas').evaluate(
    (element) => {
      const c = element as unknown as PageCanvas;
      const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      const at = (x: number, y: number): number => (y * c.width + x) * 4;
      const red = (i: number): boolean => data[i]! > 200 && data[i + 1]! < 70 && data[i + 2]! < 70;
      const white = (i: number): boolean => data[i]! > 190 && data[i + 1]! > 190 && data[i + 2]! > 190;
      let [n, near] = [0, 0];
      for (let y = 3; y < c.height - 3; y++)
        for (let x = 3; x < c.width - 3; x++) {
          if (!red(at(x, y))) continue;
          n++;
          search: for (let dy = -3; dy <= 3; dy++)
            for (let dx = -3; dx <= 3; dx++)
              if (white(at(x + dx, y + dy))) {
                near++;
                break search;
              }
        }
      return { red: n, share: n > 0 ? near / n : 0 };
    },
    undefined,
    { timeout: 120_000 },
  );
}

describe('camera calibration in the Image view (real Chromium)', { timeout: 400_000 }, () => {
  const ctx = useApp(undefined, { sceneFile: 'scenes/CameraCalibration.ros3' });

  it('shows the projected field lines off the white lines before `cal` and on them after', async () => {
    const { page, app, screenshot } = ctx();
    await openWithRobots(page, app.server.url, 1);
    const tab = page.locator('.dv-tab', { hasText: /^robot1\.image\.upper/ });
    await tab.waitFor({ timeout: 60_000 });
    await tab.click();
    const consoleView = new ConsolePage(page);
    // Measured on the projected lines alone: the line points' marks would cover the white beside them.
    await consoleView.run('vid upper module:FieldLinePointsPerceptor:points off');
    const canvas = page.getByTestId('image-canvas');
    await expect.poll(() => canvas.getAttribute('data-seq'), { timeout: 60_000 }).not.toBeNull();
    await expect.poll(async () => (await redOnWhite(page)).red, { timeout: 60_000 }).toBeGreaterThan(200);
    const before = await redOnWhite(page);
    await screenshot('camera-calibration-before');

    await consoleView.run('cal');
    const output = page.getByTestId('console-output');
    await output.locator('.line', { hasText: 'automatic camera calibration started' }).first().waitFor();
    // About 10 s of simulated time; the machine may simulate far slower than real time.
    await output
      .locator('.line', { hasText: 'AutomaticCameraCalibrator: upper roll' })
      .first()
      .waitFor({ timeout: 300_000 });
    // The next images are drawn with the new calibration.
    await screenshot('camera-calibration-done');
    let after = await redOnWhite(page);
    for (let tries = 0; tries < 10 && after.share <= before.share + 0.2; tries++) {
      await page.waitForTimeout(3000);
      after = await redOnWhite(page);
    }
    console.log(`red pixels beside white: ${before.share.toFixed(2)} before, ${after.share.toFixed(2)} after`);
    expect(after.red).toBeGreaterThan(200);
    expect(after.share).toBeGreaterThan(before.share + 0.2);
    await screenshot('camera-calibration-after');
    // The line points the robot finds in its image, each with a stroke along its line, beside the lines.
    await consoleView.run('vid upper module:FieldLinePointsPerceptor:points');
    await page.waitForTimeout(5000);
    await screenshot('camera-calibration-points');
  });
});
