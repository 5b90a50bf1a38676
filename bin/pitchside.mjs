#!/usr/bin/env node
// The `pitchside` command: loads TypeScript through tsx, then runs app/host/cli/pitchside.ts (its sub-commands are
// start, robot, console, sim, log, cfg, deploy and bench).
import { register } from 'tsx/esm/api';

register();
const { runPitchside } = await import('../app/host/cli/pitchside.ts');
const code = await runPitchside(process.argv.slice(2));
if (code !== undefined) process.exit(code);
