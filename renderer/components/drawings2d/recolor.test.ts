import { describe, expect, it } from 'vitest';
import type { WireShape2D } from '@app/ipc/viewData';
import { recolorShapes } from './recolor';

describe('recolorShapes', () => {
  it('replaces every colour of a shape, keeps each opacity, and leaves shapes without colour alone', () => {
    const black = { r: 0, g: 0, b: 0, a: 255 };
    const faint = { r: 10, g: 20, b: 30, a: 80 };
    const shapes = [
      { type: 'dot', x: 1, y: 2, penColor: black, brushColor: faint },
      { type: 'origin', x: 0, y: 0, angle: 1 },
    ] as WireShape2D[];
    const [dot, origin] = recolorShapes(shapes, { r: 255, g: 128, b: 0 });
    expect(dot).toEqual({
      type: 'dot',
      x: 1,
      y: 2,
      penColor: { r: 255, g: 128, b: 0, a: 255 },
      brushColor: { r: 255, g: 128, b: 0, a: 80 },
    });
    expect(origin).toBe(shapes[1]);
    expect(shapes[0]).toMatchObject({ penColor: black }); // the original is not changed
  });
});
