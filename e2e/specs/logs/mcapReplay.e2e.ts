// An MCAP export in the log player: a log recorded through the console from a running robot, exported with the
// exporter `npm run log -- export --mcap` uses, and both opened with `sl` as two replayed robots. At the same
// frame, the field view's drawings, the data view's values and the camera image are the same for both.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SceneViewsProvider } from '@app/host/providers/simulation/SceneViewsProvider';
import { bridgeRequest } from '../../support/bridgeClient';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openFromTree } from '../views2d/viewsPage';
import { logProvider, recordedLogFolder } from './logPage';

const recorded = await recordedLogFolder(4);
afterAll(() => fs.rmSync(recorded.dir, { recursive: true, force: true }));

/** What a visible canvas shows, for comparing: a hash of its pixels (as PNG) and its size. */
async function canvasPixels(page: Page, testId: string): Promise<string> {
  const canvas = page.getByTestId(testId).locator('visible=true').first();
  const { url, width, height } = await canvas.evaluate((c) => {
    const element = c as unknown as { toDataURL(): string; width: number; height: number };
    return { url: element.toDataURL(), width: element.width, height: element.height };
  });
  return `${width}×${height} ${createHash('sha256').update(url).digest('hex')}`;
}

describe('an exported MCAP in the log player', () => {
  // As in `npm start`: the scene views' provider serves every robot's images.
  const ctx = useApp(() => [logProvider(), new SceneViewsProvider()]);
  /** A frame in the middle of the recording. */
  const frame = Math.floor(recorded.frames / 2);
  const seen = new Map<string, { field: string; image: string; data: string }>();

  /** Opens `file` as `robot`, goes to `frame` and reads the field, image and data views. */
  async function showFrame(robot: string, file: string): Promise<{ field: string; image: string; data: string }> {
    const { page, app, screenshot } = ctx();
    const consoleView = new ConsolePage(page);
    await consoleView.run(`sl ${robot} "${file}"`);
    const run = (line: string) => bridgeRequest(app.server, 'pitchside:robot.run', { robot, line });
    await expect
      .poll(
        async () =>
          (await bridgeRequest(app.server, 'pitchside:log.players', {})).players.some((p) => p.robot === robot),
        { timeout: 15_000 },
      )
      .toBe(true);
    // What the replay computes depends on the frames it played, so both replays play every frame once from where sl
    // left them (to the end at maximum speed; if sl's real-time playback already reached the end, they start over,
    // and a replay restarts at the first frame), then once more from the second image frame before the one shown
    // (goto), when every view's request is on.
    await run('log speed max');
    await run('log start');
    const player = async () =>
      (await bridgeRequest(app.server, 'pitchside:log.players', {})).players.find((p) => p.robot === robot);
    await expect.poll(async () => (await player())?.state, { timeout: 30_000 }).toBe('paused');
    expect((await player())?.current).toBe(recorded.frames - 1);
    for (const line of [
      'vf field',
      'vfd field representation:RobotPose',
      'vfd field representation:BallModel',
      'for Upper vi CameraImage upper',
    ])
      await run(line);
    await page
      .locator('.dv-tab', { hasText: `${robot}.image.upper` })
      .first()
      .waitFor({ timeout: 15_000 });
    const leaf = `open-data-${robot}-representation:BallModel`;
    await openFromTree(page, robot, ['data', 'representation'], leaf);
    // The data view is open once it waits for the ball model or already shows it (a paused replay may answer the
    // request at once); a click lost to a re-render of the tree under load is repeated (opening again focuses it).
    await expect
      .poll(
        async () => {
          const waiting = await page.getByText(`Waiting for representation:BallModel from ${robot}`).count();
          const shown = await page.getByText(`${robot}: representation:BallModel`).locator('visible=true').count();
          if (waiting + shown > 0) return true;
          await page.getByTestId(leaf).click();
          return false;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.waitForTimeout(1000); // the views' subscriptions reach the host
    await run(`log goto ${frame}`);
    expect((await player())?.current).toBe(frame);
    const tree = page.getByTestId('data-tree').locator('visible=true').first();
    await tree.waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500); // the streams flush at display rate: the frame's last items arrive
    const data = (await tree.textContent()) ?? '';
    await screenshot(`logs-mcap-${robot}-data`);
    await page
      .locator('.dv-tab', { hasText: `${robot}.image.upper` })
      .first()
      .click();
    const imageCanvas = page.getByTestId('image-canvas').locator('visible=true').first();
    await expect.poll(() => imageCanvas.getAttribute('data-seq'), { timeout: 15_000 }).not.toBeNull();
    await page.waitForTimeout(300);
    const image = await canvasPixels(page, 'image-canvas');
    await screenshot(`logs-mcap-${robot}-image`);
    await page
      .locator('.dv-tab', { hasText: `${robot}.field.field` })
      .first()
      .click();
    await page.waitForTimeout(300); // painted on the next animation frames
    const field = await canvasPixels(page, 'field-canvas');
    await screenshot(`logs-mcap-${robot}-field`);
    return { field, image, data };
  }

  it('opens the log and its MCAP export and shows the same drawings, data and image at the same frame', async () => {
    const { page, app } = ctx();
    await page.goto(app.server.url);
    await new ConsolePage(page).ready();
    seen.set('log', await showFrame('fromLog', recorded.log));
    seen.set('mcap', await showFrame('fromMcap', recorded.mcap));
    const players = (await bridgeRequest(app.server, 'pitchside:log.players', {})).players;
    expect(players.map((p) => [p.robot, p.file, p.frameCount])).toEqual([
      ['fromLog', 'recorded.log', recorded.frames],
      ['fromMcap', 'recorded.mcap', recorded.frames],
    ]);
    const log = seen.get('log')!;
    const mcap = seen.get('mcap')!;
    // The views show something: the data view the ball model's fields, the field view its drawings (screenshots).
    expect(log.data).toContain('timeWhenLastSeen');
    expect(mcap.data).toBe(log.data);
    expect(mcap.image).toBe(log.image);
    expect(mcap.field).toBe(log.field);
  }, 120_000);
});
