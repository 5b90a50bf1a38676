/**
 * @file The snapshots a replay seeks from, by frame, within a memory budget. A snapshot is wanted every
 * `intervalFrames` frames of playback; when the budget is exceeded the least useful one goes: the one whose
 * neighbours lie closest together, so that what remains covers the log as evenly as the budget allows (a seek then
 * replays at most about one gap). A snapshot larger than the whole budget is not kept.
 */

/** What the store needs of a snapshot. */
export interface Sized {
  /** Approximate memory the snapshot holds (bytes). */
  readonly bytes: number;
}

/** Budget and spacing of snapshots. */
export interface SnapshotStoreOptions {
  /** Memory the snapshots may hold together (bytes). */
  readonly budgetBytes: number;
  /** Frames between two snapshots taken during playback. */
  readonly intervalFrames: number;
}

/** One kept snapshot: the state after frame `frame` was played. */
export interface StoredSnapshot<S extends Sized> {
  readonly frame: number;
  readonly snapshot: S;
}

/** Snapshots by frame, within a budget. */
export class SnapshotStore<S extends Sized> {
  /** Snapshots ordered by frame. */
  private readonly entries: StoredSnapshot<S>[] = [];
  private held = 0;
  /** Snapshots dropped to stay within the budget so far. */
  evictions = 0;
  /** The most memory the snapshots held together between two calls (bytes; `add` evicts before it returns). */
  peakBytes = 0;

  constructor(readonly options: SnapshotStoreOptions) {}

  /** Memory the snapshots hold now (bytes). */
  get bytes(): number {
    return this.held;
  }

  /** Number of snapshots kept. */
  get size(): number {
    return this.entries.length;
  }

  /** The frames that have a snapshot, ascending. */
  get frames(): number[] {
    return this.entries.map((e) => e.frame);
  }

  /** Whether a snapshot after frame `frame` should be taken: none lies within the interval before or after it. */
  wants(frame: number): boolean {
    const i = this.indexAfter(frame);
    const before = this.entries[i - 1]?.frame ?? -1;
    const after = this.entries[i]?.frame;
    const interval = this.options.intervalFrames;
    return frame - before >= interval && (after === undefined || after - frame >= interval);
  }

  /** Keeps `snapshot` as the state after `frame` (replacing one there), then evicts down to the budget. */
  add(frame: number, snapshot: S): void {
    if (snapshot.bytes > this.options.budgetBytes) return;
    const i = this.indexAfter(frame);
    if (this.entries[i - 1]?.frame === frame) this.remove(i - 1);
    this.entries.splice(this.indexAfter(frame), 0, { frame, snapshot });
    this.held += snapshot.bytes;
    while (this.held > this.options.budgetBytes) {
      this.remove(this.leastUseful());
      this.evictions++;
    }
    this.peakBytes = Math.max(this.peakBytes, this.held);
  }

  /** The snapshot with the greatest frame not after `frame`, if any. */
  nearest(frame: number): StoredSnapshot<S> | undefined {
    return this.entries[this.indexAfter(frame) - 1];
  }

  /** Drops every snapshot (after a change that makes them wrong: parameters, providers). */
  clear(): void {
    this.entries.length = 0;
    this.held = 0;
  }

  /** Index of the first entry after `frame`. */
  private indexAfter(frame: number): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.entries[mid]!.frame <= frame) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The entry whose removal leaves the smallest gap (from its predecessor, or the log's start, to its successor).
   * The last one is kept: it is the newest ground, and playback on from it would otherwise take a snapshot and
   * evict it again at every interval.
   */
  private leastUseful(): number {
    let best = this.entries.length - 1;
    let bestGap = Infinity;
    for (let i = 0; i < this.entries.length - 1; i++) {
      const gap = this.entries[i + 1]!.frame - (this.entries[i - 1]?.frame ?? -1);
      if (gap < bestGap) {
        bestGap = gap;
        best = i;
      }
    }
    return best;
  }

  private remove(i: number): void {
    const [gone] = this.entries.splice(i, 1);
    if (gone) this.held -= gone.snapshot.bytes;
  }
}
