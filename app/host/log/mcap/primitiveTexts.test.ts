// Primitive texts kept from frame to frame: a primitive made from the same numbers at the same place of a drawing
// reuses its text (the very string, not built or written again), anything else is written anew; a text primitive
// is also compared by its text. Keyed texts do the same by key.
import { describe, expect, it } from 'vitest';
import { InputTexts, PrimitiveInputs, PrimitiveTexts } from './primitiveTexts';

/** Paints one frame of `points` (x, y pairs) as lines; returns their texts and how many were built. */
function frame(texts: PrimitiveTexts, points: [number, number][]): { json: string[]; built: number } {
  let built = 0;
  const json = points.map(([x, y]) => {
    texts.nextInputs().add(x).add(y);
    return texts.json('lines', () => {
      built++;
      return { x, y };
    });
  });
  texts.finishFrame();
  return { json, built };
}

describe('PrimitiveTexts', () => {
  it('writes only the primitives whose numbers changed since the frame before', () => {
    const texts = new PrimitiveTexts();
    const first = frame(texts, [
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(first.built).toBe(3);
    expect(texts.repeatedLastFrame).toBe(false);
    const second = frame(texts, [
      [1, 2],
      [3, 4.5],
      [5, 6],
    ]);
    expect(second.built).toBe(1);
    expect(second.json[0]).toBe(first.json[0]);
    expect(second.json[1]).toBe('{"x":3,"y":4.5}');
    expect(texts.repeatedLastFrame).toBe(false);
    const third = frame(texts, [
      [1, 2],
      [3, 4.5],
      [5, 6],
    ]);
    expect(third.built).toBe(0);
    expect(texts.repeatedLastFrame).toBe(true);
    // One primitive fewer: nothing is built, but the frame is not the one before.
    const fourth = frame(texts, [
      [1, 2],
      [3, 4.5],
    ]);
    expect(fourth.built).toBe(0);
    expect(texts.repeatedLastFrame).toBe(false);
  });

  it('compares primitives by place and kind, a text also by its text, and NaN as equal to NaN', () => {
    const texts = new PrimitiveTexts();
    const paint = (label: string, kind: 'texts' | 'spheres', value: number): number => {
      let built = 0;
      texts.nextInputs().add(value);
      texts.json(
        kind,
        () => {
          built++;
          return { label, value: String(value) };
        },
        label,
      );
      texts.finishFrame();
      return built;
    };
    expect(paint('a', 'texts', NaN)).toBe(1);
    expect(paint('a', 'texts', NaN)).toBe(0);
    expect(paint('b', 'texts', NaN)).toBe(1);
    expect(paint('b', 'spheres', NaN)).toBe(1);
    // The frames before were each other kind: the sphere is compared with the sphere.
    expect(paint('b', 'spheres', NaN)).toBe(0);
  });
});

describe('PrimitiveTexts groups', () => {
  /** Paints one frame of one group made from `groupInput` with two lines at `y`; returns the lines' texts. */
  function paintGroup(texts: PrimitiveTexts, groupInput: number, y: number): string[] {
    texts.nextInputs().add(groupInput);
    const known = texts.beginGroup();
    let lines = known?.map((p) => p.json);
    if (!lines) {
      lines = [0, 1].map((x) => {
        texts.nextInputs().add(x).add(y);
        return texts.json('lines', () => ({ x, y }));
      });
      texts.endGroup();
    }
    texts.finishFrame();
    return lines;
  }

  it('takes a group over as it was, and records every primitive of a group drawn anew, kept ones too', () => {
    const texts = new PrimitiveTexts();
    const first = paintGroup(texts, 1, 5);
    expect(paintGroup(texts, 1, 5)).toEqual(first);
    expect(texts.repeatedLastFrame).toBe(true);
    // Made from other numbers but drawing the same lines (a robot's direction twice as long, say): the group is
    // drawn anew, its lines are kept, and the next frame takes both over.
    expect(paintGroup(texts, 2, 5)).toEqual(first);
    expect(paintGroup(texts, 2, 5)).toEqual(first);
    expect(paintGroup(texts, 2, 6)).toEqual(first);
    expect(paintGroup(texts, 3, 6)).toEqual(['{"x":0,"y":6}', '{"x":1,"y":6}']);
  });
});

describe('InputTexts', () => {
  it('keeps one text per key and writes it anew when its numbers change', () => {
    const texts = new InputTexts();
    let built = 0;
    const write = (key: string, ...values: number[]): string => {
      const inputs = texts.nextInputs();
      for (const v of values) inputs.add(v);
      return texts.json(key, () => {
        built++;
        return values;
      });
    };
    write('a', 1, 2);
    write('b', 1, 2);
    expect(built).toBe(2);
    expect(write('a', 1, 2)).toBe('[1,2]');
    expect(built).toBe(2);
    expect(write('a', 1, 2, 3)).toBe('[1,2,3]');
    expect(built).toBe(3);
    // Many numbers: the inputs grow.
    const many = Array.from({ length: 300 }, (_, i) => i / 7);
    expect(JSON.parse(write('many', ...many))).toEqual(many);
    write('many', ...many);
    expect(built).toBe(4);
  });
});

describe('PrimitiveInputs', () => {
  it('appends a point as x, y and a colour as r, g, b, a', () => {
    const inputs = new PrimitiveInputs().addPoint({ x: 1, y: 2 }).addColor({ r: 3, g: 4, b: 5, a: 6 }).add(7);
    expect([...inputs.copy()]).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
