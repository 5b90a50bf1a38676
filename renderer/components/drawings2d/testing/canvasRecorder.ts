/**
 * @file Test support: a 2-D canvas context that records the calls a painter makes as text (`arc(600,200,5,0,6.3)`,
 * `strokeStyle=rgba(0,0,0,1.000)`, numbers rounded to a tenth), so tests assert what was painted without a browser.
 */

/** A recording context (with a canvas of `size`, when given) and the calls made on it. */
export function canvasRecorder(size?: { width: number; height: number }): {
  ctx: CanvasRenderingContext2D;
  calls: string[];
} {
  const calls: string[] = [];
  const ctx = new Proxy(
    { calls, transform: { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 } },
    {
      get(target, prop) {
        if (prop === 'calls') return target.calls;
        if (prop === 'getTransform') return () => target.transform;
        if (prop === 'canvas' && size) return size;
        return (...args: unknown[]) =>
          calls.push(
            `${String(prop)}(${args.map((a) => (typeof a === 'number' ? Math.round(a * 10) / 10 : JSON.stringify(a))).join(',')})`,
          );
      },
      set(_target, prop, value) {
        calls.push(`${String(prop)}=${String(value)}`);
        return true;
      },
    },
  );
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}
