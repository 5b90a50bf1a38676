/** Entry point of `npm run cfg`: checks and formats config maps (see cfgCommand.ts). */
import { runCfg } from './cfgCommand';

process.exitCode = runCfg(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
