/**
 * @file Seeded input mutation for the fuzz suite: small, structure-blind changes of valid inputs (bit flips,
 * interesting bytes and 32-bit counts, cuts, insertions, duplicated and spliced slices). The same seed gives the
 * same inputs, so a failure is reproduced from the decoder's name, the seed and the input number alone.
 */

/** A deterministic random source (mulberry32). */
export type Random = () => number;

/** mulberry32: fast, good enough for choosing mutations, and reproducible across machines. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Bytes that make lengths, counts, flags and ids interesting. */
const INTERESTING_BYTES = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x7f, 0x80, 0xfe, 0xff];
/** 32-bit values that make counts and sizes interesting. */
const INTERESTING_WORDS = [0, 1, 2, 0x7f, 0xff, 0x100, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const index = (random: Random, n: number): number => Math.floor(random() * n);

/** One mutation of `bytes` (never in place). */
function mutateOnce(random: Random, bytes: Uint8Array, others: readonly Uint8Array[]): Uint8Array {
  const out = bytes.slice();
  const n = out.length;
  switch (index(random, n === 0 ? 1 : 8)) {
    case 0: {
      // Grow from nothing or from a cut: a few random bytes appended.
      const extra = Uint8Array.from({ length: 1 + index(random, 16) }, () => index(random, 256));
      const grown = new Uint8Array(n + extra.length);
      grown.set(out);
      grown.set(extra, n);
      return grown;
    }
    case 1: {
      const at = index(random, n);
      out[at] = out[at]! ^ (1 << index(random, 8));
      return out;
    }
    case 2:
      out[index(random, n)] = pick(random, INTERESTING_BYTES);
      return out;
    case 3: {
      if (n < 4) return out;
      const at = index(random, n - 3);
      new DataView(out.buffer).setUint32(at, pick(random, INTERESTING_WORDS) >>> 0, random() < 0.8);
      return out;
    }
    case 4:
      return out.slice(0, index(random, n));
    case 5: {
      const at = index(random, n);
      const length = Math.min(n - at, 1 + index(random, 64));
      const removed = new Uint8Array(n - length);
      removed.set(out.subarray(0, at));
      removed.set(out.subarray(at + length), at);
      return removed;
    }
    case 6: {
      // A slice repeated: what repeated chunks, messages or elements look like.
      const at = index(random, n);
      const slice = out.slice(at, Math.min(n, at + 1 + index(random, 256)));
      const times = 1 + index(random, 8);
      const grown = new Uint8Array(n + slice.length * times);
      grown.set(out.subarray(0, at));
      for (let i = 0; i < times; i++) grown.set(slice, at + i * slice.length);
      grown.set(out.subarray(at), at + times * slice.length);
      return grown;
    }
    default: {
      const other = others.length ? pick(random, others) : out;
      const cut = index(random, n);
      const from = index(random, Math.max(1, other.length));
      const spliced = new Uint8Array(cut + other.length - from);
      spliced.set(out.subarray(0, cut));
      spliced.set(other.subarray(from), cut);
      return spliced;
    }
  }
}

/** A mutated copy of one of `seeds` (one to four mutations; now and then plain random bytes). */
export function mutate(random: Random, seeds: readonly Uint8Array[]): Uint8Array {
  if (random() < 0.02) return Uint8Array.from({ length: index(random, 512) }, () => index(random, 256));
  let bytes = pick(random, seeds);
  const rounds = 1 + index(random, 4);
  for (let i = 0; i < rounds; i++) bytes = mutateOnce(random, bytes, seeds);
  return bytes;
}
