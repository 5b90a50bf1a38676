/**
 * @file Once per e2e run: build the renderer when it is stale and unpack Chromium, so that the first spec's
 * timeouts measure the app, not the setup.
 */
import { mkdirSync } from 'node:fs';
import { ensureRendererBuilt } from '../../app/web/rendererBuild';
import { ROOT_DIR, STATIC_ROOT } from './appServer';
import { findChromium } from '../../app/host/browser/headlessChromium';
import { ARTIFACTS_DIR } from './fixture';

/** Vitest global setup. */
export default async function setup(): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await ensureRendererBuilt(ROOT_DIR, STATIC_ROOT, (line) => console.log(line));
  await findChromium();
}
