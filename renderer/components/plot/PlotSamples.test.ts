import { describe, expect, it } from 'vitest';
import { PlotSamples } from './PlotSamples';

function xs(samples: PlotSamples): number[] {
  return Array.from({ length: samples.length }, (_, i) => samples.x(i));
}

function ys(samples: PlotSamples, s: number): (number | null)[] {
  return Array.from({ length: samples.length }, (_, i) => {
    const v = samples.series(s).value(i);
    return Number.isNaN(v) ? null : v;
  });
}

describe('PlotSamples', () => {
  it('replaces, appends and keeps the newest points', () => {
    const samples = new PlotSamples();
    samples.replace(
      [0, 1, 2],
      [
        [5, 6, 7],
        [null, 1, 2],
      ],
    );
    samples.append([3, 4], [[8, 9], [3]]);
    expect(xs(samples)).toEqual([0, 1, 2, 3, 4]);
    expect(ys(samples, 0)).toEqual([5, 6, 7, 8, 9]);
    // A series shorter than x lacks its last points.
    expect(ys(samples, 1)).toEqual([null, 1, 2, 3, null]);
    samples.keepNewest(2);
    expect(xs(samples)).toEqual([3, 4]);
    expect(ys(samples, 0)).toEqual([8, 9]);
    expect(samples.series(0).extremes(0, 2)).toMatchObject({ min: 8, minAt: 0, max: 9, maxAt: 1 });
  });

  it('replaces when appended data has another number of series', () => {
    const samples = new PlotSamples();
    samples.replace([0, 1], [[1, 2]]);
    samples.append([5], [[1], [2]]);
    expect(samples.seriesCount).toBe(2);
    expect(xs(samples)).toEqual([5]);
  });

  it('finds indices by x', () => {
    const samples = new PlotSamples();
    samples.replace([0, 10, 10, 20, 30], [[0, 0, 0, 0, 0]]);
    expect(samples.firstAtOrAfter(10)).toBe(1);
    expect(samples.firstAtOrAfter(11)).toBe(3);
    expect(samples.firstAtOrAfter(99)).toBe(5);
    expect(samples.lastAtOrBefore(10)).toBe(2);
    expect(samples.lastAtOrBefore(-1)).toBe(-1);
    expect(samples.closest(14)).toBe(2);
    expect(samples.closest(15)).toBe(2);
    expect(samples.closest(16)).toBe(3);
    expect(samples.closest(-100)).toBe(0);
    expect(samples.closest(100)).toBe(4);
    expect(samples.closest(100, 1, 3)).toBe(3);
    expect(samples.closest(0, 2, 1)).toBe(-1);
  });
});
