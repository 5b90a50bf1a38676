// The reuse of repeated JSON: time stamps filled into a template, and the cache keyed by source bytes, which must
// copy them (a log frame's bytes are read into reused memory) and may keep a few per key.
import { describe, expect, it } from 'vitest';
import { KeptBytes, RepeatCache, STAMP_PLACEHOLDER, stamped } from './repeatedJson';

describe('repeated JSON', () => {
  it('fills every placeholder stamp of a template with the message time', () => {
    const template = JSON.stringify({ timestamp: STAMP_PLACEHOLDER, entities: [{ timestamp: STAMP_PLACEHOLDER }] });
    const stamp = { sec: 1795523414, nsec: 816000000 };
    expect(JSON.parse(stamped(template, stamp).join(''))).toEqual({
      timestamp: stamp,
      entities: [{ timestamp: stamp }],
    });
    expect(stamped('{"a":1}', stamp)).toEqual(['{"a":1}']);
  });

  it('keeps a copy of the source bytes, so a reused read buffer does not look unchanged', () => {
    const cache = new RepeatCache<string>();
    const buffer = Buffer.from([1, 2, 3, 4]);
    cache.set('k', buffer.subarray(0, 2), 'first');
    expect(cache.get('k', Buffer.from([1, 2]))).toBe('first');
    buffer[0] = 9;
    expect(cache.get('k', buffer.subarray(0, 2))).toBeUndefined();
    expect(cache.get('k', Buffer.from([1, 2]))).toBe('first');
    expect(cache.get('k', Buffer.from([1, 2, 3]))).toBeUndefined();
  });

  it('keeps the last few different bytes per key, the oldest giving way', () => {
    const cache = new RepeatCache<string>(2);
    const bytes = (...b: number[]) => Buffer.from(b);
    cache.set('k', bytes(1), 'one');
    cache.set('k', bytes(2), 'two');
    expect(cache.get('k', bytes(1))).toBe('one');
    expect(cache.get('k', bytes(2))).toBe('two');
    cache.set('k', bytes(3), 'three');
    expect(cache.get('k', bytes(1))).toBeUndefined();
    expect(cache.get('k', bytes(2))).toBe('two');
    expect(cache.get('k', bytes(3))).toBe('three');
    expect(cache.get('other', bytes(3))).toBeUndefined();
  });

  it('keeps bytes in memory that the next, shorter or longer, copy reuses or grows', () => {
    const kept = new KeptBytes();
    expect(kept.equals(new Uint8Array(0))).toBe(true);
    kept.keep(Buffer.from([1, 2, 3]));
    expect(kept.equals(Buffer.from([1, 2, 3]))).toBe(true);
    expect(kept.equals(Buffer.from([1, 2]))).toBe(false);
    kept.keep(Buffer.from([9]));
    expect(kept.equals(Buffer.from([9]))).toBe(true);
    expect(kept.equals(Buffer.from([9, 2, 3]))).toBe(false);
    kept.keep(new Uint8Array(5000).fill(7));
    expect(kept.equals(new Uint8Array(5000).fill(7))).toBe(true);
  });
});
