/**
 * @file Helpers of the log view specs: a replay log provider with a demo log written by the real log writer,
 * opening views from the View menu, and reading the log player's status line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { MemoryFiles } from '../../../app/host/console/files';
import { writeDemoLog } from '../../../app/host/log/testing/demoLog';
import { LogProvider } from '../../../app/host/providers/log/LogProvider';
import { ROOT_DIR } from '../../support/appServer';

/** A folder with the demo log (`demo.log`, 120 cycles = 720 frames); remove it with `fs.rmSync` after the file. */
export function demoLogFolder(): { dir: string; file: string; frames: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-e2e-log-'));
  const file = path.join(dir, 'demo.log');
  const index = writeDemoLog(file, 120);
  return { dir, file, frames: index.frameOffsets.length };
}

/** The provider `npm start` uses for `sl`, on the repository's config/. */
export function logProvider(): LogProvider {
  return new LogProvider({ configRoot: path.join(ROOT_DIR, 'config'), files: new MemoryFiles() });
}

/** Opens a view from the View menu by its title. */
export async function openView(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'View' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${title}`) }).click();
}

/** The log player's state and frame from its status line (`paused · frame 12 / 720 · …`). */
export async function playerStatus(page: Page): Promise<{ state: string; frame: number }> {
  const text = (await page.getByTestId('log-status').textContent()) ?? '';
  const m = /^(\w+) · frame (\d+) \//.exec(text);
  return { state: m?.[1] ?? '', frame: Number(m?.[2] ?? -1) };
}
