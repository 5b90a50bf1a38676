import { describe, expect, it } from 'vitest';
import { BulkResponses } from './BulkResponses';

describe('BulkResponses', () => {
  it('gives each body once, by its key', () => {
    const bulk = new BulkResponses();
    const a = bulk.put(new Uint8Array([1, 2, 3]));
    const b = bulk.put(new Uint8Array([4]));
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(bulk.take(b)).toEqual(new Uint8Array([4]));
    expect(bulk.take(b)).toBeUndefined();
    expect(bulk.take('not-a-key')).toBeUndefined();
    expect(bulk.heldBytes).toBe(3);
    expect(bulk.take(a)).toEqual(new Uint8Array([1, 2, 3]));
    expect(bulk.heldBytes).toBe(0);
  });

  it('forgets bodies nobody fetched after 30 s', () => {
    let now = 0;
    const bulk = new BulkResponses(() => now);
    const old = bulk.put(new Uint8Array(10));
    now = 20_000;
    const young = bulk.put(new Uint8Array(10));
    now = 30_001;
    expect(bulk.take(old)).toBeUndefined();
    expect(bulk.take(young)).toHaveLength(10);
  });

  it('holds at most 64 responses and 64 MB, dropping the oldest', () => {
    const bulk = new BulkResponses();
    const keys = Array.from({ length: 70 }, () => bulk.put(new Uint8Array(1)));
    expect(bulk.take(keys[0]!)).toBeUndefined();
    expect(bulk.take(keys[5]!)).toBeUndefined();
    expect(bulk.take(keys[6]!)).toHaveLength(1);
    const big = Array.from({ length: 5 }, () => bulk.put(new Uint8Array(20 * 1024 * 1024)));
    expect(bulk.heldBytes).toBeLessThanOrEqual(64 * 1024 * 1024);
    expect(bulk.take(big[0]!)).toBeUndefined();
    expect(bulk.take(big[4]!)).toHaveLength(20 * 1024 * 1024);
  });
});
