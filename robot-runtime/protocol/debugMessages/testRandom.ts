import { SeededRandom } from '../../math/SeededRandom';

/**
 * Random values for property tests of the debug payload codecs, drawn from the seeded generator (so a failing case
 * reproduces). Test support only; nothing in the runtime uses it.
 */
export class TestRandom {
  private readonly source: SeededRandom;

  constructor(seed = 0x9e3779b9) {
    this.source = new SeededRandom(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.source.next();
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** A float32-representable number in [-range, range). */
  float(range = 10_000): number {
    return Math.fround((this.next() * 2 - 1) * range);
  }
  /** One of `items`. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
  /** A string with spaces, quotes, escapes and non-ASCII characters mixed in (or empty). */
  string(maxLength = 12): string {
    const alphabet = 'abcXYZ019 _:-"\\\t\näß€';
    let s = '';
    const n = this.int(0, maxLength);
    for (let i = 0; i < n; i++) s += alphabet[this.int(0, alphabet.length - 1)];
    return s;
  }
  /** Random bytes. */
  bytes(n: number): Uint8Array {
    const b = new Uint8Array(n);
    for (let i = 0; i < n; i++) b[i] = this.int(0, 255);
    return b;
  }
  /** A colour. */
  color(): { r: number; g: number; b: number; a: number } {
    return { r: this.int(0, 255), g: this.int(0, 255), b: this.int(0, 255), a: this.int(0, 255) };
  }
}
