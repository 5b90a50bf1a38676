// cachedBundle with the real esbuild on files in a temporary folder: the bundle runs under plain node with each
// source's own import.meta, is built once while its sources stay as they are, and again when one changes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedBundle } from './cachedBundle';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-bundle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const src = path.join(dir, 'src');
const entry = path.join(src, 'main.ts');
const helper = path.join(src, 'lib', 'where.ts');
const outFile = path.join(dir, 'cache', 'main.mjs');

/** Runs the bundle with plain node and returns what it printed. */
const runBundle = (file: string): string => execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim();

describe('cachedBundle', () => {
  it('bundles for plain node, keeps each file its own import.meta, and rebuilds only when a source changed', async () => {
    fs.mkdirSync(path.dirname(helper), { recursive: true });
    fs.writeFileSync(helper, "export const where = (): string => `${import.meta.dirname} ${'one'}`;\n");
    fs.writeFileSync(entry, "import { where } from './lib/where';\nconst n: number = 1;\nconsole.log(where(), n);\n");

    const first = await cachedBundle({ entry, outFile });
    expect(first).toEqual({ file: outFile, built: true });
    expect(runBundle(outFile)).toBe(`${path.dirname(helper)} one 1`);
    expect(
      JSON.parse(fs.readFileSync(`${outFile}.sources.json`, 'utf8'))
        .sources.map((s: unknown[]) => s[0])
        .sort(),
    ).toEqual([entry, helper].sort());

    const again = await cachedBundle({ entry, outFile });
    expect(again.built).toBe(false);

    fs.writeFileSync(helper, "export const where = (): string => `${import.meta.dirname} ${'two'}`;\n");
    const changed = await cachedBundle({ entry, outFile });
    expect(changed.built).toBe(true);
    expect(runBundle(outFile)).toBe(`${path.dirname(helper)} two 1`);
    // Only the bundle and its list of sources are left in the folder (no temporary files).
    expect(fs.readdirSync(path.dirname(outFile)).sort()).toEqual(['main.mjs', 'main.mjs.sources.json']);
  });

  it('rejects with the compiler message for a source that does not compile, and keeps the last bundle', async () => {
    fs.writeFileSync(helper, 'export const where = (: string =>;\n');
    await expect(cachedBundle({ entry, outFile })).rejects.toThrow(/could not build main\.mjs: .*where\.ts/s);
    expect(runBundle(outFile)).toBe(`${path.dirname(helper)} two 1`);
  });
});
