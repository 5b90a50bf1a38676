import { describe, expect, it } from 'vitest';
import { decimateView, type AlignedColumns, type Viewport } from './decimateView';
import { PlotSamples } from './PlotSamples';

/** A small deterministic random generator (tests must not flake). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Y = number | null;

/** uPlot's closestIdx (binary search; equal values give the first). */
function closestIdx(v: number, x: ArrayLike<number>): number {
  let lo = 0;
  let hi = x.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid]! < v) lo = mid;
    else hi = mid;
  }
  return v - x[lo]! <= x[hi]! - v ? lo : hi;
}

/**
 * The vertices uPlot 1.6's linear path builder (pxAlign 1) draws for one series, written from its documented
 * behaviour: the in-view index range plus one point each side, and from four points per pixel on its per-column
 * reduction (line in, then minimum, maximum and line out). Null breaks the line (uPlot clips such gaps).
 */
function uplotVertices(x: ArrayLike<number>, y: ArrayLike<Y>, view: Viewport): ([number, number] | null)[] {
  const n = x.length;
  if (n === 0) return [];
  let i0 = closestIdx(view.xMin, x);
  let i1 = closestIdx(view.xMax, x);
  if (i1 - i0 > 1) {
    if (x[i0]! < view.xMin) i0++;
    if (x[i1]! > view.xMax) i1--;
  }
  let from = Math.min(n - 1, Math.max(0, i0 - 1));
  let to = Math.min(n - 1, Math.max(0, i1 + 1));
  while (y[from] == null && from > 0) from--;
  while (y[to] == null && to < n - 1) to++;
  while (from <= to && y[from] == null) from++;
  while (to >= from && y[to] == null) to--;
  const position = (v: number): number => view.left + view.width * ((v - view.xMin) / (view.xMax - view.xMin));
  const out: ([number, number] | null)[] = [];
  if (to - from < view.width * 4) {
    for (let i = from; i <= to; i++) out.push(y[i] == null ? null : [Math.round(position(x[i]!)), y[i]!]);
    return out;
  }
  let column = Math.round(position(x[from]!));
  let acc: { in: number; min: number; max: number; out: number } | undefined;
  const flush = (): void => {
    if (!acc || acc.min === acc.max) return;
    if (acc.in !== acc.min && acc.out !== acc.min) out.push([column, acc.min]);
    if (acc.in !== acc.max && acc.out !== acc.max) out.push([column, acc.max]);
    out.push([column, acc.out]);
  };
  for (let i = from; i <= to; i++) {
    const p = position(x[i]!);
    const v = y[i] ?? null;
    if (p < column + 1) {
      if (v === null) continue;
      if (!acc) {
        out.push([column, v]);
        acc = { in: v, min: v, max: v, out: v };
      } else {
        acc.out = v;
        acc.min = Math.min(acc.min, v);
        acc.max = Math.max(acc.max, v);
      }
    } else {
      flush();
      column = Math.round(p);
      acc = undefined;
      if (v === null) out.push(null);
      else {
        out.push([column, v]);
        acc = { in: v, min: v, max: v, out: v };
      }
    }
  }
  flush();
  return out;
}

/** What the stroked path covers: each pixel column's vertical extent and the lines between columns. */
function picture(vertices: readonly ([number, number] | null)[]): { columns: string[]; lines: string[] } {
  const extents = new Map<number, [number, number]>();
  const lines: string[] = [];
  const extend = (px: number, a: number, b: number): void => {
    const e = extents.get(px);
    extents.set(px, [Math.min(a, b, e?.[0] ?? Infinity), Math.max(a, b, e?.[1] ?? -Infinity)]);
  };
  let previous: [number, number] | null = null;
  for (const v of vertices) {
    // A repeated vertex is a zero-length segment: it covers nothing.
    if (v && previous && v[0] === previous[0] && v[1] === previous[1]) continue;
    if (v) {
      if (previous && previous[0] !== v[0]) lines.push(`${previous.join(',')}→${v.join(',')}`);
      else extend(v[0], v[1], previous?.[1] ?? v[1]);
    }
    previous = v;
  }
  const columns = [...extents].sort((a, b) => a[0] - b[0]).map(([px, [lo, hi]]) => `${px}:${lo}…${hi}`);
  return { columns, lines: lines.sort() };
}

function samplesOf(x: ArrayLike<number>, ys: readonly ArrayLike<Y>[]): PlotSamples {
  const samples = new PlotSamples();
  samples.replace(x, ys);
  return samples;
}

function series(data: AlignedColumns, s: number): Y[] {
  return data[s + 1] as Y[];
}

/** Asserts that each series drawn from the reduction looks as drawn from all points. */
function expectSamePicture(x: ArrayLike<number>, ys: readonly ArrayLike<Y>[], view: Viewport): AlignedColumns {
  const data = decimateView(samplesOf(x, ys), view);
  ys.forEach((y, s) =>
    expect(picture(uplotVertices(data[0], series(data, s), view)), `series ${s}`).toEqual(
      picture(uplotVertices(x, y, view)),
    ),
  );
  return data;
}

describe('decimateView', () => {
  const view: Viewport = { xMin: 1000.3, xMax: 91_000.7, left: 40.5, width: 1017 };

  it('draws the same picture as all points, with at most four points per column', () => {
    const next = random(7);
    const n = 100_000;
    const x = Array.from({ length: n }, (_, i) => i * 1.1);
    const ys = [0, 1, 2].map((s) =>
      Array.from({ length: n }, (_, i) => Math.round(Math.sin(i / (300 + 70 * s)) * 1000 + (next() - 0.5) * 200)),
    );
    for (const v of [
      view,
      { xMin: 0, xMax: x[n - 1]!, left: 80, width: 954 },
      { xMin: 50_000, xMax: 59_000, left: 0.5, width: 1900 },
    ]) {
      const data = expectSamePicture(x, ys, v);
      expect(data[0].length).toBeLessThanOrEqual(4 * (v.width + 2) + 2);
    }
  });

  it('draws the same picture where density varies', () => {
    const next = random(11);
    // Dense in the first fifth, sparse after: dense overall, but most columns hold a point or two.
    const x = [
      ...Array.from({ length: 40_000 }, (_, i) => i / 100),
      ...Array.from({ length: 1600 }, (_, i) => 400 + i),
    ];
    const y = x.map(() => Math.round(next() * 1000));
    const v: Viewport = { xMin: 0, xMax: 1999, left: 30.5, width: 1000 };
    expectSamePicture(x, [y], v);
  });

  it('draws the same picture for any viewport', () => {
    const next = random(12);
    const x = Array.from({ length: 20_000 }, (_, i) => i + Math.floor(next() * 3) / 4);
    const y = x.map(() => Math.round(next() * 100));
    for (let k = 0; k < 300; k++) {
      const a = (next() - 0.1) * 22_000;
      const b = a + 1 + next() * next() * 22_000;
      const v: Viewport = {
        xMin: a,
        xMax: b,
        left: Math.floor(next() * 200) / 2,
        width: 3 + Math.floor(next() * 800) / 2,
      };
      const data = expectSamePicture(x, [y], v);
      expect(data[0].some(Number.isNaN), JSON.stringify(v)).toBe(false);
    }
  });

  it('keeps every spike, however narrow', () => {
    const n = 100_000;
    const x = Array.from({ length: n }, (_, i) => i);
    const y = new Array<number>(n).fill(0);
    const spikes = [1001, 20_001, 54_321, 90_999];
    spikes.forEach((i, k) => (y[i] = k % 2 ? -500 - k : 500 + k));
    const data = expectSamePicture(x, [y], view);
    // A spike that is also a column's first or last point is there twice.
    expect(new Set(series(data, 0).filter((v) => v !== 0))).toEqual(new Set(spikes.map((i) => y[i])));
  });

  it('includes the nearest point beyond each edge, so lines reach the border', () => {
    const x = Array.from({ length: 10_000 }, (_, i) => i * 10);
    const y = x.map((v) => (v / 10) % 37);
    const v: Viewport = { xMin: 5005, xMax: 97_005, left: 0, width: 100 };
    const data = expectSamePicture(x, [y], v);
    expect(data[0][0]).toBe(5000);
    expect(data[0][1]).toBe(5010);
    expect(data[0][data[0].length - 1]).toBe(97_010);
    expect(series(data, 0)[0]).toBe(y[500]);
  });

  it('passes views with fewer than four points per pixel through unchanged', () => {
    const x = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const y = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3];
    const data = expectSamePicture(x, [y], { xMin: 2.5, xMax: 6.5, left: 0, width: 2 });
    expect([...data[0]]).toEqual([2, 3, 4, 5, 6, 7]);
    expect(series(data, 0)).toEqual([4, 1, 5, 9, 2, 6]);
  });

  it('handles views beside, between and beyond the points as uPlot does, and no points', () => {
    const x = [0, 10, 20];
    const at = (xMin: number, xMax: number): number[] => [
      ...expectSamePicture(x, [[1, 2, 3]], { xMin, xMax, left: 0, width: 100 })[0],
    ];
    // Up to two points in view uPlot keeps its closest indices un-narrowed, and draws one more each side.
    expect(at(-50, -10)).toEqual([0, 10]);
    expect(at(12, 18)).toEqual([0, 10, 20]);
    expect(at(30, 40)).toEqual([10, 20]);
    expect(at(0, 20)).toEqual([0, 10, 20]);
    expect(decimateView(new PlotSamples(), view)).toEqual([new Float64Array(0)]);
  });

  it('ends at the last point when it lies on the right edge (after resetting the zoom)', () => {
    const next = random(8);
    const x = Array.from({ length: 20_000 }, (_, i) => i);
    const y = x.map(() => Math.round(next() * 100));
    y[19_999] = 1000;
    const data = expectSamePicture(x, [y], { xMin: 0, xMax: 19_999, left: 60.5, width: 700 });
    // The last column's points are at its first point's x, inside the range: uPlot draws (and scales to) them all.
    expect(data[0][data[0].length - 1]).toBeLessThanOrEqual(19_999);
    expect(series(data, 0).at(-1)).toBe(1000);
  });

  it('keeps gaps: columns without values stay empty, the others keep their extent (±1 pixel at gap borders)', () => {
    const n = 50_000;
    const x = Array.from({ length: n }, (_, i) => i);
    const y: Y[] = x.map((i) => ((i * 7919) % 101) - 50);
    const prefix = 4000; // a layer shorter than the others
    const gap = [20_000, 22_000];
    y.fill(null, 0, prefix);
    y.fill(null, gap[0], gap[1]);
    const v: Viewport = { xMin: 0, xMax: n - 1, left: 0.5, width: 500 };
    const data = decimateView(samplesOf(x, [y]), v);
    // uPlot starts a series' columns at its first value, and clips gaps by rounded positions: one pixel either
    // side of those borders may differ, nothing else.
    const pixel = (i: number): number => v.left + v.width * (x[i]! / (n - 1));
    const borders = [prefix, gap[0]!, gap[1]!].map((i) => Math.round(pixel(i)));
    const away = (column: string): boolean => borders.every((b) => Math.abs(Number(column.split(':')[0]) - b) > 1);
    const drawn = picture(uplotVertices(data[0], series(data, 0), v)).columns;
    const full = picture(uplotVertices(x, y, v)).columns;
    expect(drawn.filter(away)).toEqual(full.filter(away));
    expect(drawn.length).toBeGreaterThan(full.length - 3);
    const inGap = (column: string): boolean =>
      Number(column.split(':')[0]) > borders[1]! + 1 && Number(column.split(':')[0]) < borders[2]! - 1;
    expect(drawn.filter(inGap)).toEqual([]);
  });

  it('reduces appended data as it reduces the same data set at once', () => {
    const next = random(9);
    const x = Array.from({ length: 30_000 }, (_, i) => i);
    const y = x.map(() => Math.round(next() * 1000));
    const appended = new PlotSamples();
    appended.replace(x.slice(0, 1), [y.slice(0, 1)]);
    for (let i = 1; i < x.length;) {
      const size = 1 + Math.floor(next() * 500);
      appended.append(x.slice(i, i + size), [y.slice(i, i + size)]);
      i += size;
    }
    appended.keepNewest(20_000);
    const v: Viewport = { xMin: 12_345, xMax: 29_000, left: 0, width: 640 };
    expect(decimateView(appended, v)).toEqual(decimateView(samplesOf(x.slice(10_000), [y.slice(10_000)]), v));
  });
});
