import { describe, expect, it } from 'vitest';
import { MinMaxPyramid, type Extremes } from './MinMaxPyramid';

/** A small deterministic random generator (tests must not flake). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function bruteForce(values: readonly (number | null)[], from: number, to: number): Extremes {
  const e: Extremes = { min: Infinity, minAt: -1, max: -Infinity, maxAt: -1 };
  for (let i = Math.max(0, from); i < Math.min(to, values.length); i++) {
    const v = values[i];
    if (v === null || v === undefined || Number.isNaN(v)) continue;
    if (v < e.min) [e.min, e.minAt] = [v, i];
    if (v > e.max) [e.max, e.maxAt] = [v, i];
  }
  return e;
}

/** Compares with a scan: same extremes, and the reported indices hold them (ties may pick another index). */
function expectSameExtremes(
  pyramid: MinMaxPyramid,
  values: readonly (number | null)[],
  from: number,
  to: number,
): void {
  const got = pyramid.extremes(from, to);
  const want = bruteForce(values, from, to);
  expect([got.min, got.max], `[${from}, ${to})`).toEqual([want.min, want.max]);
  if (want.minAt < 0) {
    expect([got.minAt, got.maxAt]).toEqual([-1, -1]);
    return;
  }
  expect(values[got.minAt]).toBe(want.min);
  expect(values[got.maxAt]).toBe(want.max);
  expect(got.minAt).toBeGreaterThanOrEqual(from);
  expect(got.maxAt).toBeLessThan(to);
}

function randomValues(n: number, next: () => number, missing = 0): (number | null)[] {
  return Array.from({ length: n }, () => (next() < missing ? null : Math.round((next() - 0.5) * 2000)));
}

function checkRanges(
  pyramid: MinMaxPyramid,
  values: readonly (number | null)[],
  next: () => number,
  count = 300,
): void {
  expect(pyramid.length).toBe(values.length);
  for (let k = 0; k < count; k++) {
    const a = Math.floor(next() * (values.length + 1));
    const b = Math.floor(next() * (values.length + 1));
    expectSameExtremes(pyramid, values, Math.min(a, b), Math.max(a, b));
  }
  expectSameExtremes(pyramid, values, 0, values.length);
}

describe('MinMaxPyramid', () => {
  it('finds the extremes of any range and where they are', () => {
    const next = random(1);
    for (const n of [0, 1, 7, 8, 9, 16, 17, 100, 1000, 4099]) {
      const values = randomValues(n, next);
      const pyramid = new MinMaxPyramid();
      pyramid.pushAll(values);
      checkRanges(pyramid, values, next);
    }
  });

  it('skips missing values (null, NaN) and reports a range without values', () => {
    const next = random(2);
    const values = randomValues(3000, next, 0.3);
    values.fill(null, 500, 1200);
    const pyramid = new MinMaxPyramid();
    pyramid.pushAll(values.map((v, i) => (v === null && i % 2 === 0 ? NaN : v)));
    checkRanges(pyramid, values, next);
    expect(pyramid.extremes(600, 1100)).toEqual({ min: Infinity, minAt: -1, max: -Infinity, maxAt: -1 });
    expect(pyramid.value(600)).toBeNaN();
  });

  it('finds a single spike in 100,000 points', () => {
    const values = new Array<number>(100_000).fill(0);
    values[54_321] = 1000;
    values[77_777] = -5;
    const pyramid = new MinMaxPyramid();
    pyramid.pushAll(values);
    expect(pyramid.extremes(0, 100_000)).toEqual({ min: -5, minAt: 77_777, max: 1000, maxAt: 54_321 });
    expect(pyramid.extremes(54_322, 77_777)).toMatchObject({ min: 0, max: 0 });
  });

  it('gives the same answers whether values come one by one or in chunks of any size', () => {
    const next = random(3);
    const values = randomValues(5000, next, 0.05);
    const single = new MinMaxPyramid();
    for (const v of values) single.push(v);
    checkRanges(single, values, next);
    const chunked = new MinMaxPyramid();
    for (let i = 0; i < values.length;) {
      const size = Math.floor(next() * 40);
      chunked.pushAll(values.slice(i, i + size));
      i += size;
    }
    checkRanges(chunked, values, next);
  });

  it('stays correct as a sliding window: appends at the end, drops the oldest, indices renumbered', () => {
    const next = random(4);
    const all = randomValues(40_000, next, 0.02);
    const pyramid = new MinMaxPyramid();
    let first = 0;
    let end = 0;
    while (end < all.length) {
      const add = Math.min(all.length - end, 1 + Math.floor(next() * 300));
      if (next() < 0.5) pyramid.pushAll(all.slice(end, end + add));
      else for (const v of all.slice(end, end + add)) pyramid.push(v);
      end += add;
      const drop = Math.max(0, end - first - 2000 - Math.floor(next() * 500));
      pyramid.dropOldest(drop);
      first += drop;
      checkRanges(pyramid, all.slice(first, end), next, 20);
    }
  });

  it('starts over after dropping everything', () => {
    const pyramid = new MinMaxPyramid();
    pyramid.pushAll([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    pyramid.dropOldest(100);
    expect(pyramid.length).toBe(0);
    const values = Array.from({ length: 40 }, (_, i) => (i * 7) % 13);
    pyramid.pushAll(values);
    checkRanges(pyramid, values, random(5));
  });
});
