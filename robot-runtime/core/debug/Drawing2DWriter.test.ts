import { describe, expect, it } from 'vitest';
import { decodeDrawing2D, type Shape2D } from '../../protocol/debugMessages/drawing2d';
import { PenStyle } from '../../protocol/debugMessages/drawingStyles';
import { Drawing2DWriter } from './Drawing2DWriter';

const black = { r: 0, g: 0, b: 0, a: 255 };

function capture(draw: (w: Drawing2DWriter) => void): Shape2D[] {
  const shapes: Shape2D[] = [];
  const writer = new Drawing2DWriter((payload) => shapes.push(decodeDrawing2D(payload).shape));
  writer.begin(7);
  draw(writer);
  return shapes;
}

describe('Drawing2DWriter composed shapes', () => {
  it('ray is a 10 m line, rectangle outline and quadrangle are 4 lines, cross is 2', () => {
    const [ray] = capture((w) => w.ray({ x: 0, y: 0 }, Math.PI / 2, 1, PenStyle.solidPen, black));
    expect(ray).toMatchObject({ type: 'line', x1: 0, y1: 0 });
    expect((ray as { y2: number }).y2).toBeCloseTo(10_000);
    expect(capture((w) => w.rectangleOutline(0, 0, 10, 5, 1, PenStyle.solidPen, black))).toHaveLength(4);
    expect(capture((w) => w.cross(0, 0, 3, 1, PenStyle.solidPen, black)).map((s) => s.type)).toEqual(['line', 'line']);
  });

  it('covariance ellipses: three ellipses along the principal axes, largest (99 %) first', () => {
    // Variance 400 along x, 100 along y: radii sqrt(var)·sqrt(chi2).
    const shapes = capture((w) => w.covarianceEllipses([400, 0, 0, 100], { x: 5, y: 6 }, black));
    expect(shapes.map((s) => s.type)).toEqual(['ellipse', 'ellipse', 'ellipse']);
    const first = shapes[0] as Extract<Shape2D, { type: 'ellipse' }>;
    expect(first).toMatchObject({
      x: 5,
      y: 6,
      radiusX: Math.round(20 * Math.sqrt(9.2103)),
      radiusY: Math.round(10 * Math.sqrt(9.2103)),
    });
    expect(first.rotation).toBeCloseTo(0);
  });

  it('shapes without a brush send an empty one', () => {
    const [circle] = capture((w) => w.circle(0, 0, 5, { width: 1, style: PenStyle.solidPen, color: black }));
    expect(circle).toMatchObject({ brush: { style: 0 } });
  });
});
