// Worker entry that makes TypeScript sources loadable, then runs the real entry (passed as the first argv).
// Needed because Node 20 loads a worker's own entry before `--import` hooks apply, so a .ts entry fails.
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2]);
