/**
 * @file Frame timing for the views' benchmark hooks (`npm run bench`): the rate at which animation frames run a
 * step, and the time per step when each step's rasterisation is forced.
 */

/** Runs `step` in every animation frame for `ms`; resolves with the frames per second achieved. */
export function rafLoop(ms: number, step: () => void): Promise<number> {
  return new Promise((resolve) => {
    let frames = 0;
    const start = performance.now();
    const tick = (now: number): void => {
      if (now - start >= ms) {
        resolve((frames * 1000) / (now - start));
        return;
      }
      step();
      frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/**
 * Milliseconds per step over `n` steps, each followed by `flush` (e.g. a 1-pixel readback, which waits until the
 * canvas has really been drawn: without it only the recording of draw calls would be timed).
 */
export function timePerStep(n: number, step: () => void, flush: () => void): number {
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    step();
    flush();
  }
  return (performance.now() - start) / n;
}
