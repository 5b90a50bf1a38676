/**
 * @file Opening the page on the default scene (scenes/Game.ros3): the console ready and all 14 robots listed, which
 * the scene's start script needs before its views and the specs' console lines can reach every robot.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ConsolePage } from './consolePage';

/** Loads `url` and waits for the console and the default scene's 14 robots; returns the console. */
export async function openDefaultScene(page: Page, url: string): Promise<ConsolePage> {
  await page.goto(url);
  const consoleView = new ConsolePage(page);
  await consoleView.ready();
  await expect.poll(() => page.getByTestId('robot-list').locator(':scope > li').count(), { timeout: 60_000 }).toBe(14);
  return consoleView;
}
