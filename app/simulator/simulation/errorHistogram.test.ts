import { describe, expect, it } from 'vitest';
import { ErrorHistogram } from './errorHistogram';

describe('ErrorHistogram', () => {
  it('gives the median and other quantiles to the bin width of 10 mm', () => {
    const h = new ErrorHistogram();
    expect(h.median()).toBeUndefined();
    for (const mm of [5, 40, 120, 130, 900]) h.add(mm);
    expect(h.samples).toBe(5);
    expect(h.median()).toBe(125);
    expect(h.quantile(0)).toBe(5);
    expect(h.quantile(1)).toBe(905);
  });

  it('counts values beyond 20 m, negative and non-finite ones in the last bin', () => {
    const h = new ErrorHistogram();
    for (const mm of [25_000, -1, Number.NaN]) h.add(mm);
    expect(h.median()).toBe(19_995);
  });

  it('merges the histograms of several robots into the whole game', () => {
    const a = new ErrorHistogram();
    const b = new ErrorHistogram();
    for (let i = 0; i < 3; i++) a.add(50);
    for (let i = 0; i < 5; i++) b.add(3000);
    const all = ErrorHistogram.merged([a, b]);
    expect(all.samples).toBe(8);
    expect(all.median()).toBe(3005);
    expect(a.samples).toBe(3);
  });
});
