/**
 * @file `npm run check:electron-types`: type-checks the Electron API the app declares for itself (app/main and
 * app/preload type only the slice they use, so the normal type check needs no Electron) against Electron's own
 * type definitions, taken from the npm tarball of the version in package.json (`npm pack`, no binary download).
 * Needs the npm registry; offline it says so and exits 1.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAsEntry } from '../../robot-runtime/hosts/robot/commandLine';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The check: the real modules must be assignable to the slices the app declares. */
export function conformanceSource(root: string): string {
  const rel = (p: string) => JSON.stringify(path.join(root, p).replace(/\.ts$/, ''));
  return `import type * as Electron from 'electron';
import type { ElectronMain } from ${rel('app/main/electronApi.ts')};
import type { ContextBridgeLike, IpcRendererLike } from ${rel('app/preload/electronApi.ts')};
export const main: ElectronMain = {} as typeof Electron;
export const bridge: ContextBridgeLike = {} as Electron.ContextBridge;
export const ipc: IpcRendererLike = {} as Electron.IpcRenderer;
`;
}

/** Downloads electron's package (not its binary) for `version` into `dir`; returns the path of electron.d.ts. */
export function electronTypes(version: string, dir: string): string {
  const name = execFileSync('npm', ['pack', `electron@${version}`, '--pack-destination', dir, '--silent'], {
    cwd: dir,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .at(-1)!;
  execFileSync('tar', ['-xzf', path.join(dir, name), '-C', dir, 'package/electron.d.ts']);
  return path.join(dir, 'package', 'electron.d.ts');
}

async function main(): Promise<number> {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    optionalDependencies?: Record<string, string>;
  };
  const version = pkg.optionalDependencies?.electron?.replace(/^[\^~]/, '') ?? 'latest';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-electron-types-'));
  try {
    let types: string;
    try {
      types = electronTypes(version, dir);
    } catch (error) {
      throw new Error(
        `cannot fetch electron@${version} from the npm registry (offline?): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    }
    const check = path.join(dir, 'conformance.ts');
    fs.writeFileSync(check, conformanceSource(ROOT));
    const tsconfig = path.join(dir, 'tsconfig.json');
    const compilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: 'esnext',
      moduleResolution: 'bundler',
      target: 'es2022',
      lib: ['es2022', 'dom'],
      types: ['node'],
      typeRoots: [path.join(ROOT, 'node_modules/@types')],
    };
    fs.writeFileSync(tsconfig, JSON.stringify({ compilerOptions, files: [types, check] }));
    execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', tsconfig], { stdio: 'inherit' });
    console.log(`app/main and app/preload match Electron ${version}'s type definitions`);
    return 0;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runAsEntry(import.meta.url, 'Usage: npm run check:electron-types', main);
