// `npm run deploy -- <address> [--dry-run] [--out DIR] [--user nao] [--dest /home/nao/pitchside]`: builds the
// self-contained robot folder (one bundled JS file, config, start script) and copies it to the robot.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildRobotBundle, START_SCRIPT } from '../deploy/buildRobotBundle';
import { copyToRobot } from '../deploy/copyToRobot';

const usage = 'usage: npm run deploy -- <robot address> [--dry-run] [--out dist/robot] [--user nao] [--dest /home/nao/pitchside]\n  --dry-run  only build the folder here';

/** Runs the deploy command; returns the exit code. */
export async function deploy(argv: string[], log: (line: string) => void = console.log): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { 'dry-run': { type: 'boolean' }, out: { type: 'string' }, user: { type: 'string' }, dest: { type: 'string' }, help: { type: 'boolean' } } });
  } catch (e) {
    log(`${(e as Error).message}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    log(usage);
    return 0;
  }
  const address = positionals[0];
  if (!address && !values['dry-run']) {
    log(`a robot address is needed\n${usage}`);
    return 2;
  }
  const out = path.resolve(values.out ?? 'dist/robot');
  const built = await buildRobotBundle(out);
  log(`built ${path.relative(process.cwd(), built.bundle)} (${(built.bytes / 1024).toFixed(0)} kB), config and ${START_SCRIPT} in ${path.relative(process.cwd(), out) || '.'}`);
  if (values['dry-run']) return 0;
  const dest = values.dest ?? '/home/nao/pitchside';
  const command = copyToRobot(out, { address: address!, user: values.user ?? 'nao', dest });
  log(`copied with ${command[0]} to ${address}:${dest}; start it there with ${dest}/${START_SCRIPT}`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  deploy(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    },
  );
}
