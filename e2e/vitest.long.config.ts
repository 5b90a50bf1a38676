import { defineConfig } from 'vitest/config';
import smoke, { SMOKE_SPECS } from './vitest.config';

// The long tier's e2e specs (`npm run test:long`): the smoke's settings, every spec the smoke does not run.
export default defineConfig({
  ...smoke,
  test: { ...smoke.test, include: ['e2e/specs/**/*.e2e.ts'], exclude: ['node_modules/**', ...SMOKE_SPECS] },
});
