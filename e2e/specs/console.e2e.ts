import { describe, expect, it } from 'vitest';
import { ConsolePage } from '../support/consolePage';
import { useApp } from '../support/fixture';

describe('shell and console (browser mode, real Chromium)', () => {
  const ctx = useApp();

  it('loads the shell with the console view and says there are no robots yet', async () => {
    const { page, app, screenshot } = ctx();
    await page.goto(app.server.url);
    const consoleView = new ConsolePage(page);
    await consoleView.ready();
    await expect.poll(() => page.locator('.dv-tab', { hasText: 'Console' }).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('no-robots').textContent()).toMatch(/No robots yet/);
    await screenshot('shell-loaded');
  });

  it('runs "echo hello" and shows hello in the output', async () => {
    const { page, screenshot } = ctx();
    const consoleView = new ConsolePage(page);
    await consoleView.run('echo hello');
    await consoleView.waitForLine('hello');
    await consoleView.waitForLine('> echo hello');
    await screenshot('console-echo');
  });

  it('walks the history with Ctrl+Up and completes with Tab', async () => {
    const { page } = ctx();
    const consoleView = new ConsolePage(page);
    await consoleView.run('echo second');
    await consoleView.waitForLine('second');
    await page.keyboard.press('Control+ArrowUp');
    await page.keyboard.press('Control+ArrowUp');
    await expect
      .poll(() => page.locator('[data-testid=console-input] .view-lines').textContent())
      .toMatch(/echo\s+hello/);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('ech');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.locator('[data-testid=console-input] .view-lines').textContent()).toMatch(/^echo\s*$/);
    await page.keyboard.type('done');
    await page.keyboard.press('Enter');
    await consoleView.waitForLine('done');
  });

  it("answers a robot command without robots with the console engine's message", async () => {
    const { page } = ctx();
    const consoleView = new ConsolePage(page);
    await consoleView.run('dr representation:BallModel');
    await consoleView.waitForLine('No robot selected!');
  });

  it('opens, edits and runs a .con script', async () => {
    const { page, screenshot } = ctx();
    await page.getByTestId('toggle-script').click();
    await page.getByTestId('script-file').setInputFiles({
      name: 'demo.con',
      mimeType: 'text/plain',
      buffer: Buffer.from('echo from script\n# a comment\necho line two\n'),
    });
    await page.locator('.script-panel .script-name', { hasText: 'demo.con' }).waitFor();
    await page.getByTestId('run-script').click();
    const consoleView = new ConsolePage(page);
    await consoleView.waitForLine('from script');
    await consoleView.waitForLine('line two');
    await screenshot('console-script');
  });

  it('keeps F5 and Ctrl+O as commands (the page does not reload)', async () => {
    const { page, pageErrors } = ctx();
    await page.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 42));
    await page.locator('.menu-bar').click();
    await page.keyboard.press('F5');
    await expect.poll(() => page.locator('.status-message').textContent()).toMatch(/Run\/Pause/);
    // Ctrl+O reaches the console (which opened a script panel earlier) and asks for a file. The panel's file input
    // must be there: a file chooser opens only within the key press's user activation, and on a loaded machine a
    // panel rendered only after the key can come too late for it (the chooser then never opened, once, at load 5).
    await page.locator('.script-panel').waitFor({ timeout: 60_000 });
    const chooser = page.waitForEvent('filechooser', { timeout: 60_000 });
    await page.keyboard.press('Control+o');
    expect((await chooser).isMultiple()).toBe(false);
    expect(await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(42);
    expect(pageErrors).toEqual([]);
  });
});
