/**
 * @file Coarser versions of a mesh for bodies far from the camera (vertex clustering): vertices in the same cube
 * of the given size become one at their mean, triangles that collapse or repeat are dropped. B-Human's NAO goes
 * from about 61,000 triangles to about 8,600 with 12 mm cubes, 2,000 with 25 mm and 1,100 with 40 mm ones; a robot a
 * few metres away covers too few pixels to show the difference, and a software renderer pays for every triangle.
 * Here, environment-neutral, because the 3-D view (renderer/render3d/SceneBodies.ts) and the simulated camera
 * images (app/simulator/camera/meshLevels.ts) draw the same levels.
 */

/** The cube edges (m) of the levels of detail both draw: 0 is the mesh as it is, then ever coarser clusters. */
export const DETAIL_CELLS: readonly number[] = [0, 0.012, 0.025, 0.04];

/** A triangle mesh: x, y, z per vertex and three vertex indices per triangle. */
export interface TriangleMesh {
  readonly positions: Float32Array;
  readonly indices: Uint32Array;
}

/** The mesh with its vertices clustered in cubes of edge `cell` (same unit as the positions). */
export function clusterVertices(mesh: TriangleMesh, cell: number): TriangleMesh {
  const { positions, indices } = mesh;
  const count = positions.length / 3;
  const clusterOf = new Int32Array(count);
  const ids = new Map<string, number>();
  const sums: number[] = [];
  const members: number[] = [];
  for (let i = 0; i < count; i++) {
    const x = positions[3 * i]!,
      y = positions[3 * i + 1]!,
      z = positions[3 * i + 2]!;
    const key = `${Math.floor(x / cell)},${Math.floor(y / cell)},${Math.floor(z / cell)}`;
    let id = ids.get(key);
    if (id === undefined) {
      ids.set(key, (id = members.length));
      members.push(0);
      sums.push(0, 0, 0);
    }
    clusterOf[i] = id;
    members[id]!++;
    sums[3 * id]! += x;
    sums[3 * id + 1]! += y;
    sums[3 * id + 2]! += z;
  }
  const out = new Float32Array(members.length * 3);
  for (let id = 0; id < members.length; id++)
    for (let k = 0; k < 3; k++) out[3 * id + k] = sums[3 * id + k]! / members[id]!;
  const kept: number[] = [];
  const seen = new Set<string>();
  for (let t = 0; t < indices.length; t += 3) {
    const a = clusterOf[indices[t]!]!,
      b = clusterOf[indices[t + 1]!]!,
      c = clusterOf[indices[t + 2]!]!;
    if (a === b || b === c || a === c) continue;
    // The same triangle twice (in the same winding: the two sides of a thin part stay) is drawn once.
    const key = a < b && a < c ? `${a},${b},${c}` : b < c ? `${b},${c},${a}` : `${c},${a},${b}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(a, b, c);
  }
  return { positions: out, indices: Uint32Array.from(kept) };
}
