/**
 * @file Where test runs are recorded unless told otherwise: `<config>/Logs/Tests/<time>_<kind>/`, beside the logs
 * `sl` finds by relative name. The repository's .gitignore ignores `config/Logs/`, so recordings never end up in a
 * commit.
 */
import nodePath from 'node:path';

/** The folder that gets one folder per test, under the config folder `configRoot`. */
export function testLogRoot(configRoot: string): string {
  return nodePath.join(configRoot, 'Logs', 'Tests');
}

/** A file-name-safe UTC time stamp of `date`, e.g. `2026-11-24_09-30-12`. */
export function fileStamp(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', '_').replace(/:/g, '-');
}

/** A new folder name for one test of `kind` under `root`, stamped with the time. */
export function stampedTestDir(root: string, kind: string, date = new Date()): string {
  return nodePath.join(root, `${fileStamp(date)}_${kind}`);
}
