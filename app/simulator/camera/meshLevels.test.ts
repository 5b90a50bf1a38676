import { describe, expect, it } from 'vitest';
import type { Mesh } from '../scene/meshData';
import { levelForDistance, meshLevels } from './meshLevels';

/** A fan of thin triangles around the origin, 0.1 m across: fine enough for clusters to merge. */
function fan(): Mesh {
  const vertices = [0, 0, 0];
  const triangles: number[] = [];
  for (let k = 0; k < 64; k++) {
    const angle = (2 * Math.PI * k) / 64;
    vertices.push(0.05 * Math.cos(angle), 0.05 * Math.sin(angle), 0);
    triangles.push(0, 1 + k, 1 + ((k + 1) % 64));
  }
  return {
    vertices: Float32Array.from(vertices),
    normals: undefined,
    texCoords: undefined,
    triangles: Uint32Array.from(triangles),
  };
}

describe('camera levels of detail', () => {
  it('are made once per mesh, coarser level by level, with unit face normals and the box around the mesh', () => {
    const mesh = fan();
    const levels = meshLevels(mesh);
    expect(meshLevels(mesh)).toBe(levels);
    expect(levels.level(0)).toBe(levels.level(0));
    const counts = [0, 1, 2, 3].map((i) => levels.level(i).indices.length / 3);
    expect(counts[0]).toBe(64);
    for (let i = 1; i < 4; i++) expect(counts[i]).toBeLessThanOrEqual(counts[i - 1]!);
    expect(counts[1]).toBeLessThan(64);
    const n = levels.level(0).normals;
    // Counter-clockwise seen from +z: every normal is (0, 0, 1).
    for (let t = 0; t < n.length; t += 3)
      expect(Math.abs(n[t]!) + Math.abs(n[t + 1]!) + Math.abs(n[t + 2]! - 1)).toBe(0);
    expect(levels.min[0]).toBeCloseTo(-0.05);
    expect(levels.max[1]).toBeCloseTo(0.05);
  });

  it('are chosen so that a cluster spans at most 4 pixels: sooner in a smaller image', () => {
    // 640 px wide over 56.3°: fx ≈ 598 px; the 12, 25 and 40 mm clusters from 1.8, 3.7 and 6 m.
    const fx = 320 / Math.tan((56.3 * Math.PI) / 360);
    expect([1000, 1700, 1900, 3600, 3800, 5900, 6100].map((d) => levelForDistance(fx, d))).toEqual([
      0, 0, 1, 1, 2, 2, 3,
    ]);
    expect(levelForDistance(fx / 2, 1900)).toBe(2);
  });
});
