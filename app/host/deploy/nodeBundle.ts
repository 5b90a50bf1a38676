/**
 * @file The esbuild settings shared by the bundles Pitchside builds of its own TypeScript for Node: the robot
 * folder (buildRobotBundle.ts) and the local pool's worker (testRuns/campaign/workerBundle.ts).
 */
import type { BuildOptions } from 'esbuild';

/** Lowest Node major version the bundles run on (Atomics.waitAsync, worker threads, ES2022). */
export const MIN_NODE_MAJOR = 20;

/** One ES module for Node of at least MIN_NODE_MAJOR, whose CommonJS parts may call require(). */
export const NODE_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${MIN_NODE_MAJOR}`,
  // CommonJS dependencies (protobufjs) call require(); give the ES module one.
  banner: {
    js: "import { createRequire as __pitchsideRequire } from 'node:module'; const require = __pitchsideRequire(import.meta.url);",
  },
  logLevel: 'error',
  legalComments: 'none',
} as const satisfies BuildOptions;
