/**
 * @file The test tiers (docs/testing.md, "Test tiers"): every file named like a test runs in exactly one of
 * `npm test` (vitest.config.ts, e2e/vitest.config.ts) and `npm run test:long` (the two vitest.long.config.ts),
 * and every e2e smoke spec exists (a renamed one would otherwise drop out of the fast tier unnoticed).
 */
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import fastUnit from './vitest.config';
import longUnit from './vitest.long.config';
import vmUnit from './vitest.vm.config';
import fastE2e, { SMOKE_SPECS } from './e2e/vitest.config';
import longE2e from './e2e/vitest.long.config';

const root = fileURLToPath(new URL('.', import.meta.url));
const ignore = ['node_modules/**', 'dist/**', 'out/**'];

/** The files a vitest config runs, found as vitest finds them (include minus exclude, from the repository root). */
function filesOf(config: { test?: { include?: string[]; exclude?: string[] } }): string[] {
  return globSync(config.test?.include ?? [], { cwd: root, ignore: [...ignore, ...(config.test?.exclude ?? [])] });
}

describe('test tiers', () => {
  it('run every test file in exactly one tier, and each tier has files', () => {
    // Anything named like a test, whatever its extension or folder: a file no tier includes would never run.
    const looksLikeTest = globSync(['**/*.{test,spec,e2e}.{ts,tsx,js,mjs,cjs}'], { cwd: root, ignore }).sort();
    const tiers = { fastUnit, longUnit, vmUnit, fastE2e, longE2e };
    const runs = new Map<string, string[]>();
    for (const [tier, config] of Object.entries(tiers))
      for (const file of filesOf(config)) runs.set(file, [...(runs.get(file) ?? []), tier]);
    expect(looksLikeTest.filter((file) => (runs.get(file) ?? []).length !== 1)).toEqual([]);
    expect([...runs.keys()].sort()).toEqual(looksLikeTest);
    expect(filesOf(fastE2e).sort()).toEqual([...SMOKE_SPECS].sort());
    for (const tier of Object.keys(tiers))
      expect([...runs.values()].filter((t) => t[0] === tier).length).toBeGreaterThan(0);
  });
});
