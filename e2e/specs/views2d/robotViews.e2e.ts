// The 2-D views against a real robot program: the StandaloneRobot of `npm run robot`, connected by address
// with `sc`, then driven only through the UI (console lines, the scene tree, the views' controls).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandaloneRobot } from '@robot-runtime/hosts/robot/StandaloneRobot';
import { RemoteRobotProvider } from '@app/host/providers/remote/RemoteRobotProvider';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { countPixels, openFromTree, ORANGE_RANGE, startRobot } from './viewsPage';

const CANVAS = '[data-testid=field-canvas]';

describe('2-D views with npm run robot', () => {
  // Only remote robots (no simulation): the robot under test is the one connected with sc.
  const ctx = useApp(() => [new RemoteRobotProvider({ connectTimeoutMs: 5000 })]);
  let robot: StandaloneRobot;
  beforeAll(async () => {
    robot = (await startRobot()).robot;
  });
  afterAll(async () => {
    await robot?.stop();
  });

  it('connects to the robot by address', async () => {
    const { page, app, screenshot } = ctx();
    await page.goto(app.server.url);
    const consoleView = new ConsolePage(page);
    await consoleView.ready();
    await consoleView.run(`sc Robot 127.0.0.1:${robot.port}`);
    const item = page.getByTestId('robot-list').locator('li', { hasText: 'Robot' }).first();
    await expect
      .poll(() => item.locator('.link-dot').first().getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('connected');
    await consoleView.waitForLine('Connected to Robot.', 15_000);
    await screenshot('views2d-connected');
  });

  it('vf and vfd show the robot’s ball drawing on the field canvas', async () => {
    const { page, screenshot } = ctx();
    const consoleView = new ConsolePage(page);
    await consoleView.run('vf field');
    await page.getByTestId('field-canvas').waitFor({ timeout: 15_000 });
    const orange = (): Promise<number> => countPixels(page, CANVAS, ORANGE_RANGE);
    const before = await orange();
    await consoleView.run('vfd field representation:BallModel');
    await expect.poll(orange, { timeout: 15_000 }).toBeGreaterThan(before + 5);
    await screenshot('views2d-field-ball');
    // Zoomed in with the keyboard, the ball covers many more pixels.
    const far = await orange();
    await page.getByTestId('field-canvas').focus();
    for (let i = 0; i < 2; i++) await page.keyboard.press('PageUp');
    await expect.poll(orange, { timeout: 5_000 }).toBeGreaterThan(far);
    await screenshot('views2d-field-zoomed');
  });

  it('vp and vpd plot a value that updates over time', async () => {
    const { page, screenshot } = ctx();
    const consoleView = new ConsolePage(page);
    await consoleView.run('vp ballDistance 200 0 6000 mm');
    await consoleView.run('vpd ballDistance representation:BallModel:distance red');
    const status = page.getByTestId('plot-status');
    await status.waitFor({ timeout: 15_000 });
    const points = async (): Promise<number> =>
      Number(/^(\d+) points/.exec((await status.textContent()) ?? '')?.[1] ?? 0);
    await expect.poll(points, { timeout: 15_000 }).toBeGreaterThan(5);
    const first = await points();
    await expect.poll(points, { timeout: 15_000 }).toBeGreaterThan(first);
    await screenshot('views2d-plot');
  });

  it('a module parameter changed in the data view changes what the robot does', async () => {
    const { page, screenshot } = ctx();
    await openFromTree(page, 'Robot', [], 'open-joints-Robot');
    const table = page.getByTestId('joints-table');
    const stiffness = (joint: string) =>
      table.locator('tr', { hasText: joint }).first().locator('td').nth(5).textContent();
    await expect.poll(() => stiffness('lKneePitch'), { timeout: 15_000 }).toMatch(/^\d+ %$/);
    const before = await stiffness('lKneePitch');
    const target = before === '50 %' ? '60' : '50';

    await openFromTree(page, 'Robot', ['data', 'module'], 'open-data-Robot-module:WalkingEngine');
    const input = page.getByTestId('data-tree').getByLabel('stiffness', { exact: true });
    await input.waitFor({ timeout: 15_000 });
    await input.fill(target);
    await input.press('Enter');
    await page.getByTestId('data-set').click();
    await openFromTree(page, 'Robot', [], 'open-joints-Robot');
    await expect.poll(() => stiffness('lKneePitch'), { timeout: 15_000 }).toBe(`${target} %`);
    await screenshot('views2d-joints-after-set');
    await openFromTree(page, 'Robot', ['data', 'module'], 'open-data-Robot-module:WalkingEngine');
    await screenshot('views2d-data-view');
  });

  it('renders the module graph of a thread', async () => {
    const { page, screenshot } = ctx();
    await openFromTree(page, 'Robot', ['modules'], 'open-modules-Robot-Cognition');
    const svg = page.getByTestId('module-graph-svg');
    await svg.waitFor({ timeout: 15_000 });
    expect(await svg.locator('g[data-kind=module]').count()).toBeGreaterThan(3);
    expect(await svg.locator('g[data-kind=provided]').count()).toBeGreaterThan(3);
    await screenshot('views2d-module-graph');
  });

  it("shows a thread's stopwatches and plots one over time", async () => {
    const { page, screenshot } = ctx();
    await openFromTree(page, 'Robot', ['timing'], 'open-timing-Robot-Motion');
    const rows = page.getByTestId('timing-table').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(3);
    await expect
      .poll(() => page.getByTestId('timing-header').textContent())
      .toMatch(/^Freq: \d+\.\d Hz, Min: [\d.]+ ms, Max: [\d.]+ ms$/);
    await rows.filter({ hasText: 'AllModules' }).first().click();
    await page.getByTestId('stopwatch-plot').locator('canvas').first().waitFor({ timeout: 15_000 });
    // The stopwatch's curve (light blue) appears once its history arrived.
    await expect
      .poll(
        () => countPixels(page, '[data-testid=stopwatch-plot] canvas', { r: [40, 120], g: [160, 225], b: [220, 255] }),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(20);
    await screenshot('views2d-timing');
    expect(ctx().pageErrors).toEqual([]);
  });
});
