/**
 * @file Triple buffers carry one thread's data to another: the writer never waits for the reader, and the
 * reader always gets the newest version that was completely written. The interface is shared by an
 * in-memory version (deterministic executor, one OS thread) and a SharedArrayBuffer version (worker threads),
 * so that module code sees the same behaviour in both.
 */

/** The writing end: publish a complete version. */
export interface TripleBufferWriter {
  /** Publishes `bytes` as the newest version. Never blocks. The buffer may keep `bytes`; do not change them later. */
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
export interface TripleBuffer extends TripleBufferWriter, TripleBufferReader {}

/**
 * The single-threaded version: nothing can tear, so "three buffers" reduce to the newest version plus a flag.
 * It still only hands out each version once, like the shared one.
 */
export class InMemoryTripleBuffer implements TripleBuffer {
  private latest: Uint8Array | undefined;
  private fresh = false;

  write(bytes: Uint8Array): void {
    this.latest = bytes;
    this.fresh = true;
  }

  read(): Uint8Array | undefined {
    if (!this.fresh) return undefined;
    this.fresh = false;
    return this.latest;
  }
}
