import { availableParallelism } from 'node:os';
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
export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'e2e/**', '**/*.long.test.ts', '**/*.vm.test.ts'],
    pool: 'threads',
    maxWorkers: availableParallelism(),
    testTimeout: 240_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 60_000 } },
  },
});
