import { describe, expect, it } from 'vitest';
import { RingBuffer, ringAverage } from './RingBuffer';

describe('RingBuffer', () => {
  it('keeps the last capacity values, newest first, and averages them', () => {
    const ring = new RingBuffer<number>(3);
    expect(ring.oldest).toBeUndefined();
    expect(ringAverage(ring)).toBe(0);
    for (const v of [1, 2, 3, 4]) ring.push(v);
    expect(ring.full).toBe(true);
    expect([ring.at(0), ring.at(1), ring.at(2), ring.at(3)]).toEqual([4, 3, 2, undefined]);
    expect(ring.oldest).toBe(2);
    expect(ringAverage(ring)).toBe(3);
    ring.clear();
    expect(ring.size).toBe(0);
    ring.push(7);
    expect(ring.oldest).toBe(7);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new RingBuffer(0)).toThrow(/capacity 0/);
    expect(() => new RingBuffer(2.5)).toThrow(RangeError);
  });
});
