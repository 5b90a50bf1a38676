/**
 * @file Once per e2e run: build the renderer when it is stale, unpack Chromium (so that the first spec's
 * timeouts measure the app, not the setup) and drop the failure screenshots of earlier runs.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureRendererBuilt } from '../../app/web/rendererBuild';
import { ROOT_DIR, STATIC_ROOT } from './appServer';
import { findChromium } from '../../app/host/browser/headlessChromium';
import { ARTIFACTS_DIR } from './fixture';

/** Vitest global setup. */
export default async function setup(): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  // A failure screenshot of an earlier run would read as a failure of this one.
  for (const file of readdirSync(ARTIFACTS_DIR)) if (file.startsWith('FAILED-')) rmSync(join(ARTIFACTS_DIR, file));
  await ensureRendererBuilt(ROOT_DIR, STATIC_ROOT, (line) => console.log(line));
  await findChromium();
}
