/**
 * @file The project's one seeded random generator. Modules get a stream per instance derived from the robot's
 * seed and the thread and module names, so adding a module or a robot never shifts the numbers another module
 * sees, and a simulated run repeats exactly from its seed; the simulator's network and the tests' property and
 * fuzz cases draw from it too, so a failing case reproduces from its seed.
 */

/** 32-bit FNV-1a over the UTF-16 code units of `text`, folded into `seed`. */
function hashString(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** splitmix32: spreads a weak 32-bit seed into well-mixed state words. */
function splitmix(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * sfc32 (Chris Doty-Humphrey's small fast chaotic generator): 128 bits of state, plain 32-bit integer
 * operations, good statistical quality for simulation noise. Not for cryptography.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** Box–Muller yields normals in pairs; the second one is kept for the next call. */
  private spare: number | undefined;

  constructor(seed: number) {
    const st = { s: seed | 0 };
    this.a = splitmix(st);
    this.b = splitmix(st);
    this.c = splitmix(st);
    this.d = splitmix(st);
    for (let i = 0; i < 12; i++) this.nextUint32(); // leave the correlated start-up states behind
  }

  /** A stream for one module instance: the same (seed, robot, thread, module) always gives the same numbers. */
  static forModule(seed: number, robot: number | string, thread: string, module: string): SeededRandom {
    return new SeededRandom(hashString(`${robot}\u0000${thread}\u0000${module}`, seed));
  }

  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Normally distributed with mean 0 and standard deviation `sigma` (default 1). */
  gaussian(sigma = 1): number {
    if (this.spare !== undefined) {
      const v = this.spare;
      this.spare = undefined;
      return v * sigma;
    }
    let u = 0;
    while (u === 0) u = this.next(); // log(0) is not a number
    const radius = Math.sqrt(-2 * Math.log(u));
    const angle = 2 * Math.PI * this.next();
    this.spare = radius * Math.sin(angle);
    return radius * Math.cos(angle) * sigma;
  }
}

/** A uniform [0, 1) source as a plain function (for code that takes `() => number`). */
export function seededRandom(seed: number): () => number {
  const random = new SeededRandom(seed);
  return () => random.next();
}
