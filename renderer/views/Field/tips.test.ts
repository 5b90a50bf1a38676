import { describe, expect, it } from 'vitest';
import { collectAreas, spotAt, tipsAt } from './tips';

describe('tips and spots', () => {
  it('finds tips under the pointer after an ORIGIN moved them', () => {
    const { tips, spots } = collectAreas([
      {
        shapes: [
          { type: 'origin', x: 1000, y: 0, angle: Math.PI / 2 },
          { type: 'tip', x: 100, y: 0, radius: 50, text: 'ball' },
          { type: 'spot', x1: 0, y1: 0, x2: 10, y2: 10, command: 'echo hi' },
        ],
      },
    ]);
    expect(tipsAt(tips, 1000, 120)).toEqual(['ball']);
    expect(tipsAt(tips, 1100, 0)).toEqual([]);
    expect(spotAt(spots, 995, 5)).toBe('echo hi');
  });

  it('carries an ORIGIN to the later drawings of its thread only', () => {
    const tip = (text: string) => ({ type: 'tip' as const, x: 100, y: 0, radius: 50, text });
    const { tips } = collectAreas([
      { thread: 'Cognition', shapes: [{ type: 'origin', x: -4000, y: 600, angle: 0 }] },
      { thread: 'Cognition', shapes: [tip('ball')] },
      { thread: 'Upper', shapes: [tip('percept')] },
    ]);
    expect(tipsAt(tips, -3900, 600)).toEqual(['ball']);
    expect(tipsAt(tips, 100, 0)).toEqual(['percept']);
  });
});
