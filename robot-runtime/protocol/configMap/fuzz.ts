/** Test support: deterministic mutation of config text for robustness tests (here and in the CLI's corpus test). */

/** Small deterministic PRNG (mulberry32) so a failure reproduces from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['=', ';', ',', '[', ']', '{', '}', '"', '\\', '//', '/*', '*/', '\n', ' ', 'x', '0x', '1e', 'deg', ':'];

/** Deletes, duplicates or inserts syntax-relevant pieces at random places. */
export function mutateConfigText(text: string, random: () => number): string {
  let s = text;
  const edits = 1 + Math.floor(random() * 4);
  for (let k = 0; k < edits; k++) {
    const at = Math.floor(random() * (s.length + 1));
    const choice = random();
    if (choice < 0.35) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(random() * 3));
    else if (choice < 0.7) s = s.slice(0, at) + PIECES[Math.floor(random() * PIECES.length)]! + s.slice(at);
    else s = s.slice(0, at) + s.slice(at, at + Math.floor(random() * 20)) + s.slice(at);
  }
  return s;
}
