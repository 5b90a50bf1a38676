/**
 * @file Data kept with the time it belongs to, with expiry (Narukom's idea): a teammate's messages, a thread's
 * joint angles. Lookup by the closest time stamp pairs data from different sources, e.g. a camera image with the
 * joint angles of the moment it was taken. Bounded per key by count and age.
 */

/** One stored value. */
export interface Stamped<T> {
  readonly time: number;
  readonly value: T;
}

/** Limits of a store. */
export interface StoreLimits {
  /** Values older than this (relative to the newest time given to `add` or `expire`) are dropped (ms). */
  maxAgeMs: number;
  /** At most this many values per key; the oldest go first. */
  maxPerKey: number;
}

/** Time series per key, sorted by time. */
export class TimestampedStore<T> {
  private readonly series = new Map<string, Stamped<T>[]>();

  constructor(private readonly limits: StoreLimits = { maxAgeMs: 5000, maxPerKey: 256 }) {}

  /** Adds a value; out-of-order times are inserted in place, an equal time replaces the value. */
  add(key: string, time: number, value: T): void {
    let list = this.series.get(key);
    if (!list) this.series.set(key, (list = []));
    const i = lowerBound(list, time);
    if (list[i]?.time === time) list[i] = { time, value };
    else list.splice(i, 0, { time, value });
    if (list.length > this.limits.maxPerKey) list.splice(0, list.length - this.limits.maxPerKey);
    this.expireList(list, list[list.length - 1]!.time);
  }

  /** The newest value of `key`. */
  latest(key: string): Stamped<T> | undefined {
    const list = this.series.get(key);
    return list?.[list.length - 1];
  }

  /** The value whose time is closest to `time` (ties go to the older one); optionally no further away than `maxDistance`. */
  closest(key: string, time: number, maxDistance = Infinity): Stamped<T> | undefined {
    const list = this.series.get(key);
    if (!list?.length) return undefined;
    const i = lowerBound(list, time);
    const after = list[i];
    const before = list[i - 1];
    const best = !before ? after : !after ? before : time - before.time <= after.time - time ? before : after;
    return best && Math.abs(best.time - time) <= maxDistance ? best : undefined;
  }

  /** The newest value not after `time`. */
  atOrBefore(key: string, time: number): Stamped<T> | undefined {
    const list = this.series.get(key);
    if (!list) return undefined;
    const i = lowerBound(list, time);
    return list[i]?.time === time ? list[i] : list[i - 1];
  }

  /** Keys holding at least one value that is still fresh at `now`. */
  keys(now?: number): string[] {
    return [...this.series.entries()]
      .filter(([, l]) => l.length && (now === undefined || now - l[l.length - 1]!.time <= this.limits.maxAgeMs))
      .map(([k]) => k);
  }

  /** Drops values older than maxAgeMs before `now`, and keys left empty. */
  expire(now: number): void {
    for (const [key, list] of this.series) {
      this.expireList(list, now);
      if (!list.length) this.series.delete(key);
    }
  }

  /** Number of stored values of `key`. */
  size(key: string): number {
    return this.series.get(key)?.length ?? 0;
  }

  private expireList(list: Stamped<T>[], now: number): void {
    const keep = lowerBound(list, now - this.limits.maxAgeMs);
    if (keep > 0) list.splice(0, keep);
  }
}

/** First index whose time is ≥ `time`. */
function lowerBound(list: readonly { time: number }[], time: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
