import { defineConfig } from 'vitest/config';
import smoke from './vitest.config';

// The long tier's e2e specs (`npm run test:long`): the smoke's settings, only the `*.long.e2e.ts` specs.
export default defineConfig({
  ...smoke,
  test: { ...smoke.test, include: ['e2e/specs/**/*.long.e2e.ts'], exclude: ['node_modules/**'] },
});
