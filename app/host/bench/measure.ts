/** Timing helpers for `npm run bench`: repeat until enough time has passed, report the best rate. */

export interface Rate {
  /** Operations per second (best of the rounds). */
  opsPerSecond: number;
  /** Mean duration of one operation in microseconds (from the best round). */
  microsPerOp: number;
}

/**
 * Runs `op` in rounds of at least `minRoundMs` after a warm-up and returns the best round's rate; the best
 * round is the least disturbed by the other core's work on a 2-core machine.
 */
export function measureRate(op: () => void, { rounds = 5, minRoundMs = 150 } = {}): Rate {
  const warmUntil = performance.now() + minRoundMs;
  while (performance.now() < warmUntil) op();
  let best = 0;
  for (let r = 0; r < rounds; r++) {
    let n = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      op();
      n++;
      elapsed = performance.now() - start;
    } while (elapsed < minRoundMs);
    best = Math.max(best, (n * 1000) / elapsed);
  }
  return { opsPerSecond: best, microsPerOp: 1e6 / best };
}

/** Runs an async operation `n` times and returns the total elapsed ms. */
export async function timeAsync(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Fastest of `rounds` runs of `fn` (ms): the run least disturbed by the other core's work. */
export function bestOf(rounds: number, fn: () => void): number {
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** The median of `values` (the upper one of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
