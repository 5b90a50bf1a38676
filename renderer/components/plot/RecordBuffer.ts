/**
 * @file Fixed-size records of numbers that grow at the end and can be dropped at the front, both in amortised
 * O(1). Records keep their absolute number (counted since the last clear) when earlier ones are dropped, so
 * structures aligned to those numbers (the min/max pyramid's blocks) stay valid while a live plot scrolls.
 */

/** Records of `stride` numbers, addressed by absolute record number. */
export class RecordBuffer {
  private data: Float64Array;
  /** Absolute number of the record stored at data[0]. */
  private base = 0;
  private firstLive = 0;
  private endLive = 0;

  constructor(
    private readonly stride: number,
    capacity = 64,
  ) {
    this.data = new Float64Array(Math.max(1, capacity) * stride);
  }

  /** Absolute number of the first live record. */
  get first(): number {
    return this.firstLive;
  }

  /** Absolute number one past the last record. */
  get end(): number {
    return this.endLive;
  }

  /** Number of live records. */
  get length(): number {
    return this.endLive - this.firstLive;
  }

  /** The storage, for tight loops: record r's fields start at `r * stride + shift` (both valid until the next push). */
  get storage(): Float64Array {
    return this.data;
  }

  /** See `storage`. */
  get shift(): number {
    // Not −base·stride: that is −0 for base 0, a double that slows every index computed from it.
    return 0 - this.base * this.stride;
  }

  /** Field `field` of absolute record `record` (which must be live). */
  get(record: number, field = 0): number {
    return this.data[(record - this.base) * this.stride + field]!;
  }

  /** Sets field `field` of absolute record `record` (which must be live). */
  set(record: number, field: number, value: number): void {
    this.data[(record - this.base) * this.stride + field] = value;
  }

  /** Appends a record (its fields are unset); returns its absolute number. */
  push(): number {
    if ((this.endLive - this.base + 1) * this.stride > this.data.length) this.makeRoom(1);
    return this.endLive++;
  }

  /** Appends `count` records at once (fields unset); returns the first one's absolute number. */
  pushMany(count: number): number {
    if ((this.endLive - this.base + count) * this.stride > this.data.length) this.makeRoom(count);
    const first = this.endLive;
    this.endLive += count;
    return first;
  }

  /** Drops the records before absolute number `record` (no-op for records already dropped). */
  dropBefore(record: number): void {
    this.firstLive = Math.min(this.endLive, Math.max(this.firstLive, record));
  }

  /** Removes every record; numbering restarts at `start`. */
  clear(start = 0): void {
    this.base = this.firstLive = this.endLive = start;
  }

  /** Reclaims dropped records when they are at least half the storage, else grows it (both amortised O(1)). */
  private makeRoom(extra: number): void {
    const live = this.length;
    const needed = (live + extra) * this.stride;
    const dropped = (this.firstLive - this.base) * this.stride;
    if (needed <= this.data.length && dropped >= this.data.length / 2) {
      this.data.copyWithin(0, dropped, dropped + live * this.stride);
    } else {
      const next = new Float64Array(Math.max(needed, this.data.length * 2));
      next.set(this.data.subarray(dropped, dropped + live * this.stride));
      this.data = next;
    }
    this.base = this.firstLive;
  }
}
