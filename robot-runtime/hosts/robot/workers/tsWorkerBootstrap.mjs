// Worker entry that makes TypeScript sources loadable, then runs the real entry (passed as the first argv).
// Needed because Node 20 loads a worker's own entry before `--import` hooks apply, so a .ts entry fails.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// The repository's tsconfig carries the layer aliases (`@robot-runtime/…`); name it so any working directory works.
register({ tsconfig: fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url)) });
await import(process.argv[2]);
