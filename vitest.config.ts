import { availableParallelism } from 'node:os';
import { globSync } from 'tinyglobby';
import { defineConfig } from 'vitest/config';
import { viteAliases } from './pathAliases.mjs';

// The fast tier (`npm test`). A file whose name ends in `.long.test.ts` belongs to the long tier instead
// (vitest.long.config.ts, `npm run test:long`), one ending in `.vm.test.ts` to the VM tier (vitest.vm.config.ts,
// `npm run test:vm`); the suffix is the one switch (docs/testing.md, "Test tiers").
// Threads are the lightest pool on a 2-core machine; integration tests that spawn processes keep their own timeouts.
// One worker per core: vitest's default (cores - 1) ran the suite on one worker on a 2-core machine. The timeouts
// only end a hung test: at a load average of 20 to 30 on two cores, tests that take 10 to 25 s on an idle machine
// took 125 to 320 s (docs/testing.md, "Test tiers"). For the same reason expect.poll waits up to 60 s (its default,
// 1 s, is a wall-clock limit that a loaded machine passes while the awaited event is still on its way).
/** What every vitest tier shares (the long and VM tiers spread it). */
export const unitSettings = {
  pool: 'threads',
  maxWorkers: availableParallelism(),
  testTimeout: 240_000,
  hookTimeout: 120_000,
  expect: { poll: { timeout: 60_000 } },
} as const;

const include = ['**/*.test.ts'];
const exclude = ['node_modules/**', 'e2e/**', '**/*.long.test.ts', '**/*.vm.test.ts'];

/**
 * The app's tests that declare types of their own: the type registry is global, so they run isolated (a second
 * declaration of a name is an error, and a test that lists the declared types would see another file's).
 */
export const ISOLATED_APP_TESTS = ['app/host/cli/bhumanConfigFiles.test.ts', 'app/host/viewData/dataTree.test.ts'];

/**
 * The app's other tests share each worker's modules from file to file (no isolation): most of them load the
 * simulator, MuJoCo and the robot program, and loading those once per worker instead of once per file saved about a
 * quarter of the tier's CPU time (docs/testing.md, "Where the time went"). testTiers.test.ts checks that none of
 * them declares types.
 */
export const SHARED_MODULE_TESTS = globSync('app/**/*.test.ts', {
  cwd: import.meta.dirname,
  ignore: [...exclude, ...ISOLATED_APP_TESTS],
}).sort();

export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
    ...unitSettings,
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED_MODULE_TESTS, exclude, isolate: false } },
      { extends: true, test: { name: 'isolated', include, exclude: [...exclude, ...SHARED_MODULE_TESTS] } },
    ],
  },
});
