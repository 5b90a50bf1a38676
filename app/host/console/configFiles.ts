/**
 * @file Where the console writes configuration files (`get … save`, `mr save`): to the file of that name that the
 * robot would read, i.e. the first one on its search path (formats §6.3), or the config root when none exists yet.
 */
import { searchPath } from '@robot-runtime/core/config/searchPath';
import { parameterFileName } from '@robot-runtime/core/module/defineModule';
import type { RobotName } from '@robot-runtime/protocol/debugMessages/robotName';
import { hasExtension, isAbsolutePath, resolvePath, type ConsoleFiles } from './files';

/** The default file name of `get <key> save`: the key's last `:` component as a parameter file name (`jpegImage.cfg`). */
export function defaultSaveFileName(key: string): string {
  const last = key.slice(key.lastIndexOf(':') + 1);
  return parameterFileName(last);
}

/**
 * The path to write config file `name` to: an absolute name as is; otherwise the first existing file of that name
 * on the robot's search path under `configRoot`, else `configRoot/name`. `.cfg` is added to a name without
 * extension.
 */
export function configFilePath(
  files: ConsoleFiles,
  configRoot: string,
  name: string,
  robot: RobotName | undefined,
): string {
  const file = hasExtension(name) ? name : `${name}.cfg`;
  if (isAbsolutePath(file)) return resolvePath('', file);
  const settings = robot ?? { headName: 'Default', bodyName: 'Default', location: 'Default', scenario: 'Default' };
  for (const dir of searchPath(settings)) {
    const candidate = resolvePath(configRoot, dir === '' ? file : `${dir}/${file}`);
    if (files.exists(candidate)) return candidate;
  }
  return resolvePath(configRoot, file);
}
