/**
 * @file The logs and scenes opened last (File → Recent), kept in localStorage per purpose, newest first.
 */
import type { FilePurpose } from '@app/ipc/files';

/** Paths remembered per purpose. */
const MAX_RECENT = 5;

const key = (purpose: FilePurpose): string => `pitchside.recent.${purpose}`;

function storage(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage denied (a sandboxed page): no recent files
  }
}

/** The remembered paths of `purpose`, newest first. */
export function recentFiles(purpose: FilePurpose): string[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(key(purpose)) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Remembers `path` as the newest of `purpose`. */
export function rememberRecent(purpose: FilePurpose, path: string): void {
  const paths = [path, ...recentFiles(purpose).filter((p) => p !== path)].slice(0, MAX_RECENT);
  storage()?.setItem(key(purpose), JSON.stringify(paths));
}
