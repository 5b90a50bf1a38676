import { StreamError } from './StreamError';

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Values that take no bytes (empty classes, arrays of them) cannot be bounded by the input size, so a decode may
 * build at most this many of them plus EMPTY_VALUES_PER_BYTE per input byte; no real representation comes near it.
 */
export const EMPTY_VALUE_ALLOWANCE = 1 << 16;
/** Zero-byte values a decode may build per byte of its input, beyond EMPTY_VALUE_ALLOWANCE. */
export const EMPTY_VALUES_PER_BYTE = 16;

/**
 * A bounds-checked little-endian reader over a byte range. Every read past the end throws StreamError with
 * the absolute offset, so callers can report where input was malformed and keep what they already decoded.
 */
export class InBinary {
  /** A DataView over `bytes` (same indexing), public for codecs that read fixed-size runs after one check. */
  readonly view: DataView;
  /** Absolute read position within `bytes`. */
  offset: number;
  readonly end: number;
  /**
   * Whether byte runs (image pixels, `unsigned char*` data) are returned as views into `bytes` instead of copies.
   * Only for a caller that is done with the value before `bytes` changes (e.g. an export that writes each frame
   * before reading the next); by default a decoded value owns its bytes.
   */
  borrowBytes = false;
  /** Zero-byte values this reader may still build (see EMPTY_VALUE_ALLOWANCE): the work budget of one decode. */
  private emptyValuesLeft: number;

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    end = bytes.length,
    /** Added to offsets in error messages (position of `bytes` within a larger input). */
    readonly baseOffset = 0,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.offset = start;
    this.end = end;
    this.emptyValuesLeft = EMPTY_VALUE_ALLOWANCE + EMPTY_VALUES_PER_BYTE * Math.max(0, end - start);
  }

  /**
   * Reads the same bytes again from `start` with a fresh work budget (a reader reused for bytes that are
   * rewritten in place, such as a triple buffer's slot).
   */
  restart(start = 0): void {
    this.offset = start;
    this.emptyValuesLeft = EMPTY_VALUE_ALLOWANCE + EMPTY_VALUES_PER_BYTE * Math.max(0, this.end - start);
  }

  /**
   * Accounts for `n` values about to be built from no bytes; throws StreamError once the decode's budget is spent,
   * so that type info describing huge data of empty types (Empty[65536][65536]) costs time and memory in
   * proportion to the input, not to what it claims.
   */
  chargeEmpty(n: number, what: string): void {
    this.emptyValuesLeft -= n;
    if (this.emptyValuesLeft < 0) {
      throw new StreamError(
        `${what}: more values that take no bytes than ${this.end} input bytes may describe`,
        this.baseOffset + this.offset,
      );
    }
  }

  /** The next `n` bytes (checked by the caller) as a copy, or as a view when `borrowBytes` is set; moves past them. */
  byteRun(n: number): Uint8Array {
    const from = this.offset;
    this.offset += n;
    return this.borrowBytes ? this.bytes.subarray(from, from + n) : this.bytes.slice(from, from + n);
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  get atEnd(): boolean {
    return this.offset >= this.end;
  }

  /** Throws StreamError unless `n` more bytes can be read (a NaN or negative `n` never passes). */
  need(n: number, what = 'data'): void {
    if (!(n >= 0 && this.offset + n <= this.end)) {
      throw new StreamError(
        `truncated ${what}: need ${n} bytes, ${this.end - this.offset} left`,
        this.baseOffset + this.offset,
      );
    }
  }

  bool(): boolean {
    this.need(1, 'bool');
    return this.bytes[this.offset++] !== 0;
  }
  int8(): number {
    this.need(1, 'int8');
    return this.view.getInt8(this.offset++);
  }
  uint8(): number {
    this.need(1, 'uint8');
    return this.bytes[this.offset++]!;
  }
  int16(): number {
    this.need(2, 'int16');
    const v = this.view.getInt16(this.offset, true);
    this.offset += 2;
    return v;
  }
  uint16(): number {
    this.need(2, 'uint16');
    const v = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return v;
  }
  int32(): number {
    this.need(4, 'int32');
    const v = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return v;
  }
  uint32(): number {
    this.need(4, 'uint32');
    const v = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return v;
  }
  uint64(): bigint {
    this.need(8, 'uint64');
    const v = this.view.getBigUint64(this.offset, true);
    this.offset += 8;
    return v;
  }
  float(): number {
    this.need(4, 'float');
    const v = this.view.getFloat32(this.offset, true);
    this.offset += 4;
    return v;
  }
  double(): number {
    this.need(8, 'double');
    const v = this.view.getFloat64(this.offset, true);
    this.offset += 8;
    return v;
  }
  string(): string {
    const at = this.offset;
    const n = this.uint32();
    if (n > this.remaining)
      throw new StreamError(`string length ${n} exceeds the ${this.remaining} bytes left`, this.baseOffset + at);
    let ascii = true;
    for (let i = this.offset; i < this.offset + n; i++) {
      if (this.bytes[i]! > 0x7f) {
        ascii = false;
        break;
      }
    }
    let s: string;
    if (ascii && n < 64) {
      s = '';
      for (let i = this.offset; i < this.offset + n; i++) s += String.fromCharCode(this.bytes[i]!);
    } else {
      s = decoder.decode(this.bytes.subarray(this.offset, this.offset + n));
    }
    this.offset += n;
    return s;
  }
  /** `n` raw bytes as a view (no copy). */
  bytesView(n: number): Uint8Array {
    this.need(n, 'bytes');
    const v = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return v;
  }
  /** A count (uint32) that must fit the remaining input at `minElementSize` bytes per element. */
  count(minElementSize: number, what: string): number {
    const at = this.offset;
    const n = this.uint32();
    if (minElementSize > 0 && n * minElementSize > this.remaining) {
      throw new StreamError(`${what} count ${n} exceeds the ${this.remaining} bytes left`, this.baseOffset + at);
    }
    return n;
  }
}
