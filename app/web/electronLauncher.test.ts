import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleElectron } from './electronLauncher';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('Electron bundles', () => {
  it('build a sandbox-compatible preload (CommonJS, requiring nothing but electron) and an ESM main', async () => {
    const out = mkdtempSync(join(tmpdir(), 'pitchside-electron-'));
    await bundleElectron(ROOT, out);
    const preload = readFileSync(join(out, 'preload/index.cjs'), 'utf8');
    const requires = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(requires).toEqual(['electron']);
    expect(preload).toContain('exposeInMainWorld');
    expect(preload).not.toMatch(/\bipcRenderer\.send\b/);
    const main = readFileSync(join(out, 'main/index.mjs'), 'utf8');
    expect(main).toContain('enable-unsafe-swiftshader');
    expect(main).toContain('contextIsolation: true');
  });
});
