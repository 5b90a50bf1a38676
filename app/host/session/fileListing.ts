/**
 * @file One folder of the host's disk as the browser mode's file dialog shows it: sub-folders and the files with
 * the wanted endings, folders first, each sorted by name. Hidden entries are left out; a huge folder is cut off
 * (a listing crosses the bridge as one message).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FileEntry, FileListing } from '../../ipc/files';

/** Entries a listing carries at most. */
export const MAX_LISTED_ENTRIES = 2000;

/** Lists `dir`; throws a sentence naming the folder when it cannot be read. */
export async function listFolder(dir: string, extensions: readonly string[]): Promise<FileListing> {
  const absolute = path.resolve(dir);
  let dirents;
  try {
    dirents = await readdir(absolute, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such folder' : code === 'ENOTDIR' ? 'not a folder' : String(code ?? error);
    throw new Error(`Cannot list ${absolute}: ${reason}`);
  }
  const wanted = (name: string) => extensions.some((e) => name.toLowerCase().endsWith(e));
  const entries: FileEntry[] = dirents
    .filter((d) => !d.name.startsWith('.') && (d.isDirectory() || (d.isFile() && wanted(d.name))))
    .map((d) => ({ name: d.name, path: path.join(absolute, d.name), directory: d.isDirectory() }))
    .sort((a, b) => Number(b.directory) - Number(a.directory) || a.name.localeCompare(b.name));
  const parent = path.dirname(absolute);
  return {
    dir: absolute,
    ...(parent !== absolute ? { parent } : {}),
    entries: entries.slice(0, MAX_LISTED_ENTRIES),
    ...(entries.length > MAX_LISTED_ENTRIES ? { truncated: true } : {}),
  };
}
