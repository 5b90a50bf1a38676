/**
 * @file Copies a built robot folder to a robot: rsync when available (only changes travel), scp otherwise.
 */
import { spawnSync } from 'node:child_process';

/** Where to copy. */
export interface CopyTarget {
  address: string;
  user: string;
  /** Folder on the robot. */
  dest: string;
}

/** The command that copies `dir` (rsync if installed here, else scp). */
export function copyCommand(dir: string, target: CopyTarget, haveRsync: boolean): string[] {
  const remote = `${target.user}@${target.address}:${target.dest}`;
  return haveRsync
    ? ['rsync', '-az', '--delete', `${dir}/`, `${remote}/`]
    : ['scp', '-r', '-q', `${dir}/.`, `${remote}/`];
}

/** Copies; throws with the tool's output when it fails. */
export function copyToRobot(dir: string, target: CopyTarget): string[] {
  const haveRsync = spawnSync('rsync', ['--version'], { stdio: 'ignore' }).status === 0;
  // scp does not create the destination folder.
  if (!haveRsync) run(['ssh', `${target.user}@${target.address}`, `mkdir -p '${target.dest}'`]);
  const command = copyCommand(dir, target, haveRsync);
  run(command);
  return command;
}

function run(command: string[]): void {
  const result = spawnSync(command[0]!, command.slice(1), { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command[0]} failed: ${result.stderr || result.error?.message || `exit ${result.status}`}`);
}
