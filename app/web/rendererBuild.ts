/**
 * @file Makes sure the renderer's build output exists and is not older than its sources, building it with vite in
 * a child process when needed (the build takes ~10 s and 1 GB; the server process should not keep that heap).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Newest modification time under `dir` (ms), skipping build output and dependencies. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when `outDir/index.html` is missing or older than the renderer sources, app/ipc or the vite config. */
export function rendererNeedsBuild(rootDir: string, outDir: string): boolean {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = [join(rootDir, 'renderer'), join(rootDir, 'app', 'ipc')].filter(existsSync).map(newestMtime);
  const config = join(rootDir, 'vite.config.ts');
  return Math.max(...sources, existsSync(config) ? statSync(config).mtimeMs : 0) > built;
}

/** Runs `vite build` for the repository at `rootDir`; rejects when it fails. */
export function buildRenderer(rootDir: string, log: (line: string) => void = () => {}): Promise<void> {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  log('Building the renderer (vite build)...');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: rootDir,
      // Vite builds what NODE_ENV names: started from vitest (NODE_ENV=test) it built React's development mode,
      // several times slower, into the page every e2e test drove.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (exit code ${code})`))));
  });
}

/** Builds the renderer when it is missing or stale. */
export async function ensureRendererBuilt(
  rootDir: string,
  outDir: string,
  log?: (line: string) => void,
): Promise<void> {
  if (rendererNeedsBuild(rootDir, outDir)) await buildRenderer(rootDir, log);
}
