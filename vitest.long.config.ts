import { defineConfig } from 'vitest/config';
import { viteAliases } from './pathAliases.mjs';
import { unitSettings } from './vitest.config';

// The long tier's vitest files (`npm run test:long`): the fast tier's settings, only the `*.long.test.ts` files.
export default defineConfig({
  resolve: { alias: viteAliases },
  test: { ...unitSettings, include: ['**/*.long.test.ts'], exclude: ['node_modules/**', 'e2e/**', '**/*.vm.test.ts'] },
});
