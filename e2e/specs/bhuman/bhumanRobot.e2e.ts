// A robot speaking B-Human's byte layouts on the real debug link (camera images with the width in pixel pairs
// and a doubled height, annotations), connected by address with `sc` and looked at through the UI only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteRobotProvider } from '@app/host/providers/remote/RemoteRobotProvider';
import { SceneViewsProvider } from '@app/host/providers/simulation/SceneViewsProvider';
import { startBHumanRobot, type BHumanRobot } from '../../support/bhumanRobot';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openCatalogView, type PageCanvas } from '../scene/scenePage';

describe('a robot with B-Human layouts', () => {
  // As in the default session: remote robots, and the provider serving every robot's images.
  const ctx = useApp(() => [new RemoteRobotProvider({ connectTimeoutMs: 5000 }), new SceneViewsProvider()]);
  let robot: BHumanRobot;
  beforeAll(async () => {
    robot = await startBHumanRobot();
  });
  afterAll(async () => {
    await robot?.stop();
  });

  it('shows its B-Human-layout CameraImage in the image view', async () => {
    const { page, app, screenshot } = ctx();
    await page.goto(app.server.url);
    const consoleView = new ConsolePage(page);
    await consoleView.ready();
    await consoleView.run(`sc BHuman 127.0.0.1:${robot.port}`);
    await consoleView.waitForLine('Connected to BHuman.', 15_000);
    await consoleView.run('vi CameraImage upper');
    await openCatalogView(page, 'Image');
    const canvas = page.getByTestId('image-canvas');
    await expect.poll(() => canvas.getAttribute('data-seq'), { timeout: 20_000 }).not.toBeNull();
    // 320 pixel pairs are 640 columns; 120 rows with bit 31 of the timestamp set are 240.
    await expect.poll(() => page.getByTestId('image-view').textContent()).toMatch(/640×240 YUYV · t=\d+ ms/);
    // The three regions the robot wrote: where their pixels lie on the canvas and how many there are.
    const regions = await canvas.evaluate((element) => {
      const c = element as unknown as PageCanvas;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      const sums: Record<string, { n: number; x: number; y: number }> = {
        red: { n: 0, x: 0, y: 0 },
        green: { n: 0, x: 0, y: 0 },
        blue: { n: 0, x: 0, y: 0 },
      };
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        const color =
          r > 180 && g < 90 && b < 90
            ? 'red'
            : g > 180 && r < 90 && b < 90
              ? 'green'
              : b > 180 && r < 90 && g < 90
                ? 'blue'
                : undefined;
        if (!color) continue;
        const p = i / 4;
        sums[color]!.n++;
        sums[color]!.x += p % c.width;
        sums[color]!.y += Math.floor(p / c.width);
      }
      return Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, { n: v.n, x: v.x / v.n, y: v.y / v.n }]));
    });
    const { red, green, blue } = regions as Record<'red' | 'green' | 'blue', { n: number; x: number; y: number }>;
    // Red fills the upper half, blue and green a quarter each: below it, blue on the left.
    expect(red.n).toBeGreaterThan(10_000);
    expect(red.n / (blue.n + green.n)).toBeCloseTo(1, 1);
    expect(blue.n / green.n).toBeCloseTo(1, 1);
    expect(red.y).toBeLessThan(blue.y);
    expect(blue.x).toBeLessThan(green.x);
    expect(blue.y).toBeCloseTo(green.y, 0);
    const errors = await consoleView.output.locator('.line', { hasText: /Error|left over|cannot/ }).count();
    expect(errors).toBe(0);
    await screenshot('bhuman-camera-image');
  });

  it('shows its annotations live in the annotations view', async () => {
    const { page, screenshot } = ctx();
    await openCatalogView(page, 'Annotations');
    const rows = page.getByTestId('annotations-table').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    expect(cells).toEqual([
      ['0', 'Cognition', 'GameState', 'kickoff'],
      ['1', 'Cognition', 'Behavior', 'walk to ball'],
      ['2', 'Cognition', 'Kick', 'strong left'],
    ]);
    expect(await page.getByTestId('annotations-status').textContent()).toMatch(/3 of 3 · BHuman \(live\)/);
    await screenshot('bhuman-live-annotations');
  });
});
