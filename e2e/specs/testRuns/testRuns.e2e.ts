// `test situation` from the console in the browser runs a campaign on worker processes, as `pitchside test` does:
// the Test Runs view shows the progress (where, runs in flight, done) and lists the runs as they finish, and a
// click on a run replays all its logs with a field view of every robot's beliefs and the log player. The runs
// simulate the two capsule robots of scenes/Tests/Duel.ros3 for two simulated seconds each, so the spec stays
// short; the session itself simulates nothing (every run is a fresh simulation in a worker process).
import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryFiles } from '@app/host/console/files';
import { LogProvider } from '@app/host/providers/log/LogProvider';
import { TestRunsProvider } from '@app/host/providers/testRuns/TestRunsProvider';
import { ROOT_DIR } from '../../support/appServer';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { openView, playerStatus } from '../logs/logPage';

const configRoot = join(ROOT_DIR, 'config');
const sceneFile = join(ROOT_DIR, 'scenes', 'Tests', 'Duel.ros3');
const logRoot = fs.mkdtempSync(join(os.tmpdir(), 'pitchside-e2e-tests-'));
afterAll(() => fs.rmSync(logRoot, { recursive: true, force: true }));

describe('test runs view (real Chromium)', () => {
  const ctx = useApp(() => [
    new LogProvider({ configRoot, files: new MemoryFiles() }),
    new TestRunsProvider({ sceneFile, configRoot, logRoot }),
  ]);

  it('runs a short campaign from the console on two worker processes and lists its runs (screenshots kept)', async () => {
    const { page, app, screenshot } = ctx();
    await page.goto(app.server.url);
    const consoleView = new ConsolePage(page);
    await consoleView.ready();
    await openView(page, 'Test Runs');
    await expect
      .poll(() => page.getByTestId('test-runs-empty').textContent(), { timeout: 15_000 })
      .toMatch(/No test has run yet/);
    await consoleView.run('test situation 4 2 fuz pos 150 goalTeamB --workers 2');
    const status = page.getByTestId('test-runs-status');
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toMatch(/^running on 2 worker process\(es\) · \d \/ 4 done · [12] running/);
    await screenshot('testruns-running');
    await expect.poll(() => status.textContent(), { timeout: 120_000 }).toBe('4 runs');
    for (const run of [1, 2, 3, 4]) {
      const row = page.getByTestId(`test-run-${run}`);
      await expect.poll(() => row.locator('td').nth(2).textContent()).toBe('timeout');
      expect(await row.locator('td').nth(1).textContent()).toBe(String(run));
      expect(await row.getByRole('button').allTextContents()).toEqual(['robot2', 'robot21']);
    }
    // The console prints the campaign's progress lines and the result table when the campaign ends.
    await expect.poll(() => consoleView.output.textContent()).toMatch(/4\/4 runs: 0 passed, 4 failed, 0 errors; done/);
    await expect.poll(() => consoleView.output.textContent()).toMatch(/run\s+seed\s+result.*0\/4 reached the target/s);
    await screenshot('testruns-list');
  }, 240_000);

  it("opens a run's logs with a field view of every robot's beliefs and the log player on a click (screenshot kept)", async () => {
    const { page, screenshot } = ctx();
    await page.getByTestId('test-run-2-log-robot2').click();
    // A field view per team; in front robot2's beliefs (its team recorded one robot).
    const field = page
      .getByTestId('field-view')
      .filter({ has: page.getByLabel(/^Field view beliefs of run2_robot2:/) });
    // Under load (8 sessions share 2 cores) the replay's console lines and the lazily loaded view take a while.
    await field.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => field.getByTestId('field-drawings').textContent(), { timeout: 20_000 })
      .toMatch(/Drawings \(4\)/);
    await expect.poll(() => field.locator('.view-overlay-note').count(), { timeout: 20_000 }).toBe(0);
    await screenshot('testruns-beliefs');
    // The other team's panel: robot21, in its own team's frame.
    await page.locator('.dv-tab', { hasText: 'run2_robot21.field.beliefs' }).click();
    const other = page
      .getByTestId('field-view')
      .filter({ has: page.getByLabel(/^Field view beliefs of run2_robot21:/) });
    await expect.poll(() => other.locator('.view-overlay-note').count(), { timeout: 20_000 }).toBe(0);
    await screenshot('testruns-beliefs-team2');
    await page.locator('.dv-tab', { hasText: 'Log Player' }).first().click();
    await page.getByTestId('log-player').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('log-player').textContent()).toMatch(/run2_robot2 · robot2\.log/);
    await expect.poll(async () => (await playerStatus(page)).state, { timeout: 10_000 }).not.toBe('');
    await page.getByTestId('log-next').click();
    await expect.poll(async () => (await playerStatus(page)).frame).toBeGreaterThanOrEqual(0);
    await screenshot('testruns-logplayer');
  }, 180_000);

  it("stops a running campaign with the view's Stop button: the run in flight ends as stopped", async () => {
    const { page, screenshot } = ctx();
    await openView(page, 'Test Runs');
    const consoleView = new ConsolePage(page);
    await consoleView.run('test situation 3 600 goalTeamA --workers 1');
    const status = page.getByTestId('test-runs-status');
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/· 1 running/);
    await page.getByTestId('test-runs-stop').click();
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toBe('1 run');
    expect(await page.getByTestId('test-run-1').locator('td').nth(2).textContent()).toBe('stopped');
    await expect.poll(() => consoleView.output.textContent()).toMatch(/0\/1 reached the target \(2 not run\)/);
    await screenshot('testruns-stopped');
  }, 180_000);
});
