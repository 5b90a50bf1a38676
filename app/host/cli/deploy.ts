// `npm run deploy -- <address> [--dry-run] [--out DIR] [--user nao] [--dest /home/nao/pitchside]`: builds the
// self-contained robot folder (one bundled JS file, config, start script) and copies it to the robot.
import path from 'node:path';
import { commandOf, parseCommandLine, runAsEntry, UsageError } from '@robot-runtime/hosts/robot/commandLine';
import { buildRobotBundle, START_SCRIPT } from '../deploy/buildRobotBundle';
import { copyToRobot } from '../deploy/copyToRobot';

const usage =
  'usage: npm run deploy -- <robot address> [--dry-run] [--out dist/robot] [--user nao] [--dest /home/nao/pitchside]\n  --dry-run  only build the folder here';

const OPTIONS = {
  'dry-run': { type: 'boolean' },
  out: { type: 'string' },
  user: { type: 'string' },
  dest: { type: 'string' },
} as const;

/** Runs the deploy command; returns the exit code (results to `io.out`, problems to `io.err`). */
export const deploy = commandOf(usage, (argv, io) => deployCommand(argv, io.out));

async function deployCommand(argv: readonly string[], log: (line: string) => void): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { options: OPTIONS, positionals: [0, 1] });
  const address = positionals[0];
  if (!address && !values['dry-run']) throw new UsageError('a robot address is needed');
  const out = path.resolve(values.out ?? 'dist/robot');
  const built = await buildRobotBundle(out);
  log(
    `built ${path.relative(process.cwd(), built.bundle)} (${(built.bytes / 1024).toFixed(0)} kB), config and ${START_SCRIPT} in ${path.relative(process.cwd(), out) || '.'}`,
  );
  if (values['dry-run']) return 0;
  const dest = values.dest ?? '/home/nao/pitchside';
  const command = copyToRobot(out, { address: address!, user: values.user ?? 'nao', dest });
  log(`copied with ${command[0]} to ${address}:${dest}; start it there with ${dest}/${START_SCRIPT}`);
  return 0;
}

runAsEntry(import.meta.url, usage, deploy);
