import { describe, expect, it } from 'vitest';
import { fitState, keyState, MAX_ZOOM, panBy, screenMap, toWorld, zoomAt } from './viewTransform';

const bounds = { minX: -5200, minY: -3700, maxX: 5200, maxY: 3700 };

describe('viewTransform', () => {
  it('fits the bounds with y up and maps the centre to the middle', () => {
    const map = screenMap(fitState(bounds), bounds, 1040, 740, -1);
    expect(map.scale).toBeCloseTo(0.1);
    const centre = toWorld(map, 520, 370);
    expect(centre.x).toBeCloseTo(0);
    expect(centre.y).toBeCloseTo(0);
    expect(toWorld(map, 520, 0).y).toBeCloseTo(3700);
  });

  it('zooms about the pointer, keeping the world point under it', () => {
    const state = fitState(bounds);
    const map = screenMap(state, bounds, 1040, 740, -1);
    const before = toWorld(map, 800, 100);
    const zoomed = zoomAt(state, map, 2, 800, 100);
    const after = toWorld(screenMap(zoomed, bounds, 1040, 740, -1), 800, 100);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(zoomAt(state, map, 1e9, 0, 0).zoom).toBe(MAX_ZOOM);
  });

  it('pans with drags and keys', () => {
    const state = fitState(bounds);
    const map = screenMap(state, bounds, 1040, 740, -1);
    expect(panBy(state, map, 10, 0).centerX).toBeCloseTo(-100);
    expect(panBy(state, map, 0, 10).centerY).toBeCloseTo(100);
    expect(keyState(state, map, 'ArrowRight', 1040, 740, bounds)!.centerX).toBeGreaterThan(0);
    expect(keyState(state, map, 'PageUp', 1040, 740, bounds)!.zoom).toBeGreaterThan(1);
    expect(keyState(state, map, 'x', 1040, 740, bounds)).toBeUndefined();
    expect(keyState(keyState(state, map, 'PageUp', 1040, 740, bounds)!, map, 'Home', 1040, 740, bounds)).toEqual(
      fitState(bounds),
    );
  });
});
