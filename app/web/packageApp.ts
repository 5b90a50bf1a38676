/**
 * @file `npm run package`: the installable desktop app. Bundles the main process and preload (out/), draws the
 * icon (build/icon.png), then runs electron-builder with electron-builder.yml (run `npm run build:renderer` first;
 * the npm script does). Extra arguments go to electron-builder, e.g. `npm run package -- --linux dir`. On a
 * machine without internet only the `dir` target works, and only with `-c.electronDist=<folder with Electron>`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAsEntry } from '../../robot-runtime/hosts/robot/commandLine';
import { appIconPng } from './appIcon';
import { bundleElectron } from './electronLauncher';

/** The repository root. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Usage text. */
export const PACKAGE_USAGE = `Usage: npm run package [-- <electron-builder arguments>]
  Builds the renderer, bundles main and preload, writes build/icon.png and runs electron-builder
  (targets in electron-builder.yml; e.g. "-- --linux dir -c.electronDist=<Electron folder>").`;

/** Everything electron-builder needs besides the renderer: out/main, out/preload and the icon. */
export async function prepareAppFiles(root = ROOT): Promise<void> {
  await bundleElectron(root);
  fs.mkdirSync(join(root, 'build'), { recursive: true });
  fs.writeFileSync(join(root, 'build', 'icon.png'), appIconPng(512));
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(PACKAGE_USAGE);
    return 0;
  }
  if (!fs.existsSync(join(ROOT, 'dist', 'renderer', 'index.html')))
    throw new Error('dist/renderer is missing: run npm run build:renderer first');
  await prepareAppFiles();
  const builder = join(ROOT, 'node_modules', '.bin', 'electron-builder');
  const result = spawnSync(builder, ['--config', 'electron-builder.yml', ...argv], { cwd: ROOT, stdio: 'inherit' });
  return result.status ?? 1;
}

runAsEntry(import.meta.url, PACKAGE_USAGE, main);
