// Issue 44, a whole team on one timeline: a three-robot game recorded headless (`npm run sim -- --record`, the capsule
// robots of scenes/Tests/Trio.ros3, seed 1, where robot2 scores after about 78 s) opens with `sml` as one session.
// The Log Player shows the game timeline with the recording's kick-off and goal; a click on the goal moves all three
// robots to its game time (each to its last frame at or before it); stepping and playing move all three together; the
// Robots view lists them and the Team Monitor replays their team messages.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { TeamMonitorProvider } from '@app/host/providers/teamMonitor/TeamMonitorProvider';
import { ROOT_DIR } from '../../support/appServer';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { logProvider, openView } from './logPage';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-e2e-game-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const ROBOTS = ['robot2', 'robot21', 'robot3'];
/** Longest frame period of the recorded threads (Cognition at 30 Hz; Motion runs every 12 ms). */
const ONE_FRAME_MS = 34;

describe('a recorded game on one timeline (real Chromium)', { timeout: 900_000 }, () => {
  const logs = logProvider();
  const ctx = useApp(() => [
    logs,
    new TeamMonitorProvider({ configRoot: path.join(ROOT_DIR, 'config'), replay: () => logs.currentGame() }),
  ]);

  /** Each robot's game time as the game timeline lists it (ms). */
  const robotTimes = async (): Promise<number[]> => {
    const { page } = ctx();
    return Promise.all(
      ROBOTS.map(async (r) => Number(await page.getByTestId(`game-robot-time-${r}`).getAttribute('data-time'))),
    );
  };

  /** How far apart the robots' game times are (ms). */
  const spread = async (): Promise<number> => {
    const times = await robotTimes();
    return Math.max(...times) - Math.min(...times);
  };

  /** Waits until every robot's game time is within one frame at or before `time`. */
  const expectAllAt = (time: number) =>
    expect
      .poll(async () => (await robotTimes()).every((t) => t <= time && t > time - ONE_FRAME_MS), { timeout: 180_000 })
      .toBe(true);

  it('records a three-robot game headless with npm run sim -- --record', async () => {
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', 'sim', '--', '--scene', 'scenes/Tests/Trio.ros3', '--duration', '85', '--seed', '1', '--record', dir],
      { cwd: ROOT_DIR, timeout: 600_000 },
    );
    expect(stdout).toMatch(/score: team 5 1 : 0 team 70/);
    expect(stdout).toMatch(/recorded 3 logs into .*, and \d+ GameController packets and \d+ team messages/);
    expect(fs.readdirSync(dir).sort()).toEqual(['game.log', 'robot2.log', 'robot21.log', 'robot3.log']);
  });

  it('opens the game as one session: the game timeline shows its kick-off and its goal', async () => {
    const { page, app, screenshot } = ctx();
    await page.goto(app.server.url);
    const consoleView = new ConsolePage(page);
    await consoleView.ready();
    await consoleView.run(`sml "${dir}"`);
    await expect
      .poll(() => consoleView.output.textContent(), { timeout: 60_000 })
      .toMatch(/Game of 3 robots with game\.log: clocks aligned by GameController packets/);
    await openView(page, 'Log Player');
    const timeline = page.getByTestId('game-timeline');
    await timeline.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.getByTestId('game-summary').textContent())
      .toMatch(/^Game of 3 robots · game\.log · clocks aligned by GameController packets on the clock of the game/);
    await page.getByTestId('log-play').click(); // pause (sml starts the game playing)
    expect(await timeline.locator('.game-marker[data-kind=kickOff]').count()).toBeGreaterThanOrEqual(1);
    expect(await timeline.locator('.game-marker[data-kind=goal]').count()).toBe(1);
    expect(await timeline.locator('.game-marker[data-kind=goal]').textContent()).toBe('goal team 5 (1:0)');
    expect(await page.getByTestId('game-density').locator('rect').count()).toBeGreaterThan(5);
    expect(await page.getByTestId('game-robots').locator('tr').count()).toBe(3);
    await screenshot('game-timeline');
  });

  it('the Log Player steps and plays all three robots together', async () => {
    const { page, screenshot } = ctx();
    const before = await robotTimes();
    for (let i = 0; i < 5; i++) await page.getByTestId('log-fwd100').click();
    await expect
      .poll(async () => Math.min(...(await robotTimes())) > Math.max(...before) + 500, { timeout: 30_000 })
      .toBe(true);
    await expect.poll(spread, { timeout: 30_000 }).toBeLessThan(ONE_FRAME_MS);
    const stepped = await robotTimes();
    await page.getByTestId('log-speed').selectOption('2');
    await page.getByTestId('log-play').click();
    await expect
      .poll(async () => Math.min(...(await robotTimes())) > Math.max(...stepped) + 1000, { timeout: 60_000 })
      .toBe(true);
    await page.getByTestId('log-play').click();
    await expect.poll(() => page.getByTestId('log-status').textContent()).toMatch(/^paused/);
    // A robot that lagged behind the game clock is moved up to the pause's game time after the pause: its new
    // time arrives with its next player event, possibly after the status says paused.
    await expect.poll(spread, { timeout: 30_000 }).toBeLessThan(ONE_FRAME_MS);
    await screenshot('game-timeline-played');
  });

  it('a click on the goal moves all three robots to its game time', async () => {
    const { page, screenshot } = ctx();
    // Played once to the end at 128× first: the robots then hold snapshots all along the game, so a seek restores
    // one (a first seek far into a game replays every robot from its start, blocking the host meanwhile).
    await page.getByTestId('log-speed').selectOption('128');
    await page.getByTestId('log-play').click();
    await expect.poll(() => page.getByTestId('log-status').textContent()).toMatch(/^playing/);
    await expect.poll(() => page.getByTestId('log-status').textContent(), { timeout: 300_000 }).toMatch(/^paused/);
    const end = await robotTimes();
    expect(Math.min(...end)).toBeGreaterThan(84_000);
    const goal = page.getByTestId('game-timeline').locator('.game-marker[data-kind=goal]');
    const goalTime = Number(await goal.getAttribute('data-time'));
    await goal.click();
    await expectAllAt(goalTime);
    await expect
      .poll(() => page.getByTestId('game-summary').textContent())
      .toMatch(new RegExp(`game time ${(goalTime / 1000).toFixed(1)} s$`));
    await screenshot('game-timeline-goal');
    const kickOff = page.getByTestId('game-timeline').locator('.game-marker[data-kind=kickOff]').first();
    const kickOffTime = Number(await kickOff.getAttribute('data-time'));
    await kickOff.click();
    await expectAllAt(kickOffTime);
  });

  it('the Robots view lists the replayed robots and the Team Monitor replays their team messages', async () => {
    const { page, screenshot } = ctx();
    await openView(page, 'Robots');
    const panel = page.getByTestId('robots-panel');
    await panel.waitFor({ timeout: 15_000 });
    for (const r of ROBOTS) await expect.poll(() => panel.getByRole('cell', { name: r, exact: true }).count()).toBe(1);
    await screenshot('game-robots');
    await openView(page, 'Team Monitor');
    await expect.poll(() => page.getByTestId('tm-card').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await screenshot('game-team-monitor');
  });
});
