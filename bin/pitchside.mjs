#!/usr/bin/env node
// The `pitchside` command: loads TypeScript through tsx, then runs app/host/cli/pitchside.ts (its sub-commands are
// start, robot, console, sim, log, cfg, deploy and bench).
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// The repository's tsconfig carries the layer aliases (`@robot-runtime/…`); name it so any working directory works.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { runPitchside } = await import('../app/host/cli/pitchside.ts');
const code = await runPitchside(process.argv.slice(2));
if (code !== undefined) process.exit(code);
