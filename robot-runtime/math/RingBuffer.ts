/**
 * @file A fixed-capacity ring buffer that forgets its oldest entry when a new one arrives (B-Human's RingBuffer:
 * entries are pushed at the front, `oldest` is the back). Used where a module averages or delays over the last n
 * values, so it keeps plain data and can be snapshotted with the module's state.
 */

/** The last `capacity` values pushed, newest first. */
export class RingBuffer<T> {
  private readonly items: T[] = [];
  /** Index in `items` of the newest entry. */
  private head = -1;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!(Number.isInteger(capacity) && capacity > 0)) throw new RangeError(`ring buffer capacity ${capacity}`);
  }

  /** Number of entries held (at most the capacity). */
  get size(): number {
    return this.count;
  }

  /** Whether as many entries are held as fit. */
  get full(): boolean {
    return this.count === this.capacity;
  }

  /** Adds `value` as the newest entry, dropping the oldest when full. */
  push(value: T): void {
    this.head = (this.head + 1) % this.capacity;
    this.items[this.head] = value;
    if (this.count < this.capacity) this.count++;
  }

  /** The entry pushed `age` pushes ago (0: the newest); undefined beyond the entries held. */
  at(age: number): T | undefined {
    if (age < 0 || age >= this.count) return undefined;
    return this.items[(this.head - age + this.capacity) % this.capacity];
  }

  /** The oldest entry held; undefined when empty. */
  get oldest(): T | undefined {
    return this.at(this.count - 1);
  }

  /** Forgets all entries. */
  clear(): void {
    this.items.length = 0;
    this.head = -1;
    this.count = 0;
  }
}

/** The mean of a ring of numbers (0 when empty). */
export function ringAverage(ring: RingBuffer<number>): number {
  if (ring.size === 0) return 0;
  let sum = 0;
  for (let i = 0; i < ring.size; i++) sum += ring.at(i)!;
  return sum / ring.size;
}
