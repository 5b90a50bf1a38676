// The log player and annotation views on a real replay: a demo log written by the log writer, opened with `sl`
// through the console, then driven only through the views (buttons, slider, frame field, keys, double-click).
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ANNOTATIONS } from '@app/host/log/testing/demoLog';
import { bridgeRequest } from '../../support/bridgeClient';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';
import { demoLogFolder, logProvider, openView, playerStatus } from './logPage';

const log = demoLogFolder();
afterAll(() => fs.rmSync(log.dir, { recursive: true, force: true }));

/** Frame of the Cognition frame of a demo cycle (6 frames per cycle, Cognition third). */
const cognitionFrame = (cycle: number): number => cycle * 6 + 2;

describe('log player and annotation views', () => {
  const ctx = useApp(() => [logProvider()]);
  const status = () => playerStatus(ctx().page);

  it('says how to open a log, then shows the log sl opened with its timeline markers', async () => {
    const { page, app, screenshot } = ctx();
    await page.goto(app.server.url);
    const consoleView = new ConsolePage(page);
    await consoleView.ready();
    await openView(page, 'Log Player');
    await expect
      .poll(() => page.getByTestId('log-player-empty').textContent(), { timeout: 15_000 })
      .toMatch(/sl <name> <file>/);
    await screenshot('logs-player-empty');
    await consoleView.run(`sl replay "${log.file}"`);
    await page.getByTestId('log-player').waitFor({ timeout: 15_000 });
    await page.getByTestId('log-stop').click();
    await expect.poll(status).toEqual({ state: 'stopped', frame: 0 });
    // 4 game states and 3 annotations.
    await expect.poll(() => page.getByTestId('log-markers').locator('.log-marker').count()).toBe(7);
    expect(await page.getByTestId('log-markers').locator('.log-marker.annotation').count()).toBe(3);
  });

  it('seeks with the frame field and the slider', async () => {
    const { page, screenshot } = ctx();
    const field = page.getByTestId('log-frame');
    await field.fill('300');
    await field.press('Enter');
    await expect.poll(status).toEqual({ state: 'paused', frame: 300 });
    await page.getByTestId('log-slider').fill('600');
    await expect.poll(status).toEqual({ state: 'paused', frame: 600 });
    // A click on a marker seeks to it.
    await page.getByTestId('log-markers').locator('.log-marker[data-kind=gameState]').nth(2).click();
    await expect.poll(async () => (await status()).frame).toBe(cognitionFrame(60));
    await screenshot('logs-player-seek');
  });

  it('steps with the buttons and the keys of the log player', async () => {
    const { page } = ctx();
    await page.getByTestId('log-frame').fill('300');
    await page.getByTestId('log-frame').press('Enter');
    await expect.poll(status).toEqual({ state: 'paused', frame: 300 });
    await page.getByTestId('log-next').click();
    await expect.poll(async () => (await status()).frame).toBe(301);
    await page.getByTestId('log-fwd100').click();
    await expect.poll(async () => (await status()).frame).toBe(401);
    await page.getByTestId('log-prev').click();
    await expect.poll(async () => (await status()).frame).toBe(400);
    // Keys work while the view has focus: the slider has it after a click on the view's background.
    await page.getByTestId('log-status').click();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await status()).frame).toBe(401);
    await page.keyboard.press('PageUp');
    await expect.poll(async () => (await status()).frame).toBe(301);
    // Image frames are the first two of every cycle: the next one after 301 is 306.
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await status()).frame).toBe(306);
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await status()).frame).toBe(301);
    await page.keyboard.press('Home');
    await expect.poll(status).toEqual({ state: 'stopped', frame: 0 });
  });

  it('plays, pauses and loops', async () => {
    const { page, screenshot } = ctx();
    await page.getByTestId('log-speed').selectOption('10');
    await page.getByTestId('log-play').click();
    await expect.poll(async () => (await status()).frame, { timeout: 10_000 }).toBeGreaterThan(100);
    await page.getByTestId('log-play').click();
    await expect.poll(async () => (await status()).state).toBe('paused');
    const paused = (await status()).frame;
    await page.waitForTimeout(300);
    expect((await status()).frame).toBe(paused);
    // With loop on, playing past the last frame starts again from the first: the frame goes down while playing.
    await page.getByTestId('log-loop').click();
    await expect.poll(() => page.getByTestId('log-loop').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('log-play').click();
    let highest = 0;
    let wrapped = false;
    for (let i = 0; i < 200 && !wrapped; i++) {
      const { state, frame } = await status();
      if (state === 'playing' && frame < highest - 100) wrapped = true;
      highest = Math.max(highest, frame);
      await page.waitForTimeout(25);
    }
    expect(wrapped).toBe(true);
    expect(highest).toBeGreaterThan(log.frames / 2);
    await screenshot('logs-player-looping');
    await page.keyboard.press('Space');
    await expect.poll(async () => (await status()).state).toBe('paused');
  });

  it('lists annotations, filters them and jumps to one on double-click', async () => {
    const { page, app, screenshot } = ctx();
    await openView(page, 'Annotations');
    const rows = page.getByTestId('annotations-table').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(DEMO_ANNOTATIONS.length);
    await page.getByTestId('annotations-filter').fill('kick');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByTestId('annotations-filter').fill('');
    const fall = DEMO_ANNOTATIONS.findIndex((a) => a.name === 'Fall');
    await rows.nth(fall).dblclick();
    const frame = cognitionFrame(DEMO_ANNOTATIONS[fall]!.cycle);
    await expect
      .poll(async () => (await bridgeRequest(app.server, 'pitchside:log.players', {})).players[0]?.current)
      .toBe(frame);
    await expect.poll(() => rows.nth(fall).getAttribute('class')).toBe('selected');
    await screenshot('logs-annotations-jump');
  });

  it('stops on an annotation while the log plays', async () => {
    const { page, app } = ctx();
    await page.getByTestId('annotations-filter').fill('second');
    await page.getByTestId('annotations-stop').check();
    await expect
      .poll(
        async () => (await bridgeRequest(app.server, 'pitchside:log.players', {})).players[0]?.stopOnAnnotation.enabled,
      )
      .toBe(true);
    await bridgeRequest(app.server, 'pitchside:robot.run', { robot: 'replay', line: 'log start' });
    const second = DEMO_ANNOTATIONS.findIndex((a) => a.description.startsWith('second'));
    const frame = cognitionFrame(DEMO_ANNOTATIONS[second]!.cycle);
    await expect
      .poll(async () => (await bridgeRequest(app.server, 'pitchside:log.players', {})).players[0], { timeout: 15_000 })
      .toMatchObject({ state: 'paused', current: frame });
  });
});
