import jsonSchemas from '@foxglove/schemas/jsonschema';
import { Ajv } from 'ajv';
import { describe, expect, it, vi } from 'vitest';
import { solidBrush, solidPen } from '@robot-runtime/representations/pens';
import { DrawingCollector, type CollectedDrawing } from './drawingCollector';
import { PrimitiveTexts } from './primitiveTexts';
import { sceneEntity, sceneEntityTail } from './scenePrimitives';

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
    const line = JSON.parse(d.out.lines[0]!) as { points: { x: number; y: number }[] };
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
    d.circle(0, 0, 50, solidPen(red, 5), solidBrush(red));
    d.text(0, 0, 100, red, 'keeper');
    const parse = (texts: string[]) => texts.map((t) => JSON.parse(t) as unknown);
    const entity = sceneEntity(stamp, 'field', 'x', {
      lines: parse(d.out.lines),
      triangles: parse(d.out.triangles),
      cylinders: parse(d.out.cylinders),
      texts: parse(d.out.texts),
    });
    const validate = ajv.compile((jsonSchemas as unknown as Record<string, object>).SceneEntity!);
    expect(validate(entity), ajv.errorsText(validate.errors)).toBe(true);
    // The entity put together from the texts is the entity's JSON.
    expect(`{"timestamp":${JSON.stringify(stamp)},${sceneEntityTail('field', 'x', d.out)}`).toBe(
      JSON.stringify(entity),
    );
  });

  it('writes again only the primitives that moved since the frame before', () => {
    const primitives = new PrimitiveTexts();
    // Counts the primitives whose JSON is written (built), not taken over from the frame before.
    const json = primitives.json.bind(primitives);
    let built = 0;
    const spy = vi.spyOn(primitives, 'json').mockImplementation((kind, build, label) =>
      json(
        kind,
        () => {
          built++;
          return build();
        },
        label,
      ),
    );
    const paint = (keeperX: number): CollectedDrawing => {
      const d = new DrawingCollector('field', stamp, primitives);
      d.robot({ rotation: 0, translation: { x: keeperX, y: 0 } }, { x: 1, y: 0 }, { x: 1, y: 0 }, 1, red, red);
      d.robot({ rotation: 1, translation: { x: 2000, y: 500 } }, { x: 1, y: 0 }, { x: 1, y: 0 }, 1, red, red);
      d.circle(100, 100, 50, solidPen(red, 5));
      primitives.finishFrame();
      return d.out;
    };
    try {
      const first = paint(-4000);
      expect(built).toBe(5);
      built = 0;
      const second = paint(-3900);
      // The keeper's body and direction line are written anew, the other robot and the circle are not.
      expect(built).toBe(2);
      expect(second.lines.slice(2)).toEqual(first.lines.slice(2));
      expect(second.lines[0]).not.toBe(first.lines[0]);
    } finally {
      spy.mockRestore();
    }
  });
});
