import { describe, expect, it } from 'vitest';
import { defineClass, field, t, Vector2f } from '../types';
import { decode, decodeInto, encode, StreamError } from './index';

const Empty = defineClass('MalformedTest::Empty', {});
const Sample = defineClass('MalformedTest::Sample', {
  name: field(t.string, 'name'),
  points: field(t.vector(Vector2f), 'points'),
  maybe: field(t.optional(t.int32), 'optional'),
  blob: field(t.bytes(), 'bytes'),
  nested: field(t.vector(t.vector(t.string)), 'nested'),
  empties: field(t.vector(Empty), 'zero-size elements'),
});

const good = encode(Sample, {
  name: 'sample',
  points: [{ x: 1, y: 2 }],
  maybe: 3,
  blob: new Uint8Array([1, 2, 3]),
  nested: [['a'], []],
  empties: [{}, {}],
});

function u32(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24];
}

function expectStreamError(bytes: Uint8Array, offset?: number): StreamError {
  try {
    decode(Sample, bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(StreamError);
    if (offset !== undefined) expect((e as StreamError).offset).toBe(offset);
    return e as StreamError;
  }
  throw new Error('decoded malformed input');
}

describe('malformed binary input', () => {
  it('reports every truncation as a StreamError within the input', () => {
    for (let n = 0; n < good.length; n++) {
      const e = expectStreamError(good.subarray(0, n));
      expect(e.offset).toBeLessThanOrEqual(n);
    }
  });

  it('reports left-over bytes', () => {
    const longer = new Uint8Array(good.length + 2);
    longer.set(good);
    expectStreamError(longer, good.length);
  });

  it('rejects huge counts before allocating', () => {
    expectStreamError(new Uint8Array(u32(0xffffffff)), 0); // string length
    expectStreamError(new Uint8Array([0, 0, 0, 0, ...u32(0xfffffff0)]), 4); // vector of 8-byte points
    const big = new Uint8Array([...u32(0), ...u32(0), ...u32(0), ...u32(0), ...u32(0), ...u32(4_000_000_000)]);
    expectStreamError(big, 20); // vector of empty classes
  });

  it('rejects an optional flag other than 0 or 1', () => {
    expectStreamError(new Uint8Array([...u32(0), ...u32(0), ...u32(2)]), 8);
  });

  it('never throws anything but StreamError on random input', () => {
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let round = 0; round < 2000; round++) {
      const bytes = new Uint8Array(random() % 64);
      for (let i = 0; i < bytes.length; i++) bytes[i] = random() % 7 === 0 ? 0xff : random() % 4;
      try {
        decode(Sample, bytes);
      } catch (e) {
        expect(e).toBeInstanceOf(StreamError);
      }
    }
  });

  it('does not touch the target of a failed decodeInto', () => {
    const target = Sample.defaultValue();
    const before = structuredClone(target);
    expect(() => decodeInto(Sample, good.subarray(0, good.length - 1), target)).toThrow(StreamError);
    expect(target).toEqual(before);
  });
});
