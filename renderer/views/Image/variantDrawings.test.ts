import { describe, expect, it } from 'vitest';
import type { WireShape2D } from '@app/ipc/viewData';
import { ShapePainter } from '../../components/drawings2d/paintShapes';
import { canvasRecorder } from '../../components/drawings2d/testing/canvasRecorder';
import { paintImageDrawings, variantImageDrawings } from './variantDrawings';

const red = { r: 255, g: 0, b: 0, a: 255 };
/** Image pixels to canvas pixels: twice the size, y down, as an image view maps them. */
const map = { scale: 2, ySign: 1 as const, e: 0, f: 0 };
/** A projected field line as FieldLinePointsPerceptor draws it: one image pixel wide, red. */
const line = (x1: number, y1: number, x2: number, y2: number): WireShape2D => ({
  type: 'line',
  x1,
  y1,
  x2,
  y2,
  width: 1,
  style: 1,
  color: red,
});

describe('an image view beside a log variant', () => {
  it("paints the original's drawings in their colours, then the variant's in the variant colour over them", () => {
    const { ctx, calls } = canvasRecorder();
    const original = [[line(0, 10, 30, 10)]];
    // The variant's camera tilts: its line lies 3 pixels lower; an ORIGIN from the original must not move it.
    const variant = variantImageDrawings([{ shapes: [line(0, 13, 30, 13)] }]);
    original[0]!.unshift({ type: 'origin', x: 5, y: 0, angle: 0 });
    paintImageDrawings(ctx, new ShapePainter(), map, [original, variant]);

    // The painter collects a run's path, then sets its style and strokes it: one run per stroke(), in order.
    const runs = calls
      .join('\n')
      .split('stroke()')
      .slice(0, -1)
      .map((run) => run.split('\n').filter((c) => /^(moveTo|lineTo|strokeStyle)/.test(c)));
    expect(runs).toEqual([
      // The original's line, red, from its ORIGIN (x + 5).
      ['moveTo(10,20)', 'lineTo(70,20)', 'strokeStyle=rgba(255,0,0,1.000)'],
      // Then the variant's, orange, from the image's own origin, 3 pixels lower.
      ['moveTo(0,26)', 'lineTo(60,26)', 'strokeStyle=rgba(255,140,0,1.000)'],
    ]);
  });

  it('keeps the opacity of each colour and paints nothing more without a variant', () => {
    const faint = { ...line(0, 0, 10, 0), color: { r: 0, g: 0, b: 255, a: 64 } };
    const [recolored] = variantImageDrawings([{ shapes: [faint] }]);
    expect(recolored).toEqual([{ ...faint, color: { r: 255, g: 140, b: 0, a: 64 } }]);

    const { ctx, calls } = canvasRecorder();
    paintImageDrawings(ctx, new ShapePainter(), map, [[[line(0, 10, 30, 10)]], []]);
    expect(calls.filter((c) => c.startsWith('strokeStyle='))).toEqual(['strokeStyle=rgba(255,0,0,1.000)']);
    expect(calls.filter((c) => c === 'stroke()')).toHaveLength(1);
  });
});
