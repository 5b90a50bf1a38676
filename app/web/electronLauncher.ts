/**
 * @file Starting the desktop app when Electron is installed: find its binary (the `electron` package exports the
 * path and throws when its download failed), bundle the main process and the preload with esbuild (the preload
 * must be one CommonJS file), and run Electron on them.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The Electron binary, or undefined when the optional dependency is absent or its binary missing. */
export function electronBinary(): string | undefined {
  try {
    const path: unknown = createRequire(import.meta.url)('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Bundles app/main and app/preload into `outDir` (default out/). */
export async function bundleElectron(rootDir: string, outDir = join(rootDir, 'out')): Promise<void> {
  const esbuild = await import('esbuild');
  const common = {
    bundle: true,
    platform: 'node' as const,
    external: ['electron'],
    target: 'node20',
    logLevel: 'warning' as const,
  };
  await esbuild.build({
    ...common,
    entryPoints: [join(rootDir, 'app/main/index.ts')],
    outfile: join(outDir, 'main/index.mjs'),
    format: 'esm',
  });
  await esbuild.build({
    ...common,
    entryPoints: [join(rootDir, 'app/preload/index.ts')],
    outfile: join(outDir, 'preload/index.cjs'),
    format: 'cjs',
  });
}

/** Runs Electron on the bundled main process; resolves with its exit code. */
export async function runElectron(binary: string, rootDir: string): Promise<number> {
  await bundleElectron(rootDir);
  return new Promise((resolve) => {
    const child = spawn(binary, [join(rootDir, 'out/main/index.mjs')], {
      cwd: rootDir,
      stdio: 'inherit',
      env: { ...process.env, PITCHSIDE_ROOT: rootDir },
    });
    child.on('exit', (code) => resolve(code ?? 0));
    child.on('error', () => resolve(1));
  });
}
