// `test situation` from the console in the browser: the Test Runs view lists the runs as they finish, and a
// click on a run replays all its logs with a field view of every robot's beliefs and the log player. The runs simulate two robots of the capsule scene for two
// simulated seconds each, so the spec stays short; the session itself simulates nothing (a test builds its own
// simulation per run).
import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryFiles } from '@app/host/console/files';
import { NodeFiles } from '@app/host/console/nodeFiles';
import { LogProvider } from '@app/host/providers/log/LogProvider';
import { TestRunsProvider } from '@app/host/providers/testRuns/TestRunsProvider';
import { loadScene } from '@app/simulator/scene/loadScene';
import { Simulation } from '@app/simulator/simulation/Simulation';
import { ROOT_DIR } from '../../support/appServer';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openView, playerStatus } from '../logs/logPage';

const configRoot = join(ROOT_DIR, 'config');
const sceneFile = join(ROOT_DIR, 'scenes', 'GameFast.ros3');
const logRoot = fs.mkdtempSync(join(os.tmpdir(), 'pitchside-e2e-tests-'));
afterAll(() => fs.rmSync(logRoot, { recursive: true, force: true }));

describe('test runs view (real Chromium)', () => {
  const ctx = useApp(() => [
    new LogProvider({ configRoot, files: new MemoryFiles() }),
    new TestRunsProvider({
      sceneFile,
      configRoot,
      logRoot,
      files: new NodeFiles(),
      representations: ['GameState', 'RobotPose', 'BallModel', 'BehaviorStatus'],
      load: async (file, options) => {
        const scene = loadScene(file);
        const first = scene.robots.filter((r) => r.team === 0).slice(0, 2);
        const robots = [...first, scene.robots.find((r) => r.team === 1)!];
        return Simulation.fromScene({ ...scene, robots, extras: [] }, options);
      },
    }),
  ]);

  it('runs a short test situation from the console and lists its runs (screenshot kept)', async () => {
    const { page, app, screenshot } = ctx();
    await page.goto(app.server.url);
    const consoleView = new ConsolePage(page);
    await consoleView.ready();
    await openView(page, 'Test Runs');
    await expect
      .poll(() => page.getByTestId('test-runs-empty').textContent(), { timeout: 15_000 })
      .toMatch(/No test has run yet/);
    await consoleView.run('test situation 2 2 fuz pos 150 goalTeamB');
    await expect.poll(() => page.getByTestId('test-runs-status').textContent(), { timeout: 60_000 }).toBe('2 runs');
    for (const run of [1, 2]) {
      const row = page.getByTestId(`test-run-${run}`);
      await expect.poll(() => row.locator('td').nth(2).textContent()).toBe('timeout');
      expect(await row.locator('td').nth(1).textContent()).toBe(String(run));
      expect(await row.getByRole('button').allTextContents()).toEqual(['robot1', 'robot2', 'robot21']);
    }
    // The console prints the result table when the test ends.
    await expect.poll(() => consoleView.output.textContent()).toMatch(/run\s+seed\s+result.*0\/2 reached the target/s);
    await screenshot('testruns-list');
  });

  it("opens a run's logs with a field view of every robot's beliefs and the log player on a click (screenshot kept)", async () => {
    const { page, screenshot } = ctx();
    await page.getByTestId('test-run-2-log-robot1').click();
    // A field view per team, in front robot1's beliefs with robot2's painted over them (same team frame).
    const field = page.getByTestId('field-view').filter({ has: page.getByLabel(/^Field view beliefs of run2_robot1/) });
    await field.waitFor({ timeout: 15_000 });
    await expect.poll(() => field.getByTestId('field-team').textContent(), { timeout: 20_000 }).toBe('+ 1 of 1 robots');
    await expect.poll(() => field.getByTestId('field-drawings').textContent()).toMatch(/Drawings \(4\)/);
    await expect.poll(() => field.locator('.view-overlay-note').count()).toBe(0); // robot1's drawings arrived too
    await screenshot('testruns-beliefs');
    // The other team's panel: robot21 alone (its team recorded one robot), in its own team's frame.
    await page.locator('.dv-tab', { hasText: 'run2_robot21.field.beliefs' }).click();
    const other = page
      .getByTestId('field-view')
      .filter({ has: page.getByLabel(/^Field view beliefs of run2_robot21/) });
    await expect.poll(() => other.locator('.view-overlay-note').count(), { timeout: 20_000 }).toBe(0);
    await screenshot('testruns-beliefs-team2');
    await page.locator('.dv-tab', { hasText: 'Log Player' }).first().click();
    await page.getByTestId('log-player').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('log-player').textContent()).toMatch(/run2_robot1 · robot1\.log/);
    await expect.poll(async () => (await playerStatus(page)).state, { timeout: 10_000 }).not.toBe('');
    await page.getByTestId('log-next').click();
    await expect.poll(async () => (await playerStatus(page)).frame).toBeGreaterThanOrEqual(0);
    await screenshot('testruns-logplayer');
  });

  it("stops a running test with the view's Stop button", async () => {
    const { page, screenshot } = ctx();
    await openView(page, 'Test Runs');
    const consoleView = new ConsolePage(page);
    await consoleView.run('test situation 3 600 goalTeamA');
    await page.getByTestId('test-runs-stop').click({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('test-runs-status').textContent(), { timeout: 30_000 }).toBe('1 run');
    expect(await page.getByTestId('test-run-1').locator('td').nth(2).textContent()).toBe('stopped');
    await expect.poll(() => consoleView.output.textContent()).toMatch(/0\/1 reached the target \(2 not run\)/);
    await screenshot('testruns-stopped');
  });
});
