// The e2e project: real Chromium against the real browser-mode server. One file at a time (each starts its own
// browser), generous timeouts for a cold 2-core machine; the renderer is built once in the global setup.
// These are the fast tier's smoke specs (`npm test`); a spec whose name ends in `.long.e2e.ts` belongs to the long
// tier (e2e/vitest.long.config.ts, `npm run test:long`).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { viteAliases } from '../pathAliases.mjs';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: viteAliases },
  test: {
    include: ['e2e/specs/**/*.e2e.ts'],
    exclude: ['node_modules/**', 'e2e/specs/**/*.long.e2e.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 45_000,
    hookTimeout: 120_000,
  },
});
