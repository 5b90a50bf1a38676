const encoder = new TextEncoder();

/**
 * A growable little-endian byte writer in B-Human's binary encoding (OutBinary). Reused writers avoid
 * allocation on hot paths: call `reset()` and write again.
 */
export class OutBinary {
  /**
   * The backing store. Public so that codecs can write fixed-size runs after one `reserve` without a call per
   * byte; treat as read-only from outside: it is replaced whenever `reserve` grows it.
   */
  buffer: Uint8Array;
  /** A DataView over `buffer` (replaced together with it). */
  view: DataView;
  /** Bytes written so far. */
  length = 0;

  constructor(initialCapacity = 256) {
    this.buffer = new Uint8Array(initialCapacity);
    this.view = new DataView(this.buffer.buffer);
  }

  /** Forgets what was written; the capacity stays for the next message. */
  reset(): void {
    this.length = 0;
  }

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    const needed = this.length + n;
    if (needed <= this.buffer.length) return;
    // The floor keeps a zero-capacity writer (exact-size encoding of an empty value) from doubling forever.
    let capacity = Math.max(this.buffer.length * 2, 64);
    while (capacity < needed) capacity *= 2;
    const next = new Uint8Array(capacity);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  bool(v: boolean): void {
    this.reserve(1);
    this.buffer[this.length++] = v ? 1 : 0;
  }
  int8(v: number): void {
    this.reserve(1);
    this.view.setInt8(this.length++, v);
  }
  uint8(v: number): void {
    this.reserve(1);
    this.buffer[this.length++] = v;
  }
  int16(v: number): void {
    this.reserve(2);
    this.view.setInt16(this.length, v, true);
    this.length += 2;
  }
  uint16(v: number): void {
    this.reserve(2);
    this.view.setUint16(this.length, v, true);
    this.length += 2;
  }
  int32(v: number): void {
    this.reserve(4);
    this.view.setInt32(this.length, v, true);
    this.length += 4;
  }
  uint32(v: number): void {
    this.reserve(4);
    this.view.setUint32(this.length, v >>> 0, true);
    this.length += 4;
  }
  uint64(v: bigint): void {
    this.reserve(8);
    this.view.setBigUint64(this.length, v, true);
    this.length += 8;
  }
  float(v: number): void {
    this.reserve(4);
    this.view.setFloat32(this.length, v, true);
    this.length += 4;
  }
  double(v: number): void {
    this.reserve(8);
    this.view.setFloat64(this.length, v, true);
    this.length += 8;
  }
  /** uint32 byte length, then UTF-8 bytes, no terminator. */
  string(v: string): void {
    // Fast path for ASCII (all protocol names): one byte per char.
    let ascii = true;
    for (let i = 0; i < v.length; i++) {
      if (v.charCodeAt(i) > 0x7f) {
        ascii = false;
        break;
      }
    }
    if (ascii) {
      this.reserve(4 + v.length);
      this.view.setUint32(this.length, v.length, true);
      this.length += 4;
      for (let i = 0; i < v.length; i++) this.buffer[this.length++] = v.charCodeAt(i);
      return;
    }
    const bytes = encoder.encode(v);
    this.uint32(bytes.length);
    this.bytes(bytes);
  }
  /** Raw bytes, no count. */
  bytes(v: Uint8Array): void {
    this.reserve(v.length);
    this.buffer.set(v, this.length);
    this.length += v.length;
  }

  /** Overwrites 4 bytes at `offset` (for sizes known only after writing). */
  patchUint32(offset: number, v: number): void {
    this.view.setUint32(offset, v >>> 0, true);
  }
  patchUint8(offset: number, v: number): void {
    this.buffer[offset] = v;
  }

  /** A view of the written bytes (valid until the next write or reset). */
  view8(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  /** A copy of the written bytes. */
  toBytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
