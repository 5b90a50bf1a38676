import jsonSchemas from '@foxglove/schemas/jsonschema';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { solidBrush, solidPen } from '@robot-runtime/representations/pens';
import { DrawingCollector } from './drawingCollector';
import { sceneEntity } from './scenePrimitives';

const ajv = new Ajv({ strict: false });
const stamp = { sec: 1_700_000_000, nsec: 5 };
const red = { r: 255, g: 0, b: 0, a: 255 };

describe('DrawingCollector', () => {
  it('turns image drawings into ImageAnnotations that @foxglove/schemas accepts', () => {
    const d = new DrawingCollector('image', stamp);
    d.circle(100, 80, 12, solidPen(red, 2), solidBrush(red));
    d.line(0, 0, 50, 40, 1, 1, red);
    d.rectangleOutline(10, 10, 30, 20, 1, 1, red);
    d.text(5, 5, 12, red, 'ball');
    const annotations = { circles: d.out.circles, points: d.out.points, texts: d.out.imageTexts };
    const validate = ajv.compile((jsonSchemas as unknown as Record<string, object>).ImageAnnotations!);
    expect(validate(annotations), ajv.errorsText(validate.errors)).toBe(true);
    expect(annotations.circles).toEqual([expect.objectContaining({ position: { x: 100, y: 80 }, diameter: 24 })]);
    expect(annotations.points).toHaveLength(2);
  });

  it('moves field shapes by ORIGIN and converts mm to m', () => {
    const d = new DrawingCollector('field', stamp);
    d.origin(1000, 0, Math.PI / 2);
    d.line(0, 0, 500, 0, 10, 1, red);
    const line = d.out.lines[0] as { points: { x: number; y: number }[] };
    expect(line.points[0]!.x).toBeCloseTo(1);
    expect(line.points[1]!.x).toBeCloseTo(1);
    expect(line.points[1]!.y).toBeCloseTo(0.5);
    d.polygon(
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 100 },
      ],
      solidPen(red, 5),
      solidBrush(red),
    );
    d.covarianceEllipses([400, 0, 0, 100], { x: 0, y: 0 }, red);
    const entity = sceneEntity(stamp, 'field', 'x', { lines: d.out.lines, triangles: d.out.triangles });
    const validate = ajv.compile((jsonSchemas as unknown as Record<string, object>).SceneEntity!);
    expect(validate(entity), ajv.errorsText(validate.errors)).toBe(true);
  });
});
