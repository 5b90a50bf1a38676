// The e2e project: real Chromium against the real browser-mode server. One file at a time (each starts its own
// browser), generous timeouts for a cold or loaded 2-core machine (they only end a hung test; waits on the page allow
// 60 s); the renderer is built once in the global setup.
// This config is the fast tier's smoke (`npm test`): the specs below open the IDE, a view from the View menu, the
// console and a robot. Every other spec, and every new one, runs in the long tier (e2e/vitest.long.config.ts,
// `npm run test:long`; docs/testing.md, "Test tiers").
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { viteAliases } from '../pathAliases.mjs';

/** The e2e specs of the fast tier. */
export const SMOKE_SPECS = ['e2e/specs/layout.e2e.ts', 'e2e/specs/console.e2e.ts', 'e2e/specs/robots.e2e.ts'];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: viteAliases },
  test: {
    include: SMOKE_SPECS,
    globalSetup: ['e2e/support/globalSetup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
