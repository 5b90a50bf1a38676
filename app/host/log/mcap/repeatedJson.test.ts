// The reuse of repeated JSON: time stamps filled into a template, JSON equality without writing the text, and
// the cache keyed by source bytes, which must copy them (a log frame's bytes are read into reused memory).
import { describe, expect, it } from 'vitest';
import { JsonTexts, RepeatCache, sameJson, STAMP_PLACEHOLDER, stamped } from './repeatedJson';

describe('repeated JSON', () => {
  it('fills every placeholder stamp of a template with the message time', () => {
    const template = JSON.stringify({ timestamp: STAMP_PLACEHOLDER, entities: [{ timestamp: STAMP_PLACEHOLDER }] });
    const stamp = { sec: 1795523414, nsec: 816000000 };
    expect(JSON.parse(stamped(template, stamp))).toEqual({ timestamp: stamp, entities: [{ timestamp: stamp }] });
    expect(stamped('{"a":1}', stamp)).toBe('{"a":1}');
  });

  it('calls values equal exactly when their JSON text is equal', () => {
    const pairs: [unknown, unknown][] = [
      [
        { a: 1, b: [1, 2, { c: 'x' }] },
        { a: 1, b: [1, 2, { c: 'x' }] },
      ],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [{ a: [1, 2] }, { a: [1, 2, 3] }],
      [{ a: 0.1 + 0.2 }, { a: 0.3 }],
      [[{}], [[]]],
      [{ a: null }, { a: {} }],
      [{ a: true }, { a: 1 }],
    ];
    for (const [a, b] of pairs) expect(sameJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
  });

  it('reuses the text of an equal value and writes a changed one', () => {
    const texts = new JsonTexts();
    const first = texts.of('k', { x: [1, 2] });
    expect(texts.of('k', { x: [1, 2] })).toBe(first);
    expect(texts.of('k', { x: [1, 3] })).toBe('{"x":[1,3]}');
    expect(texts.of('other', { x: [1, 2] })).toBe('{"x":[1,2]}');
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
});
