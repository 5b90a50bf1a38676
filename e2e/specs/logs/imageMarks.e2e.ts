// Teams bring their own data: in the Image view of a replayed log a user marks the ball, a penalty mark and a
// robot with the mouse, saves the marks as a data set, and the training pipeline's reader (tools/training,
// NumPy) reads the patches back. The log is robot1's inputs with its upper camera at 640×480, recorded headless.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSession } from '@app/host/log/LogSession';
import { recordRobotLog, SENSOR_REPRESENTATIONS } from '@app/host/log/testing/sensorLog';
import { SceneViewsProvider } from '@app/host/providers/simulation/SceneViewsProvider';
import { ROOT_DIR } from '../../support/appServer';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { logProvider, openView } from './logPage';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-e2e-marks-'));
const dataSet = `e2e-marks-${process.pid}`;
const saved = path.join(ROOT_DIR, 'config', 'Datasets', dataSet);
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const ext of ['.patches', '.json']) fs.rmSync(`${saved}${ext}`, { force: true });
});
let file = '';

beforeAll(async () => {
  file = await recordRobotLog(dir, {
    seconds: 4,
    seed: 7,
    representations: SENSOR_REPRESENTATIONS,
    imageRate: 5,
    cameras: { upper: { width: 640, height: 480 }, lower: { width: 16, height: 12 } },
  });
}, 600_000);

/** Drags on the image canvas from image pixel `from` to `to` (the image fitted into the canvas, centred). */
async function dragOnImage(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const box = (await page.getByTestId('image-canvas').boundingBox())!;
  const scale = Math.min(box.width / 640, box.height / 480);
  const screen = (p: { x: number; y: number }) => ({
    x: box.x + box.width / 2 + scale * (p.x - 320),
    y: box.y + box.height / 2 + scale * (p.y - 240),
  });
  const a = screen(from);
  const b = screen(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
  await page.mouse.move(b.x, b.y);
  await page.mouse.up();
}

describe('marking a replayed camera image for training', { timeout: 600_000 }, () => {
  const ctx = useApp(() => [logProvider(), new SceneViewsProvider()]);

  it('marks a ball, a penalty mark and a robot with the mouse; the saved data set is read back by the training pipeline', async () => {
    const { page, app, screenshot, pageErrors } = ctx();
    await page.goto(app.server.url);
    const consoleView = new ConsolePage(page);
    await consoleView.ready();
    await consoleView.run(`sl robot1 "${file}" Default`);
    const replay = logSession(app.session.controller.robotConsole('robot1')!).replay!;
    // The third upper camera image: the robot has found its head's pose and the ball by then.
    let frame = 0;
    for (let images = 0; ; frame++)
      if (replay.file.isImageFrame(frame) && replay.file.readFrame(frame).thread === 'Upper' && ++images === 3) break;
    await consoleView.run('for Upper vi CameraImage upper');
    await consoleView.run(`log goto ${frame + 1}`);
    await openView(page, 'Image');
    const canvas = page.getByTestId('image-canvas');
    await expect.poll(() => canvas.getAttribute('data-seq'), { timeout: 60_000 }).not.toBeNull();
    await expect.poll(() => page.getByTestId('image-view').textContent()).toMatch(/640×480 YUYV/);

    // Where the replayed robot's perception saw the ball in this image, if it did: the user marks it there.
    await consoleView.run('for Upper get representation:BallPercept');
    const percept = consoleView.output.locator('.line', { hasText: /positionInImage/ }).last();
    await percept.waitFor({ timeout: 30_000 });
    const text = (await percept.textContent()) ?? '';
    const seen = /status = seen/.test(text);
    const at = /positionInImage = \{x = ([-\d.]+); y = ([-\d.]+);\}/.exec(text);
    const r = Number(/radiusInImage = ([\d.]+)/.exec(text)?.[1] ?? 10);
    const ball = seen && at ? { x: Number(at[1]), y: Number(at[2]) } : { x: 320, y: 300 };
    const radius = seen ? r : 10;

    await page.getByTestId('image-mark-tool').selectOption('ball');
    await dragOnImage(page, ball, { x: ball.x + radius, y: ball.y });
    const ballLine = consoleView.output.locator('.line', { hasText: /marked ball at/ }).first();
    await ballLine.waitFor({ timeout: 30_000 });
    const m = /marked ball at \(([-\d.]+), ([-\d.]+)\) r ([\d.]+)/.exec((await ballLine.textContent())!)!;
    // The drag lands where the user pointed, to within a screen pixel of the fitted image.
    expect(Math.abs(Number(m[1]) - ball.x)).toBeLessThan(3);
    expect(Math.abs(Number(m[2]) - ball.y)).toBeLessThan(3);
    expect(Math.abs(Number(m[3]) - radius)).toBeLessThan(3);

    // The penalty mark before the robot's feet and the opponent right of the centre circle, where seed 7's
    // third image shows them.
    await page.getByTestId('image-mark-tool').selectOption('penaltyMark');
    await dragOnImage(page, { x: 320, y: 463 }, { x: 334, y: 463 });
    await page.getByTestId('image-mark-tool').selectOption('robot');
    await dragOnImage(page, { x: 420, y: 120 }, { x: 500, y: 300 });
    await consoleView.output
      .locator('.line', { hasText: /marked robot/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot('image-marks');

    await page.getByTestId('image-mark-name').fill(dataSet);
    await page.getByTestId('image-mark-save').click();
    const savedLine = consoleView.output.locator('.line', { hasText: /Saved 1 marked images of robot1/ });
    await savedLine.waitFor({ timeout: 30_000 });
    expect(await savedLine.textContent()).toMatch(/\(1 balls, 1 penalty marks, \d+ nothing\) and .*\(1 robot boxes\)/);

    const read = spawnSync(
      '/usr/bin/python3',
      [path.join(ROOT_DIR, 'tools/training/patchData.py'), `${saved}.patches`],
      {
        encoding: 'utf8',
      },
    );
    expect(read.stderr).toBe('');
    const summary = JSON.parse(read.stdout) as { labels: Record<string, number> };
    expect(summary.labels.ball).toBe(1);
    expect(summary.labels.penaltyMark).toBe(1);
    expect(summary.labels.nothing).toBeGreaterThan(0);
    const listing = JSON.parse(fs.readFileSync(`${saved}.json`, 'utf8')) as { images: { marks: { kind: string }[] }[] };
    expect(listing.images[0]!.marks.map((k) => k.kind)).toEqual(['ball', 'penaltyMark', 'robot']);
    expect(pageErrors).toEqual([]);
  });
});
