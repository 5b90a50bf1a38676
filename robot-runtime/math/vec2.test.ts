import { describe, expect, it } from 'vitest';
import { lowPass } from './vec2';

describe('lowPass', () => {
  it('moves the previous value towards the newest by the weight', () => {
    expect(lowPass({ x: 0, y: 10 }, { x: 4, y: 2 }, 0.25)).toEqual({ x: 1, y: 8 });
  });

  it('clamps the weight to 0..1', () => {
    expect(lowPass({ x: 1, y: 1 }, { x: 3, y: 5 }, 2)).toEqual({ x: 3, y: 5 });
    expect(lowPass({ x: 1, y: 1 }, { x: 3, y: 5 }, -1)).toEqual({ x: 1, y: 1 });
  });
});
