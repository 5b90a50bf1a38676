import { describe, expect, it } from 'vitest';
import { measureFrameOverhead } from './measureFrameOverhead';

describe('measureFrameOverhead', () => {
  it('runs a toy thread and reports a positive time per frame', () => {
    const us = measureFrameOverhead(60, 200);
    expect(us).toBeGreaterThan(0);
    expect(measureFrameOverhead(60, 10)).toBeGreaterThan(0); // callable twice (types declared once)
  });
});
