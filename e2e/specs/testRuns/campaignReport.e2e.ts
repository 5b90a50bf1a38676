// The HTML report of the 200-run campaign (`npm run campaign:200`, kept in docs/campaigns/duelShot200/) in real
// Chromium: a row per run, a histogram per variant and the comparison of the two variants; screenshot kept.
import fs from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '@app/host/browser/headlessChromium';
import { ROOT_DIR } from '../../support/appServer';
import { ARTIFACTS_DIR } from '../../support/fixture';

const report = join(ROOT_DIR, 'docs', 'campaigns', 'duelShot200', 'index.html');

describe('campaign report (real Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the 200 runs, the histograms per variant and whether the variants differ', async () => {
    expect(fs.existsSync(report)).toBe(true);
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(pathToFileURL(report).href);
    expect(await page.locator('tr.passed, tr.failed, tr.error').count()).toBe(200);
    expect(await page.locator('svg.plot').count()).toBe(2);
    await expect.poll(() => page.locator('svg.plot rect').count()).toBeGreaterThan(0);
    expect(await page.locator('td.pass-rate').innerText()).toMatch(
      /^p [=<] [\d.]+: (within chance|differ beyond chance)$/,
    );
    expect(await page.locator('p.summary').innerText()).toMatch(/^\d+\/200 passed \(200 planned\)/);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'campaign-report.png') });
    await page.close();
  });
});
