/**
 * @file A real headless Chromium for the e2e tests and the browser benchmarks: the system's /usr/bin/chromium
 * when installed, else the one that ships inside the @sparticuz/chromium npm package (so `npm ci && npm test`
 * needs no apt step). Flags that weaken the page's security are dropped: tests must see what a user's browser
 * enforces. Without a GPU, WebGL runs on SwiftShader.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** System Chromium locations tried first. */
const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Flags for a quiet, offline, GPU-less headless browser. */
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];

/** Flags of @sparticuz/chromium we do not want (security off switches; playwright sets headless itself). */
const DROPPED = [
  /^--disable-web-security/,
  /^--allow-running-insecure-content/,
  /^--headless/,
  /^--disable-site-isolation-trials/,
];

/** Path and extra flags of the Chromium to use. */
export async function findChromium(): Promise<{ executablePath: string; args: string[] }> {
  const system = SYSTEM_CHROMIUM.find((p) => existsSync(p));
  if (system) return { executablePath: system, args: [] };
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const executablePath = await sparticuz.executablePath();
  return { executablePath, args: sparticuz.args.filter((a) => !DROPPED.some((d) => d.test(a))) };
}

/** Launches a headless Chromium. */
export async function launchChromium(): Promise<Browser> {
  const { executablePath, args } = await findChromium();
  return chromium.launch({ executablePath, headless: true, args: [...new Set([...args, ...BASE_ARGS])] });
}
