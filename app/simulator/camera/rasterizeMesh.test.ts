import { describe, expect, it } from 'vitest';
import type { Mesh } from '../scene/meshData';
import { meshLevels, type MeshLevel } from './meshLevels';
import { rasterizeMesh, type MeshPlacement, type RasterTarget } from './rasterizeMesh';

const SIZE = 200;
/** Focal length (px) of the test camera: at the origin, looking along +x, y left, z up. */
const F = 100;

/** The image map of that camera for vertices in metres: pixel centres at integers, the image centre at 99.5. */
function placement(overrides: Partial<MeshPlacement> = {}): MeshPlacement {
  const c = SIZE / 2 - 0.5;
  return {
    toImage: Float64Array.from([1000, 0, 0, 0, 1000 * c, -1000 * F, 0, 0, 1000 * c, 0, -1000 * F, 0]),
    eye: Float64Array.from([0, 0, 0]),
    light: Float64Array.from([0, 0, 1]),
    u0: 0,
    u1: SIZE - 1,
    v0: 0,
    v1: SIZE - 1,
    color: { y: 200, u: 100, v: 150 },
    ...overrides,
  };
}

function emptyTarget(): RasterTarget {
  const n = SIZE * SIZE;
  return {
    width: SIZE,
    depth: new Float32Array(n).fill(Infinity),
    y: new Uint8ClampedArray(n),
    u: new Uint8ClampedArray(n),
    v: new Uint8ClampedArray(n),
  };
}

/** An axis-aligned cube (m) with its triangles counter-clockwise seen from outside, or the other way round. */
function cube(centre: [number, number, number], half: number, inward = false): MeshLevel {
  const vertices: number[] = [];
  for (let k = 0; k < 8; k++)
    vertices.push(
      centre[0] + (k & 1 ? half : -half),
      centre[1] + (k & 2 ? half : -half),
      centre[2] + (k & 4 ? half : -half),
    );
  // Each face as a quad, counter-clockwise seen from outside.
  const quads = [
    [0, 4, 6, 2],
    [1, 3, 7, 5],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 2, 3, 1],
    [4, 5, 7, 6],
  ];
  const triangles = quads.flatMap(([a, b, c, d]) => (inward ? [a!, c!, b!, a!, d!, c!] : [a!, b!, c!, a!, c!, d!]));
  const mesh: Mesh = {
    vertices: Float32Array.from(vertices),
    normals: undefined,
    texCoords: undefined,
    triangles: Uint32Array.from(triangles),
  };
  return meshLevels(mesh).level(0);
}

const at = (t: RasterTarget, u: number, v: number): number => t.depth[v * SIZE + u]!;

describe('mesh rasterizer', () => {
  it('draws the faces towards the camera at their depth, with the lit colour, and nothing outside the cube', () => {
    const target = emptyTarget();
    // A 0.2 m cube 1 m ahead: its near face at 0.9 m spans ±0.1/0.9·F ≈ ±11 px around the centre.
    rasterizeMesh(target, cube([1, 0, 0], 0.1), placement());
    expect(at(target, 100, 100)).toBeCloseTo(900, 1);
    expect(at(target, 100 + 10, 100 - 10)).toBeCloseTo(900, 1);
    expect(at(target, 100 + 13, 100)).toBe(Infinity);
    expect(at(target, 100, 100 + 13)).toBe(Infinity);
    // The near face looks along −x, away from the light above: the shadow side's 0.85.
    expect(target.y[100 * SIZE + 100]).toBe(Math.round(200 * 0.85));
    expect(target.u[100 * SIZE + 100]).toBe(Math.round(128 + (100 - 128) * 0.85));
  });

  it('culls by winding: a cube wound inside out shows its far face', () => {
    const target = emptyTarget();
    rasterizeMesh(target, cube([1, 0, 0], 0.1, true), placement());
    expect(at(target, 100, 100)).toBeCloseTo(1100, 1);
  });

  it('keeps what is nearer in the depth buffer and stays inside its rectangle', () => {
    const target = emptyTarget();
    target.depth.fill(500);
    rasterizeMesh(target, cube([1, 0, 0], 0.1), placement());
    expect(at(target, 100, 100)).toBe(500);
    const clipped = emptyTarget();
    rasterizeMesh(clipped, cube([1, 0, 0], 0.1), placement({ u0: 100, u1: 199, v0: 0, v1: 99 }));
    expect(at(clipped, 105, 95)).toBeCloseTo(900, 1);
    expect(at(clipped, 95, 95)).toBe(Infinity);
    expect(at(clipped, 105, 105)).toBe(Infinity);
  });

  it('clips a triangle reaching behind the camera at its plane instead of dropping it', () => {
    const target = emptyTarget();
    // A floor 0.3 m below the camera from 1 m behind it to 10 m ahead, facing up (towards the camera).
    const floor: Mesh = {
      vertices: Float32Array.from([-1, -5, -0.3, 10, -5, -0.3, 10, 5, -0.3, -1, 5, -0.3]),
      normals: undefined,
      texCoords: undefined,
      triangles: Uint32Array.from([0, 1, 2, 0, 2, 3]),
    };
    rasterizeMesh(target, meshLevels(floor).level(0), placement());
    // Every pixel below the horizon sees the floor, where the pinhole model puts it (row 130: 30.5 px down).
    expect(at(target, 100, 199)).toBeLessThan(400);
    expect(at(target, 100, 130)).toBeCloseTo((300 * F) / 30.5, 0);
    expect(at(target, 0, 150)).toBeLessThan(1000);
    expect(at(target, 100, 90)).toBe(Infinity);
    // From row 110 down (nearer than 2.9 m) the floor is wider than the image: no pixel may be missing.
    let drawn = 0;
    for (let v = 110; v < SIZE; v++) for (let u = 0; u < SIZE; u++) if (at(target, u, v) < Infinity) drawn++;
    expect(drawn).toBe(90 * SIZE);
  });
});
