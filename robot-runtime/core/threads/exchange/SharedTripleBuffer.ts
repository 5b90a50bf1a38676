/**
 * @file A lock-free triple buffer in a SharedArrayBuffer for one writer and one reader in different workers.
 *
 * Three slots: the writer owns one (back), the reader owns one (front), and the third (middle) is the hand-over.
 * One atomic state word holds the middle slot's index and a "fresh" bit. Publishing swaps back and middle and
 * sets the bit; taking swaps front and middle and clears it. Each swap is a single Atomics.exchange, so neither
 * side ever waits, and the reader only ever sees slots the writer has finished (Atomics operations order the
 * plain writes before them).
 */
import type { TripleBufferReader, TripleBufferWriter } from './TripleBuffer';

const FRESH = 4;
const INDEX_MASK = 3;
/** Int32 header words: state, three slot lengths, publish count. */
const HEADER_WORDS = 8;
const HEADER_BYTES = HEADER_WORDS * 4;
const STATE = 0;
const LENGTH0 = 1;
const PUBLISHED = 4;

/** Bytes of SharedArrayBuffer needed for payloads of up to `capacity` bytes. */
export function sharedTripleBufferSize(capacity: number): number {
  return HEADER_BYTES + 3 * alignTo8(capacity);
}

function alignTo8(n: number): number {
  return (n + 7) & ~7;
}

/** Creates the shared memory for one buffer. Initially the middle slot is 1 and nothing is fresh. */
export function createSharedTripleBuffer(capacity: number): SharedArrayBuffer {
  const sab = new SharedArrayBuffer(sharedTripleBufferSize(capacity));
  Atomics.store(new Int32Array(sab, 0, HEADER_WORDS), STATE, 1);
  return sab;
}

function slotCapacity(sab: SharedArrayBuffer): number {
  return Math.floor((sab.byteLength - HEADER_BYTES) / 3) & ~7;
}

/** The writer's handle (exactly one per buffer). Starts owning slot 2. */
export class SharedTripleBufferWriter implements TripleBufferWriter {
  private readonly header: Int32Array;
  private readonly slots: Uint8Array;
  private readonly capacity: number;
  private back = 2;

  constructor(readonly sab: SharedArrayBuffer) {
    this.header = new Int32Array(sab, 0, HEADER_WORDS);
    this.capacity = slotCapacity(sab);
    this.slots = new Uint8Array(sab, HEADER_BYTES, 3 * this.capacity);
  }

  write(bytes: Uint8Array): void {
    if (bytes.length > this.capacity)
      throw new RangeError(`triple buffer: ${bytes.length} bytes exceed the capacity of ${this.capacity}`);
    this.slots.set(bytes, this.back * this.capacity);
    this.header[LENGTH0 + this.back] = bytes.length;
    const previous = Atomics.exchange(this.header, STATE, this.back | FRESH);
    this.back = previous & INDEX_MASK;
    Atomics.add(this.header, PUBLISHED, 1);
  }
}

/** The reader's handle (exactly one per buffer). Starts owning slot 0. */
export class SharedTripleBufferReader implements TripleBufferReader {
  private readonly header: Int32Array;
  private readonly slots: Uint8Array;
  private readonly capacity: number;
  private front = 0;
  /** Private copy: shared views are rejected by some decoders (TextDecoder), and a copy cannot change under us. */
  private copy = new Uint8Array(0);

  constructor(readonly sab: SharedArrayBuffer) {
    this.header = new Int32Array(sab, 0, HEADER_WORDS);
    this.capacity = slotCapacity(sab);
    this.slots = new Uint8Array(sab, HEADER_BYTES, 3 * this.capacity);
  }

  read(): Uint8Array | undefined {
    if ((Atomics.load(this.header, STATE) & FRESH) === 0) return undefined;
    const previous = Atomics.exchange(this.header, STATE, this.front);
    this.front = previous & INDEX_MASK;
    const length = this.header[LENGTH0 + this.front]!;
    if (this.copy.length < length) this.copy = new Uint8Array(Math.max(length, this.copy.length * 2));
    const start = this.front * this.capacity;
    this.copy.set(this.slots.subarray(start, start + length));
    return this.copy.subarray(0, length);
  }

  /** How many versions the writer has published so far (diagnostics). */
  get published(): number {
    return Atomics.load(this.header, PUBLISHED);
  }
}
