// The start script's views and the File menu on a simulated scene (BH.ros3: one robot against dummies): the
// views `vf`/`vi` in the scene's .con open as panels (once, also after a reload and a reset), File → Open scene
// replaces the running scene with another one from the host's disk (its script's `vf`/`vp` views open), File →
// Open log replays a log, and File → Export/Import layout round-trip the dock layout. Bad files say why and
// change nothing. Files are chosen in the browser mode's host file dialog (path field and folder list).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { writeDemoLog } from '@app/host/log/testing/demoLog';
import { ROOT_DIR, type AppServer } from '../../support/appServer';
import { bridgeRequest } from '../../support/bridgeClient';
import { ConsolePage } from '../../support/consolePage';
import { useApp } from '../../support/fixture';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-e2e-files-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A scene of its own on the host's disk: BH.ros3 with a start script that opens a field and a plot view. */
function writeScene(): string {
  fs.cpSync(path.join(ROOT_DIR, 'scenes', 'Includes'), path.join(dir, 'Includes'), { recursive: true });
  fs.copyFileSync(path.join(ROOT_DIR, 'scenes', 'BH.ros3'), path.join(dir, 'Drill.ros3'));
  fs.writeFileSync(
    path.join(dir, 'Drill.con'),
    ['call Includes/Oracle', 'ar on', 'robot robot1', 'vf drill', 'vp drillPlot 100 0 1000', ''].join('\n'),
  );
  return path.join(dir, 'Drill.ros3');
}

/**
 * Pauses the simulation: two camera views, the field and the 3-D scene of a running simulation are more than a
 * loaded 2-core machine renders in time, and the page then falls behind the host's stream more and more.
 */
async function pause(app: AppServer): Promise<void> {
  await bridgeRequest(app.server, 'pitchside:sim.control', { action: 'pause' });
}

const tabs = (page: Page, title: RegExp) => page.locator('.dv-tab', { hasText: title }).count();
const status = (page: Page) => page.locator('.status-message').textContent();

/** Closes a panel by its tab's close button (shown on the active tab). */
async function closeTab(page: Page, title: RegExp): Promise<void> {
  const tab = page.locator('.dv-tab', { hasText: title });
  await tab.click();
  await tab.locator('.dv-default-tab-action').click();
}

async function fileMenu(page: Page, item: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Picks `file` in the host file dialog by typing its path. */
async function chooseOnHost(page: Page, file: string): Promise<void> {
  const field = page.getByTestId('file-dialog-path');
  await page.getByTestId('file-dialog').getByRole('button', { name: '..' }).waitFor({ timeout: 10_000 });
  await field.fill(file);
  await field.press('Enter');
}

describe('start script views and the File menu', { timeout: 120_000 }, () => {
  const ctx = useApp(undefined, { sceneFile: 'scenes/BH.ros3' });

  it("opens the start script's views as panels, once, also after a reload and a reset", async () => {
    const { page, app, screenshot } = ctx();
    await page.goto(app.server.url);
    await new ConsolePage(page).ready();
    // BH.con: `vf worldState` and `for Upper Lower vi CameraImage` for robot1.
    await expect.poll(() => tabs(page, /^robot1\.field\.worldState$/), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => tabs(page, /^robot1\.image\./), { timeout: 30_000 }).toBe(2);
    // They open behind the 3-D scene, which stays in front: an image view shows once its tab is chosen.
    expect(await page.locator('.dv-tab.dv-active-tab', { hasText: /^Scene 3D$/ }).count()).toBe(1);
    await page
      .locator('.dv-tab', { hasText: /^robot1\.image\./ })
      .first()
      .click();
    await expect
      .poll(() => page.getByTestId('image-canvas').first().getAttribute('data-seq'), { timeout: 30_000 })
      .not.toBeNull();
    await screenshot('files-script-views');
    await pause(app);
    await page.reload();
    await new ConsolePage(page).ready();
    await expect.poll(() => tabs(page, /^robot1\.field\.worldState$/), { timeout: 30_000 }).toBe(1);
    await page.locator('.menu-bar').click();
    await page.keyboard.press('Shift+F5');
    await expect.poll(() => status(page), { timeout: 20_000 }).toMatch(/^Paused at/);
    await page.waitForTimeout(1000); // the reset's view list has arrived
    expect(await tabs(page, /^robot1\.field\.worldState$/)).toBe(1);
    expect(await tabs(page, /^robot1\.image\./)).toBe(2);
    // View → Reset layout: the default panels and the script's views again.
    await closeTab(page, /^robot1\.field\.worldState$/);
    await expect.poll(() => tabs(page, /^robot1\.field\.worldState$/)).toBe(0);
    await page.getByRole('button', { name: 'View' }).click();
    await page.getByRole('menuitem', { name: 'Reset layout' }).click();
    await expect.poll(() => tabs(page, /^robot1\.field\.worldState$/), { timeout: 10_000 }).toBe(1);
    expect(await tabs(page, /^Scene 3D$/)).toBe(1);
  });

  it('exports the layout to a file and imports it again; a file that is no layout changes nothing', async () => {
    const { page, screenshot } = ctx();
    const download = page.waitForEvent('download');
    await fileMenu(page, /^Export layout/);
    const exported = path.join(dir, 'exported.layout.json');
    await (await download).saveAs(exported);
    expect(JSON.parse(fs.readFileSync(exported, 'utf8'))).toMatchObject({ format: 'pitchside-layout', scene: 'BH' });
    await closeTab(page, /^robot1\.field\.worldState$/);
    await expect.poll(() => tabs(page, /^robot1\.field\.worldState$/)).toBe(0);

    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, '{"grid": 1}');
    let chooser = page.waitForEvent('filechooser');
    await fileMenu(page, /^Import layout/);
    await (await chooser).setFiles(bad);
    await expect.poll(() => status(page)).toMatch(/Cannot import bad\.json: not a layout/);
    const tabCount = await page.locator('.dv-tab').count();

    chooser = page.waitForEvent('filechooser');
    await fileMenu(page, /^Import layout/);
    await (await chooser).setFiles(exported);
    await expect.poll(() => status(page)).toMatch(/Layout imported from exported\.layout\.json/);
    await expect.poll(() => tabs(page, /^robot1\.field\.worldState$/)).toBe(1);
    expect(await page.locator('.dv-tab').count()).toBe(tabCount + 1);
    await screenshot('files-layout-imported');
  });

  it('opens a log from the host file dialog in the log player; a file that is no log says so', async () => {
    const { page, screenshot } = ctx();
    const log = path.join(dir, 'demo.log');
    writeDemoLog(log, 30);
    fs.writeFileSync(path.join(dir, 'notes.log'), 'not a log');
    await fileMenu(page, /^Open log/);
    // Browse: the folder typed with a trailing separator is listed; a double click picks a file.
    await chooseOnHost(page, `${dir}/`);
    await page.getByTestId('file-dialog').getByRole('button', { name: 'notes.log' }).dblclick();
    await expect.poll(() => status(page)).toMatch(/Cannot open log .*notes\.log: no frames/);
    await fileMenu(page, /^Open log/);
    await chooseOnHost(page, `${dir}/`);
    await screenshot('files-host-dialog');
    await page.getByTestId('file-dialog').getByRole('button', { name: 'demo.log' }).dblclick();
    await expect.poll(() => status(page), { timeout: 15_000 }).toMatch(/Replaying .*demo\.log as demo/);
    await page.getByTestId('log-player').waitFor({ timeout: 15_000 });
    await screenshot('files-log-opened');
    // File → Recent lists it.
    await page.getByRole('button', { name: 'File' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: /^Log demo\.log/ }).count()).toBe(1);
    await page.keyboard.press('Escape');
  });

  it('opens another scene from the host; a scene that does not load leaves the running one', async () => {
    const { page, app, screenshot } = ctx();
    const broken = path.join(dir, 'Broken.ros3');
    fs.writeFileSync(broken, '<Simulation><Scene');
    await fileMenu(page, /^Open scene/);
    await chooseOnHost(page, broken);
    await expect.poll(() => status(page), { timeout: 15_000 }).toMatch(/Cannot open scene .*Broken\.ros3/);
    const robot1 = app.session.controller.robotConsole('robot1');
    expect(robot1).toBeDefined();
    // The old scene is still there and answers.
    expect((await bridgeRequest(app.server, 'pitchside:sim.control', { action: 'step' })).time).toBeGreaterThan(0);

    const scene = writeScene();
    await fileMenu(page, /^Open scene/);
    await chooseOnHost(page, scene);
    // The page starts over on the new scene: its script's field and plot views open.
    await expect.poll(() => tabs(page, /^robot1\.field\.drill$/), { timeout: 60_000 }).toBe(1);
    await pause(app);
    await new ConsolePage(page).ready();
    await expect.poll(() => tabs(page, /^robot1\.plot\.drillPlot$/), { timeout: 30_000 }).toBe(1);
    expect(app.session.controller.robotConsole('robot1')).not.toBe(robot1);
    await page.locator('.dv-tab', { hasText: /^robot1\.field\.drill$/ }).click();
    await screenshot('files-scene-opened');
  });
});
