/**
 * A small seeded random source for property tests of the debug payload codecs (deterministic, so a failing case
 * reproduces). Test support only; nothing in the runtime uses it.
 */
export class TestRandom {
  constructor(private state = 0x9e3779b9) {}

  /** Uniform in [0, 1) (mulberry32). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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
