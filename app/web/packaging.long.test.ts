// What of `npm run package` can be built without internet: the main and preload bundles, the icon, and
// electron-builder's `dir` target with this repository's electron-builder.yml. Electron's binary cannot be
// downloaded here, so a stand-in executable plays the Electron distribution: the test checks the app's layout
// (app.asar with the bundles and only runtime dependencies, scenes and config as resources), not Electron itself.
// Electron's own type definitions are checked by `npm run check:electron-types` (needs the npm registry).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAppFiles } from './packageApp';

const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-package-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Bare module specifiers a bundle imports or requires. */
function importedPackages(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8');
  const names = new Set<string>();
  const patterns = [
    /^import\s[^;]*?\bfrom\s*"([^"]+)"/gm,
    /^import\s*"([^"]+)"/gm,
    /\brequire\("([^"]+)"\)/g,
    /\bimport\("([^"]+)"\)/g,
  ];
  for (const m of patterns.flatMap((p) => [...text.matchAll(p)])) {
    // `.proto` imports are text inside the bundle (schemas written out as strings), not modules.
    if (m[1]!.startsWith('.') || m[1]!.startsWith('/') || m[1]!.endsWith('.proto')) continue;
    const spec = m[1]!.replace(/^node:/, '');
    names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
  }
  return names;
}

/** Marks the fuse wire in an Electron binary (@electron/fuses). */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

describe('npm run package (what builds offline)', () => {
  let unpacked: string;
  let asarFiles: string[];
  beforeAll(async () => {
    await prepareAppFiles(ROOT);
    const electronDist = path.join(dir, 'electron-dist');
    fs.mkdirSync(path.join(electronDist, 'resources'), { recursive: true });
    // The stand-in carries a fuse wire like Electron's (sentinel, version 1, 8 fuses in Electron's default states),
    // so that packaging flips the fuses of electron-builder.yml in it as in the real binary.
    fs.writeFileSync(path.join(electronDist, 'electron'), `#!/bin/sh\n# ${FUSE_SENTINEL}\x01\x0810110001\n`, {
      mode: 0o755,
    });
    const out = path.join(dir, 'out');
    const builder = spawnSync(
      path.join(ROOT, 'node_modules/.bin/electron-builder'),
      [
        '--config',
        'electron-builder.yml',
        '--linux',
        'dir',
        `-c.electronDist=${electronDist}`,
        `-c.electronVersion=${pkg.optionalDependencies.electron!.replace(/^\^/, '')}`,
        `-c.directories.output=${out}`,
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 240_000 },
    );
    expect(builder.status, builder.stdout + builder.stderr).toBe(0);
    unpacked = path.join(out, 'linux-unpacked');
    const asar = createRequire(import.meta.url)('@electron/asar') as { listPackage(file: string): string[] };
    asarFiles = asar.listPackage(path.join(unpacked, 'resources', 'app.asar'));
  }, 300_000);

  it('bundles main (ESM) and preload (one CommonJS file) importing only Node, Electron and runtime dependencies', () => {
    const allowed = new Set([...builtinModules, 'electron', ...Object.keys(pkg.dependencies)]);
    for (const bundle of ['out/main/index.mjs', 'out/preload/index.cjs']) {
      const file = path.join(ROOT, bundle);
      expect(fs.statSync(file).size, bundle).toBeGreaterThan(1000);
      expect(
        [...importedPackages(file)].filter((p) => !allowed.has(p)),
        bundle,
      ).toEqual([]);
    }
    expect(importedPackages(path.join(ROOT, 'out/preload/index.cjs'))).toEqual(new Set(['electron']));
  });

  it('draws a 512 × 512 PNG icon', () => {
    const icon = fs.readFileSync(path.join(ROOT, 'build/icon.png'));
    expect(icon.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([512, 512]);
  });

  it('packs the bundles and only runtime dependencies; scenes and config are resources beside app.asar', () => {
    expect(asarFiles).toContain('/out/main/index.mjs');
    expect(asarFiles).toContain('/out/preload/index.cjs');
    expect(asarFiles).toContain('/package.json');
    const packed = new Set(
      asarFiles
        .map((f) => /^\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1])
        .filter((n): n is string => n !== undefined && !n.endsWith('/')),
    );
    for (const devOnly of [
      'playwright-core',
      '@sparticuz/chromium',
      'monaco-editor',
      'react',
      'dockview',
      'three',
      'vitest',
      'tsx',
    ])
      expect(packed.has(devOnly), devOnly).toBe(false);
    expect(packed.has('@mcap/core')).toBe(true);
    expect(
      asarFiles.filter((f) => f.startsWith('/app/') || f.startsWith('/robot-runtime/') || f.startsWith('/renderer/')),
    ).toEqual([]);
    for (const data of ['scenes/Game.ros3', 'config/settings.cfg'])
      expect(fs.existsSync(path.join(unpacked, 'resources', data)), data).toBe(true);
  });

  it('flips the Electron fuses: no plain-Node modes, code only from the integrity-checked asar', () => {
    const binary = fs
      .readdirSync(unpacked)
      .map((f) => path.join(unpacked, f))
      .find((f) => fs.statSync(f).isFile() && fs.readFileSync(f, 'latin1').includes(FUSE_SENTINEL));
    expect(binary).toBeDefined();
    const text = fs.readFileSync(binary!, 'latin1');
    const wire = text.slice(
      text.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length + 2,
      text.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length + 10,
    );
    // RunAsNode, CookieEncryption, NODE_OPTIONS, --inspect, asar integrity, only asar, browser V8 snapshot, file://
    expect(wire).toBe('01001100');
  });
});
