// toJson against decoded values: enums become their names, bytes base64, non-finite numbers null; what is JSON
// already is returned as it is (not copied), and the decoded value is never changed.
import { describe, expect, it } from 'vitest';
import { toJson } from './jsonSchema';

describe('toJson', () => {
  it('converts enums, bytes and non-finite numbers and leaves the input unchanged', () => {
    const value = {
      state: { enum: 'GameState::State', value: 3, name: 'playing' },
      unknown: { enum: 'GameState::State', value: 99, name: undefined },
      image: new Uint8Array([1, 2, 3]),
      angles: [0.5, Number.NaN, 2],
      nested: [{ x: Number.POSITIVE_INFINITY, y: 1 }],
    };
    const before = structuredClone(value);
    expect(toJson(value)).toEqual({
      state: 'playing',
      unknown: 99,
      image: 'AQID',
      angles: [0.5, null, 2],
      nested: [{ x: null, y: 1 }],
    });
    expect(value).toEqual(before);
  });

  it('returns parts that are JSON already as they are', () => {
    const pose = { rotation: 0.1, translation: { x: 1, y: 2 }, covariance: [1, 0, 0, 1], name: 'pose', valid: true };
    expect(toJson(pose)).toBe(pose);
    const mixed = { pose, quality: { enum: 'Quality', value: 0, name: 'superb' } };
    const json = toJson(mixed) as { pose: unknown; quality: unknown };
    expect(json).not.toBe(mixed);
    expect(json.pose).toBe(pose);
    expect(json.quality).toBe('superb');
  });
});
