/**
 * @file The e2e fixture: per spec file, the browser-mode app on a free port and a Chromium page opened on its
 * URL (with the token). Screenshots go to e2e/artifacts/ (gitignored); a failing test leaves one automatically.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, onTestFailed } from 'vitest';
import type { ConsoleProvider } from '../../app/host/session/ConsoleProvider';
import { ROOT_DIR, startAppServer, type AppServer, type AppServerOptions } from './appServer';
import { launchChromium } from '../../app/host/browser/headlessChromium';

/** Where screenshots are kept. */
export const ARTIFACTS_DIR = join(ROOT_DIR, 'e2e', 'artifacts');

/** What a spec gets. */
export interface E2EContext {
  readonly app: AppServer;
  readonly page: Page;
  /** Saves a screenshot as e2e/artifacts/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  /** Errors the page threw or logged, for assertions. */
  readonly pageErrors: string[];
}

/** Registers hooks that start the app (with `providers`, if given) and a page once per file; returns a getter. */
export function useApp(providers?: () => ConsoleProvider[], options?: AppServerOptions): () => E2EContext {
  let browser: Browser | undefined;
  let context: E2EContext | undefined;
  beforeAll(async () => {
    const app = await startAppServer(providers?.(), options);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
    const screenshot = async (name: string): Promise<string> => {
      const path = join(ARTIFACTS_DIR, `${name}.png`);
      await page.screenshot({ path });
      return path;
    };
    context = { app, page, screenshot, pageErrors };
  });
  beforeEach((test) => {
    onTestFailed(async () => {
      await context?.screenshot(`FAILED-${test.task.name.replace(/[^\w-]+/g, '_')}`).catch(() => undefined);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await context?.app.close();
  });
  return () => {
    if (!context) throw new Error('useApp(): app not started');
    return context;
  };
}
