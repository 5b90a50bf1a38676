/**
 * @file `log ?` (formats §1.5): per message id the number of messages, their share of the bytes and the name, then
 * the total count; also frames, threads and duration for `npm run log -- info`.
 */
import type { LogIndex } from '@robot-runtime/protocol/log/logIndex';

/** One line of the statistics. */
export interface MessageStatistic {
  /** The log's id. */
  id: number;
  name: string;
  count: number;
  bytes: number;
}

/** Statistics summed over threads, by log id; ids that never occur are left out. */
export function messageStatistics(index: LogIndex, idNames: readonly string[]): MessageStatistic[] {
  const rows = new Map<number, MessageStatistic>();
  for (const t of index.threads) {
    t.counts.forEach((count, id) => {
      if (count === 0) return;
      const row = rows.get(id) ?? { id, name: idNames[id] ?? `id${id}`, count: 0, bytes: 0 };
      row.count += count;
      row.bytes += t.bytes[id] ?? 0;
      rows.set(id, row);
    });
  }
  return [...rows.values()].sort((a, b) => a.id - b.id);
}

/** The `log ?` listing: `count percent% name` per id matching `pattern` (case-insensitive substring), then the total. */
export function formatStatistics(rows: readonly MessageStatistic[], pattern?: string): string {
  const total = rows.reduce((s, r) => s + r.bytes, 0) || 1;
  const p = pattern?.toLowerCase();
  const shown = rows.filter((r) => !p || r.name.toLowerCase().includes(p));
  const lines = shown.map(
    (r) => `${String(r.count).padStart(8)} ${((100 * r.bytes) / total).toFixed(2).padStart(6)}% ${r.name}`,
  );
  lines.push(`${String(shown.reduce((s, r) => s + r.count, 0)).padStart(8)}         total`);
  return lines.join('\n');
}
