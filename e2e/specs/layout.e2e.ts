import { describe, expect, it } from 'vitest';
import type { LayoutJson } from '../../app/ipc/messages';
import { bridgeRequest } from '../support/bridgeClient';
import { ConsolePage } from '../support/consolePage';
import { useApp } from '../support/fixture';

describe('dock layout', () => {
  const ctx = useApp();

  it('opens views from the View menu and saves the layout when it changes', async () => {
    const { page, app } = ctx();
    await page.goto(app.server.url);
    await new ConsolePage(page).ready();
    await page.locator('.dv-tab', { hasText: 'Console' }).locator('.dv-default-tab-action').click();
    await expect.poll(() => page.locator('.dv-tab').count()).toBe(0);
    await page.getByRole('button', { name: 'View' }).click();
    await page.getByRole('menuitem', { name: /Console/ }).click();
    await new ConsolePage(page).ready();
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
              'pitchside.layout.default',
            ),
          ),
        { timeout: 60_000 },
      )
      .toContain('"console"');
    const saved = await bridgeRequest(app.server, 'pitchside:layout.load', { scene: 'default' });
    expect(JSON.stringify(saved.layout)).toContain('"console"');
  });

  it('restores the scene layout the host saved after a reload', async () => {
    const { page, app, screenshot } = ctx();
    const { layout } = await bridgeRequest(app.server, 'pitchside:layout.load', { scene: 'default' });
    // Mark the saved layout so that only a restore (not the default layout) can show this title.
    const marked = JSON.parse(
      JSON.stringify(layout).replace(/"title":"Console"/, '"title":"Console (restored)"'),
    ) as LayoutJson;
    await bridgeRequest(app.server, 'pitchside:layout.save', { scene: 'default', layout: marked });
    await page.reload();
    await new ConsolePage(page).ready();
    await page.locator('.dv-tab', { hasText: 'Console (restored)' }).waitFor({ timeout: 60_000 });
    await screenshot('layout-restored');
  });
});
