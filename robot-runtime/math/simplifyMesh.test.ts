import { describe, expect, it } from 'vitest';
import { clusterVertices } from './simplifyMesh';

describe('vertex clustering', () => {
  it('merges vertices in one cube at their mean and drops the triangles that collapse or repeat', () => {
    // Two triangles sharing an edge, a third one that is tiny, and the first one again.
    const positions = Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0.1, 0.1, 0, 0.12, 0.1, 0, 0.1, 0.12, 0]);
    const indices = Uint32Array.from([0, 1, 2, 1, 3, 2, 4, 5, 6, 1, 2, 0]);
    const coarse = clusterVertices({ positions, indices }, 0.5);
    // Vertices 0, 4, 5, 6 share the first cube: their mean.
    expect(Array.from(coarse.positions.slice(0, 3)).map((v) => Math.round(v * 1000) / 1000)).toEqual([0.08, 0.08, 0]);
    expect(coarse.indices.length / 3).toBe(2);
    // The other winding of a triangle stays (the back of a thin part).
    const back = clusterVertices({ positions, indices: Uint32Array.from([0, 1, 2, 0, 2, 1]) }, 0.5);
    expect(back.indices.length / 3).toBe(2);
  });
});
