import { describe, expect, it } from 'vitest';
import { parseFloats } from './meshData';

describe('parseFloats', () => {
  it('reads decimal numbers as float32', () => {
    expect(Array.from(parseFloats('-1.5 2e-3 .5 # comment\n 3') as Float32Array)).toEqual([
      -1.5,
      Math.fround(2e-3),
      0.5,
      3,
    ]);
  });

  it('refuses numbers beyond float32, which would be infinite vertices (issue 41, finding 6)', () => {
    expect(parseFloats('0 1 3e38')).toBeInstanceOf(Float32Array);
    expect(parseFloats('0 1 3.5e38 2')).toEqual({ index: 2, found: '3.5e38' });
    expect(parseFloats('0 -1e999')).toEqual({ index: 1, found: '-1e999' });
    expect(parseFloats('1234567890123456789e30')).toEqual({ index: 0, found: '1234567890123456789e30' });
  });
});
