/**
 * @file The bit stream of B-Human's compressed team messages (formats §8.1): bit k of the stream is bit (k mod 8)
 * of byte ⌊k/8⌋, and every value is written least significant bit first.
 */
import { TeamMessageError } from './TeamMessageError';

/** Bits needed to store every integer in 0..n (0 for n = 0): B-Human's bit length of a range. */
export function bitLength(n: number): number {
  let bits = 0;
  while (n >= 1) {
    bits++;
    n = Math.floor(n / 2);
  }
  return bits;
}

/** Appends values bit by bit; grows as needed. */
export class BitWriter {
  private bytes = new Uint8Array(32);
  private bitPos = 0;

  /** Number of bits written so far. */
  get bitCount(): number {
    return this.bitPos;
  }

  /** Writes the low `bits` (0..32) bits of the unsigned integer `value`, LSB first. */
  write(value: number, bits: number): void {
    if (bits === 0) return;
    this.reserve(this.bitPos + bits);
    let rest = value >>> 0;
    let left = bits;
    while (left > 0) {
      const offset = this.bitPos & 7;
      const n = Math.min(8 - offset, left);
      this.bytes[this.bitPos >> 3]! |= (rest & ((1 << n) - 1)) << offset;
      rest = n >= 32 ? 0 : rest >>> n;
      this.bitPos += n;
      left -= n;
    }
  }

  /** The written bytes (the last byte is zero-padded). */
  finish(): Uint8Array {
    return this.bytes.slice(0, (this.bitPos + 7) >> 3);
  }

  private reserve(bits: number): void {
    const need = (bits + 7) >> 3;
    if (need <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(need, this.bytes.length * 2));
    grown.set(this.bytes);
    this.bytes = grown;
  }
}

/** Reads values written by BitWriter; running past the end is a TeamMessageError, never a silent zero. */
export class BitReader {
  private bitPos = 0;

  constructor(private readonly bytes: Uint8Array) {}

  /** Number of bits consumed so far. */
  get bitCount(): number {
    return this.bitPos;
  }

  /** Reads `bits` (0..32) bits as an unsigned integer. */
  read(bits: number): number {
    if (bits === 0) return 0;
    if (this.bitPos + bits > this.bytes.length * 8)
      throw new TeamMessageError(
        `team message truncated: need ${bits} bits at bit ${this.bitPos} of ${this.bytes.length * 8}`,
      );
    let value = 0;
    let shift = 0;
    let left = bits;
    while (left > 0) {
      const offset = this.bitPos & 7;
      const n = Math.min(8 - offset, left);
      const chunk = (this.bytes[this.bitPos >> 3]! >> offset) & ((1 << n) - 1);
      // Multiplication instead of << keeps bit 31 from turning the value negative.
      value += chunk * 2 ** shift;
      shift += n;
      this.bitPos += n;
      left -= n;
    }
    return value;
  }
}
