import { OutBinary } from '../binary';

/** Thrown by BoundedOutBinary when a write would pass its limit; MessageQueue catches it and rolls back. */
export class WriteLimitReached extends Error {
  constructor(readonly limit: number) {
    super(`write limit of ${limit} bytes reached`);
    this.name = 'WriteLimitReached';
  }
}

/**
 * An OutBinary that refuses to hold more than `limit` bytes. Every OutBinary write reserves first, so checking in
 * `reserve` stops any writer (including a caller's fill callback) before the content passes the limit.
 */
export class BoundedOutBinary extends OutBinary {
  /** Maximum number of bytes the writer may hold; adjustable (frames reserve room for their closing message). */
  limit: number;

  constructor(limit: number, initialCapacity = 256) {
    super(Math.max(1, Math.min(initialCapacity, limit)));
    this.limit = limit;
  }

  override reserve(n: number): void {
    if (this.length + n > this.limit) throw new WriteLimitReached(this.limit);
    super.reserve(n);
  }
}
