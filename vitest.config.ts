import { defineConfig } from 'vitest/config';
import { viteAliases } from './pathAliases.mjs';

// Threads are the lightest pool on a 2-core machine; integration tests that spawn processes keep their own timeouts.
export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'e2e/**'],
    pool: 'threads',
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
