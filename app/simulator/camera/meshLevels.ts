/**
 * The levels of detail the camera images draw a scene mesh at: the vertex clusters the 3-D view draws
 * (DETAIL_CELLS), made when a camera first needs them and kept with the mesh, which every robot of a scene
 * shares. Each level carries its face normals for culling and shading, so drawing a robot does not compute them.
 */
import { clusterVertices, DETAIL_CELLS } from '@robot-runtime/math/simplifyMesh';
import type { Mesh } from '../scene/meshData';

/** One level of detail of a mesh, in the mesh's own frame and unit (m). */
export interface MeshLevel {
  /** x, y, z per vertex. */
  readonly positions: Float32Array;
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  readonly indices: Uint32Array;
  /** The unit normal of each triangle (x, y, z; zero for a degenerate one). */
  readonly normals: Float32Array;
}

/** A mesh's levels (finest first, each made on first use) and the box around its vertices. */
export interface MeshLevels {
  level(index: number): MeshLevel;
  /** Corners of the axis-aligned box around every level (m): clusters lie within their vertices' box. */
  readonly min: readonly [number, number, number];
  readonly max: readonly [number, number, number];
}

/**
 * The finest level merges the vertices within one cube of this edge (m): B-Human's NAO repeats most vertices
 * (143,500 for 57,300 triangles), and merging leaves 87,000 vertices and 43,800 triangles (the others collapse or
 * repeat) without moving anything by more than a tenth of a millimetre.
 */
const WELD = 0.0001;

/** Cube edges of the camera's levels: the 3-D view's, with the full mesh welded. */
const CELLS = DETAIL_CELLS.map((cell) => (cell > 0 ? cell : WELD));

/**
 * How many pixels a cluster may span at the robot's distance: with 640×480 images (fx ≈ 600 px) the levels change
 * at 1.8, 3.7 and 6 m, near where the 3-D view changes them (1.8, 3.5 and 7 m); smaller images change sooner.
 */
const CELL_PIXELS = 4;

const cache = new WeakMap<Mesh, MeshLevels>();

/** The levels of `mesh` (one object per mesh, kept as long as the mesh is). */
export function meshLevels(mesh: Mesh): MeshLevels {
  let levels = cache.get(mesh);
  if (!levels) cache.set(mesh, (levels = makeLevels(mesh)));
  return levels;
}

/**
 * The coarsest level whose clusters span at most CELL_PIXELS pixels `distance` mm away from a camera of focal
 * length `fx` (px).
 */
export function levelForDistance(fx: number, distance: number): number {
  let level = 0;
  for (let i = 1; i < CELLS.length; i++) if ((fx * CELLS[i]! * 1000) / distance <= CELL_PIXELS) level = i;
  return level;
}

function makeLevels(mesh: Mesh): MeshLevels {
  const made: (MeshLevel | undefined)[] = CELLS.map(() => undefined);
  const v = mesh.vertices;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < v.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, v[i + k]!);
      max[k] = Math.max(max[k]!, v[i + k]!);
    }
  }
  return {
    min,
    max,
    level: (index) =>
      (made[index] ??= withNormals(clusterVertices({ positions: v, indices: mesh.triangles }, CELLS[index]!))),
  };
}

function withNormals({ positions: p, indices }: { positions: Float32Array; indices: Uint32Array }): MeshLevel {
  const normals = new Float32Array(indices.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = 3 * indices[t]!,
      b = 3 * indices[t + 1]!,
      c = 3 * indices[t + 2]!;
    const ux = p[b]! - p[a]!,
      uy = p[b + 1]! - p[a + 1]!,
      uz = p[b + 2]! - p[a + 2]!;
    const wx = p[c]! - p[a]!,
      wy = p[c + 1]! - p[a + 1]!,
      wz = p[c + 2]! - p[a + 2]!;
    const nx = uy * wz - uz * wy,
      ny = uz * wx - ux * wz,
      nz = ux * wy - uy * wx;
    const length = Math.hypot(nx, ny, nz);
    if (length === 0) continue;
    normals[t] = nx / length;
    normals[t + 1] = ny / length;
    normals[t + 2] = nz / length;
  }
  return { positions: p, indices, normals };
}
