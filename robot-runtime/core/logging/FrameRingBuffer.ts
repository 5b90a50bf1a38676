/**
 * @file The logger's ring buffer: a fixed number of frame slots, filled by the robot's threads and drained by a
 * background writer. A full buffer drops the new frame (counted) instead of making a thread wait for the disk.
 */

/** A bounded FIFO of serialized frames. */
export class FrameRingBuffer {
  private readonly slots: (Uint8Array | undefined)[];
  private head = 0;
  private count = 0;
  private bytesQueued = 0;
  /** Frames refused because the buffer was full or the frame too large. */
  dropped = 0;

  constructor(
    readonly capacity: number,
    /** Largest frame accepted (bytes). */
    readonly maxFrameSize: number,
  ) {
    if (!(capacity > 0)) throw new RangeError(`ring buffer capacity ${capacity} must be positive`);
    this.slots = new Array<Uint8Array | undefined>(capacity);
  }

  /** Frames waiting to be written. */
  get size(): number {
    return this.count;
  }

  /** Bytes waiting to be written. */
  get bytes(): number {
    return this.bytesQueued;
  }

  /** Adds a frame; false (and counted) when it does not fit. Never blocks. */
  push(frame: Uint8Array): boolean {
    if (this.count === this.capacity || frame.length > this.maxFrameSize) {
      this.dropped++;
      return false;
    }
    this.slots[(this.head + this.count) % this.capacity] = frame;
    this.count++;
    this.bytesQueued += frame.length;
    return true;
  }

  /** Takes up to `maxBytes` of the oldest frames (at least one frame when any is queued). */
  take(maxBytes = Infinity): Uint8Array[] {
    const taken: Uint8Array[] = [];
    let bytes = 0;
    while (this.count > 0) {
      const frame = this.slots[this.head]!;
      if (taken.length > 0 && bytes + frame.length > maxBytes) break;
      this.slots[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.count--;
      this.bytesQueued -= frame.length;
      bytes += frame.length;
      taken.push(frame);
    }
    return taken;
  }
}
