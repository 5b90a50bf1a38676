/**
 * @file File access the console needs (scripts, `get save`, `mr save`, `msg log`), behind an interface so that
 * the engine stays environment-neutral: Node provides one implementation (nodeFiles.ts), tests and the browser
 * may provide others. Paths use `/`; the helpers here never touch the host's path module.
 */

/** Reading and writing text files by path. */
export interface ConsoleFiles {
  /** The file's text, or undefined when it does not exist or is not readable. */
  readText(path: string): string | undefined;
  /** Creates or replaces a file (creating missing directories). Throws on failure. */
  writeText(path: string, text: string): void;
  /** Appends to a file, creating it when missing. Throws on failure. */
  appendText(path: string, text: string): void;
  /** Whether a file exists at `path`. */
  exists(path: string): boolean;
}

/** An in-memory ConsoleFiles (tests, the browser build). Paths are compared verbatim after normalisation. */
export class MemoryFiles implements ConsoleFiles {
  readonly files = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [path, text] of Object.entries(initial)) this.files.set(normalizePath(path), text);
  }

  readText(path: string): string | undefined {
    return this.files.get(normalizePath(path));
  }
  writeText(path: string, text: string): void {
    this.files.set(normalizePath(path), text);
  }
  appendText(path: string, text: string): void {
    const p = normalizePath(path);
    this.files.set(p, (this.files.get(p) ?? '') + text);
  }
  exists(path: string): boolean {
    return this.files.has(normalizePath(path));
  }
}

/** True for `/abs`, `C:/abs` and `C:\abs` paths. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(path);
}

/** `a/b/../c/./d` → `a/c/d`, backslashes turned into slashes; keeps a leading `/` or drive. */
export function normalizePath(path: string): string {
  const unified = path.replace(/\\/g, '/');
  const absolute = unified.startsWith('/');
  const parts: string[] = [];
  for (const part of unified.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return (absolute ? '/' : '') + parts.join('/');
}

/** Joins `name` to `dir` unless `name` is absolute. */
export function resolvePath(dir: string, name: string): string {
  return normalizePath(isAbsolutePath(name) || dir === '' ? name : `${dir}/${name}`);
}

/**
 * Where a console command writes `name`: an absolute name as it is, a relative one in `folder` of the config root
 * (`Logs/`, `Images/`, `Datasets/`, as SimRobot keeps them under Config).
 */
export function configFilePath(configRoot: string, folder: string, name: string): string {
  return resolvePath(configRoot === '' ? folder : `${configRoot}/${folder}`, name);
}

/** The directory part of a path (`''` for a bare name). */
export function dirName(path: string): string {
  const p = normalizePath(path);
  const slash = p.lastIndexOf('/');
  return slash < 0 ? '' : slash === 0 ? '/' : p.slice(0, slash);
}

/** The last component of a path. */
export function baseName(path: string): string {
  const p = normalizePath(path);
  return p.slice(p.lastIndexOf('/') + 1);
}

/** True when the last path component has a `.extension`. */
export function hasExtension(path: string): boolean {
  return baseName(path).includes('.');
}
