/**
 * Random access to the bytes of a log, so the reader can be pure: the host implements it with positioned file
 * reads (Node fs.readSync), tests and compressed logs with memory. Reads never extend past `size`.
 */
export interface ByteSource {
  /** Total number of bytes. */
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer only at the end of the source). May be a view; do not keep it across reads unless copied. */
  read(offset: number, length: number): Uint8Array;
  /**
   * Like `read`, but the result may live in a buffer the source reuses: valid only until the next
   * `readTransient` call. For readers that decode and drop (replay), so a large log streams through warm memory
   * instead of a fresh allocation per frame. Sources without it are read with `read`.
   */
  readTransient?(offset: number, length: number): Uint8Array;
}

/** A ByteSource over bytes in memory. */
export class MemorySource implements ByteSource {
  constructor(readonly bytes: Uint8Array) {}

  get size(): number {
    return this.bytes.length;
  }

  read(offset: number, length: number): Uint8Array {
    const start = Math.max(0, Math.min(offset, this.bytes.length));
    return this.bytes.subarray(start, Math.min(this.bytes.length, start + Math.max(0, length)));
  }

  readTransient(offset: number, length: number): Uint8Array {
    return this.read(offset, length);
  }
}

/**
 * Sequential reads through a source in large blocks, for scanning: header-sized reads are served from the
 * current block; only a read that leaves it loads the next one.
 */
export class BlockReader {
  private block: Uint8Array = new Uint8Array(0);
  private blockStart = 0;

  constructor(
    private readonly source: ByteSource,
    private readonly blockSize = 4 * 1024 * 1024,
  ) {}

  /** `length` bytes at `offset` (fewer at the end of the source); a view valid until the next call. */
  read(offset: number, length: number): Uint8Array {
    const end = offset + length;
    if (offset >= this.blockStart && end <= this.blockStart + this.block.length) {
      return this.block.subarray(offset - this.blockStart, end - this.blockStart);
    }
    if (length > this.blockSize) return this.source.read(offset, length);
    this.block = this.source.read(offset, this.blockSize);
    this.blockStart = offset;
    return this.block.subarray(0, Math.min(length, this.block.length));
  }
}
