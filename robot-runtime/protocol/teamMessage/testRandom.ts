/** A seeded uniform random source (mulberry32) so a failing property or fuzz case reproduces. Test support only. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    let t = (state = (state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
