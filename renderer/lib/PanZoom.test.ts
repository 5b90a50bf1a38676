import { describe, expect, it } from 'vitest';
import { PanZoom } from './PanZoom';

const bounds = { minX: -100, minY: -50, maxX: 100, maxY: 50 };

describe('PanZoom', () => {
  it('keeps the world point under the pointer while zooming, and Home fits again', () => {
    const view = new PanZoom(bounds, -1, () => ({ width: 400, height: 200 }));
    const centre = view.toWorld(200, 100);
    expect(Math.abs(centre.x) + Math.abs(centre.y)).toBe(0);
    const before = view.toWorld(300, 50);
    view.zoom(2, 300, 50);
    const after = view.toWorld(300, 50);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(view.map().scale).toBeCloseTo(4, 9);
    expect(view.key('Home')).toBe(true);
    expect(view.map().scale).toBeCloseTo(2, 9);
    expect(view.key('x')).toBe(false);
  });

  it('moves the world with the pointer and fits new bounds (world y down for images)', () => {
    const view = new PanZoom({ minX: 0, minY: 0, maxX: 1, maxY: 1 }, 1, () => ({ width: 320, height: 240 }));
    view.fit({ minX: 0, minY: 0, maxX: 640, maxY: 480 });
    expect(view.toWorld(160, 120)).toEqual({ x: 320, y: 240 });
    view.pan(10, 20);
    const p = view.toWorld(170, 140);
    expect(p.x).toBeCloseTo(320, 9);
    expect(p.y).toBeCloseTo(240, 9);
  });
});
