import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { SceneAppearance, WireBody } from '../../app/ipc/simulation';
import { SceneBodies } from './SceneBodies';

/** A tetrahedron of 10 cm as mesh bytes (Float32 vertices, Uint32 triangles). */
function tetrahedron(): SceneAppearance['meshes'][number] {
  const vertices = Float32Array.from([0, 0, 0, 0.1, 0, 0, 0, 0.1, 0, 0, 0, 0.1]);
  const triangles = Uint32Array.from([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]);
  return { vertices: new Uint8Array(vertices.buffer), triangles: new Uint8Array(triangles.buffer) };
}

/** A two-body robot: a torso with the mesh, a foot with a box 0.2 m below it, in `jersey`. */
function robot(jersey: string): WireBody[] {
  const here = [0, 0, 0, 1, 0, 0, 0];
  return [
    { name: 'Torso', parts: [{ shape: { kind: 'mesh', mesh: 0 }, pose: here, color: jersey }] },
    {
      name: 'Foot',
      parts: [{ shape: { kind: 'box', size: [0.1, 0.05, 0.02] }, pose: [0, 0, -0.2, 1, 0, 0, 0], color: '#808080' }],
    },
  ];
}

const appearance: SceneAppearance = {
  meshes: [tetrahedron()],
  textures: [],
  robots: [
    { name: 'robot1', bodies: robot('#ff0000') },
    { name: 'robot2', bodies: robot('#0000ff') },
  ],
  ball: {
    name: 'ball',
    parts: [{ shape: { kind: 'sphere', radius: 0.05 }, pose: [0, 0, 0, 1, 0, 0, 0], color: '#ffffff' }],
  },
};

/** The shader's textures of the template drawn by the first mesh of the group that carries `parts` parts. */
function uniformsOf(bodies: SceneBodies, parts: number): { matrices: Float32Array; colors: Float32Array } {
  const mesh = bodies.group.children.find(
    (c) => ((c as THREE.Mesh).material as THREE.ShaderMaterial).uniforms.colors!.value.image.width === parts,
  ) as THREE.Mesh;
  const u = (mesh.material as THREE.ShaderMaterial).uniforms;
  return { matrices: u.matrices!.value.image.data, colors: u.colors!.value.image.data };
}

describe('scene bodies', () => {
  it('draws robots of the same parts as one template: a row of body matrices and part colours per robot', async () => {
    const bodies = await SceneBodies.create(appearance);
    try {
      // Two templates (the robots, the ball), four levels of detail each, one material.
      expect(bodies.stats).toEqual({ batches: 8, instances: 5 });
      expect(bodies.has('robot2') && bodies.has('ball')).toBe(true);
      const { matrices, colors } = uniformsOf(bodies, 2);
      // robot2's jersey in its row (linear blue).
      expect(Array.from(colors.slice(8, 11))).toEqual([0, 0, 1]);
      // Nothing drawn before the first poses.
      bodies.prepare(new THREE.Vector3(0, -1, 1));
      expect(bodies.triangles).toBe(0);
      // robot2: torso at (1000, 2000, 300) mm turned 90° about z, foot under it.
      const q = [Math.SQRT1_2, 0, 0, Math.SQRT1_2];
      bodies.setRobot('robot2', [1000, 2000, 300, ...q, 1000, 2000, 100, ...q]);
      bodies.setRobot('robot1', [1, 2]); // a wrong length is ignored
      bodies.prepare(new THREE.Vector3(1, 1, 0.5));
      const torso = new THREE.Matrix4().fromArray(matrices, 32);
      const p = new THREE.Vector3(0.1, 0, 0).applyMatrix4(torso);
      expect(p.x).toBeCloseTo(1);
      expect(p.y).toBeCloseTo(2.1);
      expect(p.z).toBeCloseTo(0.3);
      // Close to the camera: the tetrahedron's 4 triangles and the box's 12.
      expect(bodies.triangles).toBe(16);
    } finally {
      bodies.dispose();
    }
  });

  it('draws far robots with coarser meshes', async () => {
    const big = new Float32Array(3 * 400);
    const grid: number[] = [];
    // A 20 × 20 grid of vertices 5 mm apart: 722 triangles, far fewer in 25 mm clusters.
    for (let i = 0; i < 400; i++) big.set([(i % 20) * 0.005, Math.floor(i / 20) * 0.005, 0], 3 * i);
    for (let y = 0; y < 19; y++)
      for (let x = 0; x < 19; x++)
        grid.push(y * 20 + x, y * 20 + x + 1, (y + 1) * 20 + x, y * 20 + x + 1, (y + 1) * 20 + x + 1, (y + 1) * 20 + x);
    const mesh = { vertices: new Uint8Array(big.buffer), triangles: new Uint8Array(Uint32Array.from(grid).buffer) };
    const bodies = await SceneBodies.create({
      meshes: [mesh],
      textures: [],
      robots: [
        {
          name: 'robot1',
          bodies: [
            {
              name: 'Torso',
              parts: [{ shape: { kind: 'mesh', mesh: 0 }, pose: [0, 0, 0, 1, 0, 0, 0], color: '#808080' }],
            },
          ],
        },
      ],
    });
    try {
      bodies.setRobot('robot1', [0, 0, 0, 1, 0, 0, 0]);
      bodies.prepare(new THREE.Vector3(0, -1, 0));
      expect(bodies.triangles).toBe(722);
      bodies.prepare(new THREE.Vector3(0, -10, 0));
      expect(bodies.triangles).toBeLessThan(722 / 4);
      expect(bodies.triangles).toBeGreaterThan(0);
    } finally {
      bodies.dispose();
    }
  });
});
