import { defineConfig } from 'vitest/config';
import { viteAliases } from './pathAliases.mjs';
import { unitSettings } from './vitest.config';

// The VM tier (`npm run test:vm`): `*.vm.test.ts` files boot Debian's kernel in QEMU (scripts/vm) and run the
// camera and microphone code against the kernel's virtual drivers. One file at a time: each VM takes both cores.
export default defineConfig({
  resolve: { alias: viteAliases },
  test: {
    ...unitSettings,
    include: ['**/*.vm.test.ts'],
    exclude: ['node_modules/**', 'e2e/**'],
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
});
