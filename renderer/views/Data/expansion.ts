/**
 * @file Which nodes of a data view are expanded, remembered per key across reopening (formats §4.2: the data
 * view remembers expansion). Kept in localStorage; failures to store are ignored (private windows).
 */

function storageKey(key: string): string {
  return `pitchside.dataView.expanded.${key}`;
}

/** The expanded node paths of `key`. */
export function loadExpanded(key: string): Set<string> {
  try {
    const text = window.localStorage.getItem(storageKey(key));
    return new Set(text ? (JSON.parse(text) as string[]) : ['']);
  } catch {
    return new Set(['']);
  }
}

/** Saves the expanded paths of `key`. */
export function saveExpanded(key: string, expanded: ReadonlySet<string>): void {
  try {
    window.localStorage.setItem(storageKey(key), JSON.stringify([...expanded]));
  } catch {
    // not remembered: harmless
  }
}
