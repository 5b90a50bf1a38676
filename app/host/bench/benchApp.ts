/**
 * @file What the browser benchmarks share: `npm start` in browser mode as a child process (as a user starts it,
 * with a fresh settings folder so saved layouts are neither seen nor changed), a headless Chromium, and polling
 * the page for a condition.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

export { launchChromium } from '../browser/headlessChromium';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A running `npm start`. */
export interface BenchApp {
  readonly child: ChildProcess;
  /** The URL with its session token. */
  readonly url: string;
}

/** Starts `npm start --browser --no-open` with `args` (e.g. `--no-scene`); resolves once it prints its URL. */
export function startBenchApp(args: readonly string[]): Promise<BenchApp> {
  const settings = mkdtempSync(path.join(os.tmpdir(), 'pitchside-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/web/start.ts', '--browser', '--no-open', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, XDG_CONFIG_HOME: settings },
  });
  child.on('exit', () => rmSync(settings, { recursive: true, force: true }));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/\S+token=\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]! });
    });
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}): ${output}`)));
  });
}

/** Polls `read` until it returns true (or throws after `timeoutMs`). */
export async function until(page: Page, read: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await read())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(200);
  }
}
