import { describe, expect, it } from 'vitest';
import { identityRotation } from '@robot-runtime/math/rotation';
import type { Mesh } from '../scene/meshData';
import { drawRobotMeshes, type MeshCamera } from './drawRobotMeshes';
import type { RasterTarget } from './rasterizeMesh';
import type { RenderPart } from './RenderScene';

const SIZE = 100;
const F = 50;

/** A camera at the field origin looking along +x (y left, z up), pixel centres at integers. */
const camera: MeshCamera = {
  position: [0, 0, 0],
  rows: Float64Array.from([1, 0, 0, SIZE / 2 - 0.5, -F, 0, SIZE / 2 - 0.5, 0, -F]),
  light: [0, 0, 1],
  width: SIZE,
  height: SIZE,
  bounds: () => [0, SIZE - 1, 0, SIZE - 1],
};

/** Two double-sided squares of 0.2 m across the x axis, 0.1 m apart: a thin shell whose box holds (0.05, 0, 0). */
const shell: Mesh = {
  vertices: Float32Array.from([
    0, -0.1, -0.1, 0, 0.1, -0.1, 0, 0.1, 0.1, 0, -0.1, 0.1, 0.1, -0.1, -0.1, 0.1, 0.1, -0.1, 0.1, 0.1, 0.1, 0.1, -0.1,
    0.1,
  ]),
  normals: undefined,
  texCoords: undefined,
  triangles: Uint32Array.from([0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 4, 6, 5, 4, 7, 6]),
};

/** The shell as a robot's part whose frame starts `x` mm ahead of the camera. */
function part(x: number): RenderPart {
  return {
    shape: 'mesh',
    pose: { rotation: identityRotation(), translation: { x, y: 0, z: 0 } },
    depth: 0,
    width: 0,
    height: 0,
    radius: 0,
    color: { r: 255, g: 255, b: 255, a: 255 },
    mesh: shell,
  };
}

function draw(x: number): { drawn: number; prepared: number[] | undefined } {
  const n = SIZE * SIZE;
  const target: RasterTarget = {
    width: SIZE,
    depth: new Float32Array(n).fill(Infinity),
    y: new Uint8ClampedArray(n),
    u: new Uint8ClampedArray(n),
    v: new Uint8ClampedArray(n),
  };
  let prepared: number[] | undefined;
  drawRobotMeshes([part(x)], 0, camera, target, (...rect) => (prepared = rect));
  return { drawn: target.depth.filter((d) => d < Infinity).length, prepared };
}

describe("a robot's meshes in an image", () => {
  it('are drawn inside the rectangle they prepare', () => {
    const { drawn, prepared } = draw(300);
    // 0.2 m at 0.3 m is 33 px across.
    expect(drawn).toBeGreaterThan(30 * 30);
    const [u0, u1, v0, v1] = prepared!;
    expect(u1! - u0! + 1).toBeGreaterThanOrEqual(33);
    expect(v1! - v0! + 1).toBeGreaterThanOrEqual(33);
  });

  it('leave out a part whose box holds the camera, as a robot camera sits inside its head', () => {
    // The front square 50 mm ahead would fill the image; the part is skipped, nothing is prepared.
    expect(draw(-50)).toEqual({ drawn: 0, prepared: undefined });
  });
});
