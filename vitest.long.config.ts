import { defineConfig } from 'vitest/config';
import fast from './vitest.config';

// The long tier's vitest files (`npm run test:long`): the fast tier's settings, only the `*.long.test.ts` files.
export default defineConfig({
  ...fast,
  test: { ...fast.test, include: ['**/*.long.test.ts'], exclude: ['node_modules/**', 'e2e/**', '**/*.vm.test.ts'] },
});
