// A robot speaking B-Human's byte layouts on the real debug link (camera images with the width in pixel pairs
// and a doubled height, annotations), connected by address with `sc` and looked at through the UI only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteRobotProvider } from '../../../app/host/providers/remote/RemoteRobotProvider';
import { startBHumanRobot, type BHumanRobot } from '../../support/bhumanRobot';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openCatalogView, type PageCanvas } from '../scene/scenePage';

describe('a robot with B-Human layouts', () => {
  const ctx = useApp(() => [new RemoteRobotProvider({ connectTimeoutMs: 5000 })]);
  let robot: BHumanRobot;
  beforeAll(async () => {
    robot = await startBHumanRobot();
  });
  afterAll(async () => {
    await robot?.stop();
  });

  it("shows its B-Human-layout CameraImage in the image view", async () => {
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
    // The colours of the three regions the robot wrote, sampled in the middle of each.
    const samples = await canvas.evaluate((element) => {
      const c = element as unknown as PageCanvas;
      const at = (fx: number, fy: number): number[] => [...c.getContext('2d')!.getImageData(Math.floor(c.width * fx), Math.floor(c.height * fy), 1, 1).data.slice(0, 3)];
      return { size: [c.width, c.height], top: at(0.5, 0.25), bottomLeft: at(0.25, 0.75), bottomRight: at(0.75, 0.75) };
    });
    // 320 pixel pairs are 640 columns; 120 rows with bit 31 of the timestamp set are 240.
    expect(samples.size[0]! / samples.size[1]!).toBeCloseTo(640 / 240, 1);
    const dominant = (rgb: number[]): string => ['red', 'green', 'blue'][rgb.indexOf(Math.max(...rgb))]!;
    expect([dominant(samples.top), dominant(samples.bottomLeft), dominant(samples.bottomRight)]).toEqual(['red', 'blue', 'green']);
    const errors = await consoleView.output.locator('.line', { hasText: /Error|left over|cannot/ }).count();
    expect(errors).toBe(0);
    await screenshot('bhuman-camera-image');
  });

  it('shows its annotations live in the annotations view', async () => {
    const { page, screenshot } = ctx();
    await openCatalogView(page, 'Annotations');
    const rows = page.getByTestId('annotations-table').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(cells).toEqual([
      ['0', 'Cognition', 'GameState', 'kickoff'],
      ['1', 'Cognition', 'Behavior', 'walk to ball'],
      ['2', 'Cognition', 'Kick', 'strong left'],
    ]);
    expect(await page.getByTestId('annotations-status').textContent()).toMatch(/3 of 3 · BHuman \(live\)/);
    await screenshot('bhuman-live-annotations');
  });
});
