/**
 * @file Which palette entries a query matches, best first. Every word of the query must occur in the entry's
 * title or, failing that, in its detail text (so "vf" finds the Field view by its description). Entries whose
 * action starts with the query rank first, then those whose words start with the query's words, then any
 * match in the title, then matches in the detail only; ties keep the given order.
 */

/** What the filter reads of an entry. */
export interface Filterable {
  readonly title: string;
  readonly detail?: string;
}

/** The title without its `Category: ` prefix ("Open Console" of "View: Open Console"). */
function actionOf(title: string): string {
  const colon = title.indexOf(': ');
  return colon < 0 ? title : title.slice(colon + 2);
}

function startsAWord(text: string, word: string): boolean {
  return text.startsWith(word) || text.includes(` ${word}`) || text.includes(`.${word}`);
}

/** The rank of `item` for `words` (lower is better), or undefined when it does not match. */
function rank(item: Filterable, query: string, words: readonly string[]): number | undefined {
  const title = item.title.toLowerCase();
  const detail = (item.detail ?? '').toLowerCase();
  if (!words.every((w) => title.includes(w) || detail.includes(w))) return undefined;
  if (!words.every((w) => title.includes(w))) return 3;
  if (actionOf(title).startsWith(query) || title.startsWith(query)) return 0;
  return words.every((w) => startsAWord(title, w)) ? 1 : 2;
}

/** The entries matching `query`, best first (all of them, in order, for an empty query). */
export function filterPalette<T extends Filterable>(items: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (q === '') return [...items];
  const words = q.split(' ');
  return items
    .map((item, index) => ({ item, index, rank: rank(item, q, words) }))
    .filter((m): m is { item: T; index: number; rank: number } => m.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((m) => m.item);
}
