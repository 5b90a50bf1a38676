import { describe, expect, it } from 'vitest';
import { markFromDrag, markLine } from './marks';

describe('marks drawn in the image view', () => {
  it('a drag gives a disc from its centre to its edge, or a box; each is the console line mark takes', () => {
    const ball = markFromDrag('ball', { x: 100, y: 50 }, { x: 103, y: 54 });
    expect(ball).toEqual({ kind: 'ball', x: 100, y: 50, radius: 5 });
    expect(markLine('Upper', ball)).toBe('for Upper mark ball 100 50 5');
    expect(markFromDrag('penaltyMark', { x: 7, y: 8 }, { x: 7, y: 8 })).toEqual({
      kind: 'penaltyMark',
      x: 7,
      y: 8,
      radius: 2,
    });
    const robot = markFromDrag('robot', { x: 300.26, y: 10 }, { x: 200, y: 90.04 });
    expect(markLine('Lower', robot)).toBe('for Lower mark robot 300.3 10 200 90');
  });
});
