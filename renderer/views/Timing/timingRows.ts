/**
 * @file Which stopwatch rows the timing view shows (formats §5.4): rows silent for more than a second are hidden,
 * the text filter matches case-insensitively anywhere in the name.
 */
import type { StopwatchRow } from '@app/ipc/viewData';

/** Rows older than this (ms) are hidden. */
export const STALE_MS = 1000;

/** The visible rows, in the host's (name) order. */
export function visibleRows(rows: readonly StopwatchRow[], filter: string): StopwatchRow[] {
  const f = filter.trim().toLowerCase();
  return rows.filter((r) => r.age <= STALE_MS && (f === '' || r.name.toLowerCase().includes(f)));
}

/** Milliseconds with three decimals, as B-Human's table shows them. */
export function ms(v: number): string {
  return Number.isFinite(v) ? v.toFixed(3) : '–';
}
