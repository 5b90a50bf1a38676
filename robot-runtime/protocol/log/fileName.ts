/**
 * @file Robot log file names (formats §3.1): `<head>_<body>_<scenario>_<location>__<identifier>_<player>[_(NN)].log`.
 * The robot's logger names its files so; a log without a settings chunk gets its settings back from the name.
 */
import type { LogSettings } from './settingsChunk';

/** Largest `_(NN)` suffix tried before giving up on a free name. */
const MAX_SUFFIX = 99;

/** The base name (no directory) a robot logger gives its log; `suffix` 1..99 adds `_(NN)`. */
export function robotLogBaseName(settings: LogSettings, identifier: string, suffix = 0): string {
  const base = `${settings.headName}_${settings.bodyName}_${settings.scenario}_${settings.location}__${identifier}_${settings.playerNumber}`;
  return suffix > 0 ? `${base}_(${String(suffix).padStart(2, '0')}).log` : `${base}.log`;
}

/**
 * The full path of a new robot log in `dir` that `exists` says is free: without a suffix if possible, else with
 * the first free `_(01)` … `_(99)`. Returns undefined when all are taken.
 */
export function robotLogFileName(
  dir: string,
  settings: LogSettings,
  identifier: string,
  exists: (path: string) => boolean,
): string | undefined {
  const prefix = dir === '' || dir.endsWith('/') ? dir : `${dir}/`;
  for (let suffix = 0; suffix <= MAX_SUFFIX; suffix++) {
    const candidate = prefix + robotLogBaseName(settings, identifier, suffix);
    if (!exists(candidate)) return candidate;
  }
  return undefined;
}

const ROBOT_LOG_NAME = /^([^_]+)_([^_]+)_([^_]+)_(.+?)__(.*)_(\d+)(?:_\(\d\d\))?\.log$/;

/** Settings parsed from a robot log's file name (any directory part is ignored), or undefined if it does not match. */
export function parseLogFileName(path: string): (LogSettings & { identifier: string }) | undefined {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const m = ROBOT_LOG_NAME.exec(base);
  if (!m) return undefined;
  return {
    headName: m[1]!,
    bodyName: m[2]!,
    scenario: m[3]!,
    location: m[4]!,
    identifier: m[5]!,
    playerNumber: Number(m[6]),
  };
}
