// Re-run and compare (issue 44) in the browser: robot1's inputs are recorded headless for 20 simulated seconds, so
// a replay computes self-localization again; the Log Player's variant panel re-runs a window with a changed
// SelfLocator parameter beside the original, says from which frame on they differ and lists the representations,
// and the field view shows both pose tracks (the original's solid blue, the variant's dashed orange) with the
// variant's pose drawing in orange over the original's. A second variant tilts the robot's body against its
// inertial sensor (a miscalibration): the image view paints the field lines the variant's camera matrix projects
// into the upper camera's image in orange over the original's red ones. The log holds 5 upper camera images a
// second at full size (image drawings are in CameraInfo's pixels, 640×480) and tiny lower ones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSession } from '@app/host/log/LogSession';
import { recordRobotLog, SENSOR_REPRESENTATIONS } from '@app/host/log/testing/sensorLog';
import { variantBook } from '@app/host/log/variants/VariantBook';
import { SceneViewsProvider } from '@app/host/providers/simulation/SceneViewsProvider';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { logProvider, openView } from './logPage';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-e2e-variant-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let file = '';

beforeAll(async () => {
  file = await recordRobotLog(dir, {
    seconds: 20,
    seed: 7,
    representations: SENSOR_REPRESENTATIONS,
    imageRate: 5,
    cameras: { upper: { width: 640, height: 480 }, lower: { width: 16, height: 12 } },
  });
}, 600_000);

/** The original's pose track and the variant's colour. */
const TRACK_COLORS = [
  [80, 170, 255],
  [255, 140, 0],
];
/** The field lines the camera matrix projects into the upper camera's image (red). */
const FIELD_LINES = 'module:FieldLinePointsPerceptor:fieldLines';

/**
 * Pixels of a canvas near each colour (the tracks, the recoloured drawings), in the rows below the fraction `below`
 * of its height (the image's lower part, under the red jerseys of the robots it sees); runs in the page.
 */
function countColors(
  canvas: {
    getContext(kind: '2d'): { getImageData(...a: number[]): { data: Uint8ClampedArray } } | null;
    width: number;
    height: number;
  },
  { colors, below }: { colors: number[][]; below: number },
): number[] {
  const ctx = canvas.getContext('2d')!;
  const top = Math.floor(canvas.height * below);
  const data = ctx.getImageData(0, top, canvas.width, canvas.height - top).data;
  const counts = colors.map(() => 0);
  for (let i = 0; i < data.length; i += 4)
    colors.forEach(([r, g, b], c) => {
      if (Math.abs(data[i]! - r!) < 30 && Math.abs(data[i + 1]! - g!) < 30 && Math.abs(data[i + 2]! - b!) < 30)
        counts[c]!++;
    });
  return counts;
}

describe('a log variant beside its original', { timeout: 600_000 }, () => {
  const ctx = useApp(() => [logProvider(), new SceneViewsProvider()]);

  it("a changed SelfLocator parameter: the diff list, the first differing frame and both pose tracks on the field; a tilted body: both runs' field lines in the image", async () => {
    const { page, app, screenshot } = ctx();
    await page.goto(app.server.url);
    const consoleView = new ConsolePage(page);
    await consoleView.ready();
    await consoleView.run(`sl robot1 "${file}" Default`);
    await openView(page, 'Log Player');
    await page.getByTestId('log-player').waitFor({ timeout: 30_000 });
    const replay = logSession(app.session.controller.robotConsole('robot1')!).replay!;
    const last = replay.player.frameCount - 1;
    let frameOfWidest = 0;
    let widestIndex = 0;

    await page.getByTestId('variant-name').fill('wide');
    await page.getByTestId('variant-from').fill('900');
    await page.getByTestId('variant-to').fill(String(last));
    await page.getByTestId('variant-lines').fill('set module:SelfLocator odometryTranslationVariance = 2000;');
    await page.getByTestId('variant-run').click();
    const outcome = page.getByTestId('variant-wide-outcome');
    await expect.poll(() => outcome.textContent(), { timeout: 400_000, interval: 1000 }).toMatch(/differs from frame/);
    const result = variantBook(logSession(app.session.controller.robotConsole('robot1')!)).results.get('wide')!;
    expect(result.differsFrom).toBeGreaterThanOrEqual(900);
    expect(await outcome.textContent()).toContain(`differs from frame ${result.differsFrom} in ${result.diffs.length}`);
    const diffs = page.getByTestId('variant-wide-diffs');
    await expect.poll(() => diffs.textContent()).toContain('RobotPose');
    // The variant's pose drifts from the original's: the tracks differ.
    const gap = result.tracks.original.reduce((m, v, i) => Math.max(m, Math.abs(v - result.tracks.variant[i]!)), 0);
    expect(gap).toBeGreaterThan(20);
    expect(app.session.controller.robotNames).toContain('robot1_wide');
    await screenshot('log-variant-diffs');

    // Where the tracks lie farthest apart: both robots go there (the variant follows its original).
    let widest = 0;
    for (let i = 0; i < result.trackFrames.length; i++) {
      const d = Math.hypot(
        result.tracks.original[2 * i]! - result.tracks.variant[2 * i]!,
        result.tracks.original[2 * i + 1]! - result.tracks.variant[2 * i + 1]!,
      );
      if (d > widest) {
        widest = d;
        widestIndex = i;
        frameOfWidest = result.trackFrames[i]!;
      }
    }
    await page.getByTestId('variant-wide-field').click();
    const field = page.getByTestId('field-view').filter({ has: page.getByTestId('field-variant') });
    await field.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => field.getByTestId('field-variant').textContent(), { timeout: 30_000 })
      .toContain(`differ from frame ${result.differsFrom}`);
    await consoleView.run(`log goto ${frameOfWidest}`);
    const variantRobot = logSession(app.session.controller.robotConsole('robot1_wide')!).replay!;
    await expect.poll(() => variantRobot.player.current, { timeout: 60_000 }).toBe(frameOfWidest);
    // Zoomed in where the tracks lie farthest apart (wheel over that point: it stays under the pointer).
    const box = (await field.getByTestId('field-canvas').boundingBox())!;
    const [x, y] = [result.tracks.original[2 * widestIndex]!, result.tracks.original[2 * widestIndex + 1]!];
    await page.mouse.move(
      box.x + box.width / 2 + (x / 10_400) * box.width,
      box.y + box.height / 2 - (y / 10_400) * box.width,
    );
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -200);
    // Without the ground truth's faint robots, so the two estimates and their tracks stand out.
    await field.getByRole('checkbox', { name: 'Ground truth' }).uncheck();
    // Both tracks, and the variant's pose drawing in its colour, are painted.
    await expect
      .poll(() => field.getByTestId('field-canvas').evaluate(countColors, { colors: TRACK_COLORS, below: 0 }), {
        timeout: 30_000,
      })
      .toEqual([expect.any(Number), expect.any(Number)]);
    const [blue, orange] = await field
      .getByTestId('field-canvas')
      .evaluate(countColors, { colors: TRACK_COLORS, below: 0 });
    expect(blue).toBeGreaterThan(20);
    expect(orange).toBeGreaterThan(20);
    await expect.poll(() => field.locator('.view-overlay-note').count(), { timeout: 30_000 }).toBe(0);
    await screenshot('log-variant-field');

    // The image view: the original's upper camera image with the field lines its camera matrix projects.
    await consoleView.run('robot robot1');
    await consoleView.run('for Upper vi CameraImage upper');
    await consoleView.run(`vid upper ${FIELD_LINES} on`);
    // A second variant tilts the body by 3° against the inertial sensor. Its window starts with an upper camera
    // image: the variant robot learns its request names (CameraImage among them) in the window's first frames.
    const upperImage = (from: number): number => {
      let frame = from;
      while (!(replay.file.isImageFrame(frame) && replay.file.readFrame(frame).thread === 'Upper')) frame++;
      return frame;
    };
    const tiltFrom = upperImage(900);
    await openView(page, 'Log Player');
    await page.getByTestId('variant-name').fill('tilt');
    await page.getByTestId('variant-from').fill(String(tiltFrom));
    await page.getByTestId('variant-to').fill('2400');
    await page
      .getByTestId('variant-lines')
      .fill('set module:CameraCalibrationProvider bodyRotationCorrection = {x = 0deg; y = 3deg;};');
    await page.getByTestId('variant-run').click();
    await expect
      .poll(() => page.getByTestId('variant-tilt-outcome').textContent(), { timeout: 400_000, interval: 1000 })
      .toMatch(/differs from frame/);
    const tilt = variantBook(logSession(app.session.controller.robotConsole('robot1')!)).results.get('tilt')!;
    expect(tilt.differsFrom).toBeGreaterThanOrEqual(tiltFrom);
    expect(tilt.diffs.map((d) => `${d.thread}.${d.representation}`)).toContain('Upper.CameraMatrix');
    await page.getByTestId('variant-tilt-image').click();
    const image = page.getByTestId('image-view').filter({ has: page.getByTestId('image-variant') });
    await image.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => image.getByTestId('image-variant').textContent(), { timeout: 30_000 })
      .toContain(`differ from frame ${tilt.differsFrom}`);
    // An upper camera frame with an image in the window: both robots replay it with the drawing requested.
    const target = upperImage(1500);
    await consoleView.run(`log goto ${target}`);
    const tiltRobot = logSession(app.session.controller.robotConsole('robot1_tilt')!).replay!;
    await expect.poll(() => tiltRobot.player.current, { timeout: 60_000 }).toBe(target);
    // The variant's console shows the same view with the same drawing, and its lines lie elsewhere.
    const lines = (robot: string) => {
      const model = app.session.controller.robotConsole(robot)!.model;
      const view = model.views.imageView('upper');
      return view ? JSON.stringify(model.viewDrawings(view).map((d) => d.shapes)) : '';
    };
    await expect.poll(() => lines('robot1_tilt'), { timeout: 30_000 }).toContain('line');
    expect(lines('robot1')).toContain('line');
    expect(lines('robot1_tilt')).not.toEqual(lines('robot1'));
    // Both sets of lines are painted: the original's red, the variant's orange over them.
    const canvas = image.getByTestId('image-canvas');
    const colors = [
      [255, 0, 0],
      [255, 140, 0],
    ];
    await expect
      .poll(async () => (await canvas.evaluate(countColors, { colors, below: 0.5 })).every((n) => n > 20), {
        timeout: 30_000,
      })
      .toBe(true);
    await screenshot('log-variant-image');
  });
});
