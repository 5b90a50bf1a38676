/**
 * @file All robots' parts as one mesh: its vertices are the parts' unit shapes placed (and lit) on the CPU
 * whenever a robot's pose changes. Software WebGL (SwiftShader) pays dearly per draw call and, about as much,
 * per instance of an instanced draw: 14 robots of 17 parts as 238 meshes or as instances took several times
 * longer than as one mesh, which costs about what its triangles do. Only robots that are shown are written,
 * packed from the start of the buffers.
 */
import * as THREE from 'three';
import type { NaoModel } from './NaoModel';
import type { PartShape, PartSpec } from './naoLook';
import { prelitMaterial } from './prelitMaterials';
import { colorAttribute, shade } from './sceneLighting';

/** A part's unit shape as plain arrays. */
interface PartTemplate {
  readonly positions: Float32Array;
  readonly normals: Float32Array;
  /** Where its vertices start in a robot's block. */
  readonly first: number;
}

function unitGeometry(shape: PartShape): THREE.BufferGeometry {
  return shape.kind === 'box'
    ? new THREE.BoxGeometry(1, 1, 1)
    : new THREE.SphereGeometry(1, shape.segments[0], shape.segments[1]);
}

/** The mesh of the robots of one scene. */
export class RobotsMesh {
  /** Add it to the scene. */
  readonly mesh: THREE.Mesh;
  private readonly templates: PartTemplate[] = [];
  private readonly verticesPerRobot: number;
  private readonly indicesPerRobot: number;
  /** Robot name of each written block. */
  private readonly owners: string[] = [];
  private readonly matrix = new THREE.Matrix4();
  private readonly normalMatrix = new THREE.Matrix3();

  /** Room for `robots` robots made of `parts` (every robot has the same ones, in this order). */
  constructor(robots: number, parts: readonly PartSpec[]) {
    const robotIndices: number[] = [];
    let vertices = 0;
    for (const part of parts) {
      const geometry = unitGeometry(part.shape);
      this.templates.push({
        positions: geometry.getAttribute('position').array as Float32Array,
        normals: geometry.getAttribute('normal').array as Float32Array,
        first: vertices,
      });
      for (const i of geometry.getIndex()!.array) robotIndices.push(vertices + i);
      vertices += geometry.getAttribute('position').count;
      geometry.dispose();
    }
    this.verticesPerRobot = vertices;
    this.indicesPerRobot = robotIndices.length;
    const capacity = Math.max(1, robots);
    const index = new (capacity * vertices > 65535 ? Uint32Array : Uint16Array)(capacity * robotIndices.length);
    for (let r = 0; r < capacity; r++)
      for (let i = 0; i < robotIndices.length; i++)
        index[r * robotIndices.length + i] = r * vertices + robotIndices[i]!;
    const geometry = new THREE.BufferGeometry();
    geometry.setIndex(new THREE.BufferAttribute(index, 1));
    geometry.setAttribute(
      'position',
      new THREE.BufferAttribute(new Float32Array(capacity * vertices * 3), 3).setUsage(THREE.DynamicDrawUsage),
    );
    geometry.setAttribute('color', colorAttribute(capacity * vertices).setUsage(THREE.DynamicDrawUsage));
    geometry.setDrawRange(0, 0);
    this.mesh = new THREE.Mesh(geometry, prelitMaterial());
    this.mesh.name = 'robots';
    // The robots spread over the field and are nearly always in view; bounding them every frame costs more.
    this.mesh.frustumCulled = false;
  }

  /** Writes the shown robots' parts where their poses put them (after poses changed). */
  update(models: Iterable<NaoModel>): void {
    this.owners.length = 0;
    for (const model of models) {
      if (!model.root.visible) continue;
      this.writeRobot(model, this.owners.length);
      this.owners.push(model.name);
    }
    const geometry = this.mesh.geometry;
    geometry.setDrawRange(0, this.owners.length * this.indicesPerRobot);
    geometry.getAttribute('position').needsUpdate = true;
    geometry.getAttribute('color').needsUpdate = true;
    // Ray casts test the bounds first; they are stale now.
    geometry.boundingSphere = null;
    geometry.boundingBox = null;
  }

  /** The robot a ray-cast hit belongs to, if it hit this mesh. */
  robotOf(hit: THREE.Intersection): string | undefined {
    if (hit.object !== this.mesh || !hit.face) return undefined;
    return this.owners[Math.floor(hit.face.a / this.verticesPerRobot)];
  }

  /** Frees the GPU resources. */
  dispose(): void {
    this.mesh.removeFromParent();
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
  }

  private writeRobot(model: NaoModel, block: number): void {
    const geometry = this.mesh.geometry;
    const positions = geometry.getAttribute('position').array as Float32Array;
    const colors = geometry.getAttribute('color').array as Uint8Array;
    const base = block * this.verticesPerRobot;
    this.templates.forEach((template, part) => {
      const m = model.partMatrix(part, this.matrix).elements;
      // Normals need the inverse transpose: boxes are scaled unevenly.
      const n = this.normalMatrix.getNormalMatrix(this.matrix).elements;
      const albedo = model.partColors[part]!;
      const { positions: unitPositions, normals: unitNormals } = template;
      for (let v = 0; v < unitPositions.length / 3; v++) {
        const x = unitPositions[3 * v]!;
        const y = unitPositions[3 * v + 1]!;
        const z = unitPositions[3 * v + 2]!;
        const out = 3 * (base + template.first + v);
        positions[out] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
        positions[out + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
        positions[out + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
        const a = unitNormals[3 * v]!;
        const b = unitNormals[3 * v + 1]!;
        const c = unitNormals[3 * v + 2]!;
        const nx = n[0]! * a + n[3]! * b + n[6]! * c;
        const ny = n[1]! * a + n[4]! * b + n[7]! * c;
        const nz = n[2]! * a + n[5]! * b + n[8]! * c;
        const length = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
        shade(nx / length, ny / length, nz / length, albedo, colors, out);
      }
    });
  }
}
