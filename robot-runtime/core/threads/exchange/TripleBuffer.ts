/**
 * @file Triple buffers carry one thread's data to another: the writer never waits for the reader, and the
 * reader always gets the newest version that was completely written. The interface is shared by an
 * in-memory version (deterministic executor, one OS thread) and a SharedArrayBuffer version (worker threads),
 * so that module code sees the same behaviour in both.
 */

/** The writing end: publish a complete version. */
export interface TripleBufferWriter {
  /** Publishes a copy of `bytes` as the newest version. Never blocks; the caller may reuse `bytes` afterwards. */
  write(bytes: Uint8Array): void;
}

/** The reading end: take the newest version once. */
export interface TripleBufferReader {
  /**
   * The newest complete version if one was published since the last read, else undefined. The returned bytes
   * stay valid until the next read.
   */
  read(): Uint8Array | undefined;
}

/** Both ends (in-memory buffers hand out one object for both). */
export interface TripleBuffer extends TripleBufferWriter, TripleBufferReader {
  /** A copy of the version published but not read yet, if any (for snapshots; buffers of one process only). */
  unread?(): Uint8Array | undefined;
  /** Forgets every version, then publishes `unread` if given (restoring a snapshot). */
  resetTo?(unread: Uint8Array | undefined): void;
}

/**
 * The single-threaded version with the shared one's three slots: the writer copies into the back slot, the
 * newest complete version waits in the middle one, and the reader holds the front one until its next read.
 * Slots grow to the largest version and are then reused, so steady exchange allocates nothing (a simulated
 * robot publishes several packages per frame, 14 robots some ten thousand per simulated second).
 */
export class InMemoryTripleBuffer implements TripleBuffer {
  private readonly slots = [new Uint8Array(256), new Uint8Array(256), new Uint8Array(256)];
  /** The view handed out per slot, kept while the slot's length stays the same. */
  private readonly views = this.slots.map((s) => s.subarray(0, 0));
  private readonly lengths = [0, 0, 0];
  private back = 0;
  private middle = 1;
  private front = 2;
  private fresh = false;

  write(bytes: Uint8Array): void {
    const back = this.back;
    let slot = this.slots[back]!;
    if (slot.length < bytes.length) this.slots[back] = slot = new Uint8Array(Math.max(bytes.length, 2 * slot.length));
    slot.set(bytes);
    this.lengths[back] = bytes.length;
    this.back = this.middle;
    this.middle = back;
    this.fresh = true;
  }

  unread(): Uint8Array | undefined {
    return this.fresh ? this.slots[this.middle]!.slice(0, this.lengths[this.middle]) : undefined;
  }

  resetTo(unread: Uint8Array | undefined): void {
    this.fresh = false;
    if (unread) this.write(unread);
  }

  read(): Uint8Array | undefined {
    if (!this.fresh) return undefined;
    this.fresh = false;
    const front = this.middle;
    this.middle = this.front;
    this.front = front;
    const slot = this.slots[front]!;
    const length = this.lengths[front]!;
    let view = this.views[front]!;
    if (view.buffer !== slot.buffer || view.length !== length) this.views[front] = view = slot.subarray(0, length);
    return view;
  }
}
