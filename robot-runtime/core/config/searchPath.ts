/**
 * @file Where configuration files are looked up. A file may exist at several levels (this robot, this
 * location, this scenario, the defaults); the most specific one wins. Paths are relative to the config root
 * and use `/`, whatever the host's separator.
 */

/** What selects the search path: the robot's head and body, where it plays and in which scenario. */
export interface SearchPathSettings {
  /** Name of the head (Robots/<head>/Head). */
  headName: string;
  /** Name of the body (Robots/<body>/Body). */
  bodyName: string;
  /** Location, e.g. Default or a venue; `Default` adds no extra level. */
  location: string;
  /** Scenario, e.g. Default or CompetitionWalk; `Default` adds no extra level. */
  scenario: string;
  /** Robot type subfolder for non-NAO robots (T1, K1); NAO has none. */
  robotType?: string;
}

/**
 * Directories to search, most specific first; the last entry, `''`, is the config root itself.
 * Each level with a robot type is tried in its type subfolder before the level itself.
 */
export function searchPath(settings: SearchPathSettings): string[] {
  const { headName, bodyName, location, scenario } = settings;
  const type = settings.robotType && settings.robotType !== 'Nao' && settings.robotType !== 'NAO' ? settings.robotType : undefined;
  const typed = (dir: string): string[] => (type ? [`${dir}/${type}`, dir] : [dir]);
  const dirs = [`Robots/${headName}/Head`, `Robots/${bodyName}/Body`, `Robots/${headName}/${bodyName}`];
  if (location !== 'Default') dirs.push(...typed(`Locations/${location}`));
  if (scenario !== 'Default') dirs.push(...typed(`Scenarios/${scenario}`));
  dirs.push(...typed('Robots/Default'), ...typed('Locations/Default'), ...typed('Scenarios/Default'), '');
  return dirs;
}

/** Read access to the config tree; injected so the runtime stays free of host file APIs. */
export interface FileSystem {
  /** The file's text, or undefined when it does not exist. `path` is relative to the config root. */
  readText(path: string): string | undefined;
}

/** Joins a search-path directory and a file name. */
export function joinConfigPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** The first `name` on the path: its path and text, or undefined. */
export function findConfigFile(fs: FileSystem, dirs: readonly string[], name: string): { path: string; text: string } | undefined {
  for (const dir of dirs) {
    const path = joinConfigPath(dir, name);
    const text = fs.readText(path);
    if (text !== undefined) return { path, text };
  }
  return undefined;
}

/** A FileSystem over a path -> text table (tests, bundled configs, the browser). */
export class InMemoryFileSystem implements FileSystem {
  private readonly files: Map<string, string>;
  constructor(files: Record<string, string> | Map<string, string> = {}) {
    this.files = files instanceof Map ? new Map(files) : new Map(Object.entries(files));
  }
  readText(path: string): string | undefined {
    return this.files.get(path);
  }
  /** Adds or replaces a file. */
  write(path: string, text: string): void {
    this.files.set(path, text);
  }
}
