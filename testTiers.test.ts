/**
 * @file The test tiers (docs/testing.md, "Test tiers"): every file named like a test runs in exactly one of
 * `npm test` (vitest.config.ts, e2e/vitest.config.ts) and `npm run test:long` (the two vitest.long.config.ts),
 * and every e2e smoke spec exists (a renamed one would otherwise drop out of the fast tier unnoticed).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import fastUnit, { SHARED_MODULE_TESTS } from './vitest.config';
import longUnit from './vitest.long.config';
import vmUnit from './vitest.vm.config';
import fastE2e, { SMOKE_SPECS } from './e2e/vitest.config';
import longE2e from './e2e/vitest.long.config';

const root = fileURLToPath(new URL('.', import.meta.url));
const ignore = ['node_modules/**', 'dist/**', 'out/**'];

interface TestFiles {
  include?: readonly string[];
  exclude?: readonly string[];
}
interface TierConfig {
  test?: TestFiles & { projects?: readonly ({ test?: TestFiles } | string)[] };
}

/** The files a project or config runs, found as vitest finds them (include minus exclude, from the repository root). */
function globbed(test: TestFiles | undefined): string[] {
  return globSync([...(test?.include ?? [])], { cwd: root, ignore: [...ignore, ...(test?.exclude ?? [])] });
}

/** The files a vitest config runs: its own, or its projects' (each file in one project: checked below). */
function filesOf(config: TierConfig): string[] {
  const projects = config.test?.projects;
  if (!projects) return globbed(config.test);
  return projects.flatMap((p) => (typeof p === 'string' ? [] : globbed(p.test)));
}

/** Relative imports of a file and the layer aliases (`@app/…`), as repository paths of .ts files. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
  const aliases: Record<string, string> = {
    '@app/': 'app/',
    '@robot-runtime/': 'robot-runtime/',
    '@renderer/': 'renderer/',
  };
  return specifiers.flatMap((s) => {
    const alias = Object.keys(aliases).find((a) => s.startsWith(a));
    const path = alias
      ? aliases[alias]! + s.slice(alias.length)
      : s.startsWith('.')
        ? join(dirname(file), s)
        : undefined;
    return path === undefined ? [] : [`${path}.ts`, path].filter((p) => p.endsWith('.ts') && existsSync(join(root, p)));
  });
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

  it("run the fast tier's projects on disjoint files, and no file that shares modules declares types", () => {
    const projects = (fastUnit.test?.projects ?? []).map((p) => (typeof p === 'string' ? [] : globbed(p.test)));
    const all = projects.flat();
    expect(all.length).toBe(new Set(all).size);
    expect(SHARED_MODULE_TESTS.length).toBeGreaterThan(100);
    // The type registry is global: a file declaring types (itself, or through a test fixture of a testing/ folder)
    // beside another in the same worker would declare a name twice or show its types to the other's listing.
    const declares = /\bdefine(Class|Enum|Representation|Module)\(/;
    const declaring = SHARED_MODULE_TESTS.filter((file) =>
      [file, ...importsOf(file).filter((f) => f.includes('/testing/'))].some((f) =>
        declares.test(readFileSync(join(root, f), 'utf8')),
      ),
    );
    expect(declaring).toEqual([]);
  });
});
