/**
 * @file The scene's moving bodies drawn with the scene's own appearance (its meshes, primitives, colours and the
 * ball's texture): each body part is an instance of its shape's geometry, so every mesh exists once on the GPU
 * however many robots use it, and one draw call draws it for all of them. Poses come per frame as body poses
 * (`RobotFrame.links`); a pose change only rewrites the instances' matrices. Meshes come in three levels of detail
 * (simplifyMesh.ts), chosen per robot by its distance from the camera: software WebGL pays for every triangle, and
 * 14 of B-Human's NAOs in full detail are 860,000 of them.
 */
import * as THREE from 'three';
import { mergeVertices, toCreasedNormals } from 'three/addons/utils/BufferGeometryUtils.js';
import type { SceneAppearance, WireBody, WireMesh, WireShape } from '../../app/ipc/simulation';
import { appearanceMaterial } from './appearanceMaterial';
import { clusterVertices } from './simplifyMesh';
import { mm } from './units';

/** Meshes without normals are shaded smoothly across edges flatter than this (rad), with a crease at sharper ones. */
const CREASE_ANGLE = Math.PI / 6;
/**
 * Levels of detail of meshes: vertex clusters of this size (m; 0: the mesh as it is) for bodies whose owner is
 * less than `within` metres from the camera.
 */
const LEVELS: readonly { readonly cell: number; readonly within: number }[] = [
  { cell: 0, within: 2.5 },
  { cell: 0.008, within: 6 },
  { cell: 0.02, within: Infinity },
];

/** One use of a shape: whose body it sits on and where. */
interface Instance {
  readonly owner: OwnerState;
  readonly body: number;
  /** Pose in the body's frame. */
  readonly local: THREE.Matrix4;
  /** Pose in the field frame, as last placed. */
  readonly world: THREE.Matrix4;
  readonly color: THREE.Color;
  readonly batch: Batch;
}

/**
 * All instances of one shape (and texture): one InstancedMesh per level of detail (primitives have one), each
 * holding only the instances shown at its level, packed at its start (`count`), so no vertex is processed for an
 * instance drawn at another level.
 */
interface Batch {
  readonly meshes: THREE.InstancedMesh[];
  readonly instances: Instance[];
  /** Instances moved or changed level since the meshes were last packed. */
  dirty: boolean;
}

/** Where an owner (robot or ball) was last posed and at which level of detail it is drawn. */
interface OwnerState {
  /** Its bodies' poses (7 numbers per body, mm and quaternion), as last set. */
  links: readonly number[] | undefined;
  level: number;
}

/** The bodies of a scene with their scene appearance. */
export class SceneBodies {
  /** Add it to the scene. */
  readonly group = new THREE.Group();
  private readonly batches = new Map<string, Batch>();
  private readonly byOwner = new Map<string, Instance[]>();
  private dirty = false;
  private readonly bodyCounts = new Map<string, number>();
  private readonly owners = new Map<string, OwnerState>();
  private readonly anchor = new THREE.Vector3();
  private readonly geometries: THREE.BufferGeometry[] = [];
  private readonly materials: THREE.Material[] = [];
  private readonly textures: THREE.Texture[] = [];
  private readonly bodyMatrix = new THREE.Matrix4();
  private readonly quaternion = new THREE.Quaternion();
  private readonly position = new THREE.Vector3();
  private readonly unit = new THREE.Vector3(1, 1, 1);
  private disposed = false;

  private constructor(appearance: SceneAppearance, textures: readonly (THREE.Texture | undefined)[]) {
    this.group.name = 'scene bodies';
    const meshGeometries = appearance.meshes.map((m) => LEVELS.map((level) => this.keep(meshGeometry(m, level.cell))));
    const primitives = new Map<string, THREE.BufferGeometry>();
    const plain = appearanceMaterial();
    this.materials.push(plain);
    const textured = textures.map((t) => {
      if (!t) return undefined;
      const material = appearanceMaterial(t);
      this.materials.push(material);
      return material;
    });
    const owners: [string, readonly WireBody[]][] = appearance.robots.map((r) => [r.name, r.bodies]);
    if (appearance.ball) owners.push(['ball', [appearance.ball]]);
    // First count the instances of every batch, then make each InstancedMesh once at its size.
    const planned: { key: string; owner: string; body: number; local: THREE.Matrix4; color: THREE.Color }[] = [];
    const batchSpecs = new Map<
      string,
      { geometries: THREE.BufferGeometry[]; material: THREE.Material; count: number }
    >();
    for (const [owner, bodies] of owners) {
      this.bodyCounts.set(owner, bodies.length);
      this.owners.set(owner, { links: undefined, level: 0 });
      bodies.forEach((body, b) => {
        for (const part of body.parts) {
          const map = part.texture !== undefined ? textured[part.texture] : undefined;
          const shapeKey = keyOf(part.shape);
          const key = map ? `${shapeKey}|t${part.texture}` : shapeKey;
          let spec = batchSpecs.get(key);
          if (!spec) {
            let geometries = part.shape.kind === 'mesh' ? meshGeometries[part.shape.mesh] : undefined;
            if (!geometries) {
              let geometry = primitives.get(shapeKey);
              if (!geometry) {
                geometry = this.keep(primitiveGeometry(part.shape));
                primitives.set(shapeKey, geometry);
              }
              geometries = [geometry];
            }
            batchSpecs.set(key, (spec = { geometries, material: map ?? plain, count: 0 }));
          }
          spec.count++;
          const [x, y, z, w, qx, qy, qz] = part.pose;
          const local = new THREE.Matrix4().compose(
            new THREE.Vector3(x, y, z),
            new THREE.Quaternion(qx, qy, qz, w).normalize(),
            this.unit,
          );
          planned.push({ key, owner, body: b, local, color: new THREE.Color(part.color) });
        }
      });
    }
    for (const [key, spec] of batchSpecs) {
      const meshes = spec.geometries.map((geometry) => {
        const mesh = new THREE.InstancedMesh(geometry, spec.material, spec.count);
        // Bodies are spread over the field and nearly always in view; bounding them every frame costs more.
        mesh.frustumCulled = false;
        mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
        mesh.setColorAt(0, new THREE.Color());
        mesh.instanceColor!.setUsage(THREE.DynamicDrawUsage);
        // Nothing is drawn until the first pose arrives.
        mesh.count = 0;
        this.group.add(mesh);
        return mesh;
      });
      this.batches.set(key, { meshes, instances: [], dirty: false });
    }
    for (const p of planned) {
      const batch = this.batches.get(p.key)!;
      const owner = this.owners.get(p.owner)!;
      const instance: Instance = {
        owner,
        body: p.body,
        local: p.local,
        world: new THREE.Matrix4(),
        color: p.color,
        batch,
      };
      batch.instances.push(instance);
      let list = this.byOwner.get(p.owner);
      if (!list) this.byOwner.set(p.owner, (list = []));
      list.push(instance);
    }
  }

  /** Builds the bodies of `appearance`; its textures (PNG bytes) are decoded first. */
  static async create(appearance: SceneAppearance): Promise<SceneBodies> {
    const textures = await Promise.all(appearance.textures.map((t) => decodeTexture(t.png)));
    const bodies = new SceneBodies(appearance, textures);
    for (const t of textures) if (t) bodies.textures.push(t);
    return bodies;
  }

  /** Whether `owner` (a robot's name, or `ball`) is drawn here. */
  has(owner: string): boolean {
    return this.byOwner.has(owner);
  }

  /**
   * Poses a robot's bodies: 7 numbers per body in its `RobotAppearance.bodies` order, position (mm, field frame)
   * and quaternion (w, x, y, z). Ignored when the count does not fit.
   */
  setRobot(owner: string, links: readonly number[]): void {
    const state = this.owners.get(owner);
    if (!state || links.length !== 7 * (this.bodyCounts.get(owner) ?? -1)) return;
    state.links = links;
    this.placeOwner(owner, state);
  }

  /** Places the ball: centre (mm), orientation quaternion (w, x, y, z) when known. */
  setBall(x: number, y: number, z: number, rotation?: readonly number[]): void {
    const state = this.owners.get('ball');
    if (!state) return;
    state.links = [x, y, z, ...(rotation && rotation.length === 4 ? rotation : [1, 0, 0, 0])];
    this.placeOwner('ball', state);
  }

  /**
   * Before drawing: chooses every owner's level of detail by its distance from the camera at `eye` (m) and packs
   * the instances that moved or changed level into their meshes.
   */
  prepare(eye: THREE.Vector3): void {
    for (const [owner, state] of this.owners) {
      if (!state.links) continue;
      this.anchor.set(mm(state.links[0]!), mm(state.links[1]!), mm(state.links[2]!));
      const distance = this.anchor.distanceTo(eye);
      const level = LEVELS.findIndex((l) => distance < l.within);
      if (level === state.level) continue;
      state.level = level;
      for (const instance of this.byOwner.get(owner) ?? []) instance.batch.dirty = true;
      this.dirty = true;
    }
    if (!this.dirty) return;
    this.dirty = false;
    for (const batch of this.batches.values()) if (batch.dirty) pack(batch);
  }

  /** How many draw calls and instances the bodies take (for tests and the benchmark). */
  get stats(): { batches: number; instances: number } {
    let instances = 0;
    for (const b of this.batches.values()) instances += b.instances.length;
    return { batches: this.batches.size, instances };
  }

  /** Triangles drawn per frame at the owners' current levels of detail (for tests and the benchmark). */
  get triangles(): number {
    let n = 0;
    for (const batch of this.batches.values())
      for (const mesh of batch.meshes)
        n += (mesh.count * (mesh.geometry.index?.count ?? mesh.geometry.getAttribute('position').count)) / 3;
    return n;
  }

  /** Frees the GPU resources. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.group.removeFromParent();
    for (const b of this.batches.values()) for (const mesh of b.meshes) mesh.dispose();
    for (const g of this.geometries) g.dispose();
    for (const m of this.materials) m.dispose();
    for (const t of this.textures) t.dispose();
  }

  /** Computes where the instances of `owner` are from its last poses; they are packed before the next frame. */
  private placeOwner(owner: string, state: OwnerState): void {
    const links = state.links;
    const instances = this.byOwner.get(owner);
    if (!links || !instances) return;
    let body = -1;
    for (const instance of instances) {
      if (instance.body !== body) {
        body = instance.body;
        const o = 7 * body;
        this.position.set(mm(links[o]!), mm(links[o + 1]!), mm(links[o + 2]!));
        this.quaternion.set(links[o + 4]!, links[o + 5]!, links[o + 6]!, links[o + 3]!).normalize();
        this.bodyMatrix.compose(this.position, this.quaternion, this.unit);
      }
      instance.world.multiplyMatrices(this.bodyMatrix, instance.local);
      instance.batch.dirty = true;
    }
    this.dirty = true;
  }

  private keep(geometry: THREE.BufferGeometry): THREE.BufferGeometry {
    this.geometries.push(geometry);
    return geometry;
  }
}

/** Writes each posed instance into the mesh of its owner's level, packed from the start. */
function pack(batch: Batch): void {
  batch.dirty = false;
  const meshes = batch.meshes;
  for (const mesh of meshes) mesh.count = 0;
  for (const instance of batch.instances) {
    if (!instance.owner.links) continue;
    const mesh = meshes[Math.min(instance.owner.level, meshes.length - 1)]!;
    mesh.setMatrixAt(mesh.count, instance.world);
    mesh.setColorAt(mesh.count, instance.color);
    mesh.count++;
  }
  for (const mesh of meshes) {
    mesh.instanceMatrix.needsUpdate = true;
    mesh.instanceColor!.needsUpdate = true;
  }
}

function keyOf(shape: WireShape): string {
  switch (shape.kind) {
    case 'mesh':
      return `mesh${shape.mesh}`;
    case 'box':
      return `box${shape.size.join(',')}`;
    case 'sphere':
      return `sphere${shape.radius}`;
    default:
      return `${shape.kind}${shape.radius},${shape.height}`;
  }
}

/** A typed array over bytes (copied when they are not aligned for it). */
function view<T extends Float32Array | Uint32Array>(
  bytes: Uint8Array,
  Type: { new (buffer: ArrayBufferLike, offset: number, length: number): T; BYTES_PER_ELEMENT: number },
): T {
  const aligned = bytes.byteOffset % Type.BYTES_PER_ELEMENT === 0 ? bytes : bytes.slice();
  return new Type(aligned.buffer, aligned.byteOffset, Math.floor(aligned.byteLength / Type.BYTES_PER_ELEMENT));
}

/**
 * A scene mesh as a geometry, its vertices clustered in cubes of `cell` (m) when that is not 0: with its normals,
 * or with normals computed (creased at sharp edges).
 */
function meshGeometry(mesh: WireMesh, cell: number): THREE.BufferGeometry {
  let geometry = new THREE.BufferGeometry();
  let positions: Float32Array<ArrayBufferLike> = view(mesh.vertices, Float32Array);
  let indices: Uint32Array<ArrayBufferLike> = view(mesh.triangles, Uint32Array);
  if (cell > 0) ({ positions, indices } = clusterVertices({ positions, indices }, cell));
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setIndex(new THREE.BufferAttribute(indices, 1));
  if (mesh.normals && cell === 0) {
    geometry.setAttribute('normal', new THREE.BufferAttribute(view(mesh.normals, Float32Array), 3));
    return geometry;
  }
  // Vertices shared where the surface is smooth, split at creases: few vertices, edges that look like edges.
  const creased = toCreasedNormals(geometry, CREASE_ANGLE);
  geometry.dispose();
  geometry = mergeVertices(creased);
  creased.dispose();
  return geometry;
}

/** A primitive's geometry in the scene's convention: cylinders, capsules and a sphere's poles along z. */
function primitiveGeometry(shape: WireShape): THREE.BufferGeometry {
  switch (shape.kind) {
    case 'box':
      return new THREE.BoxGeometry(shape.size[0], shape.size[1], shape.size[2]);
    case 'sphere':
      return new THREE.SphereGeometry(shape.radius, 24, 16).rotateX(Math.PI / 2);
    case 'cylinder':
      return new THREE.CylinderGeometry(shape.radius, shape.radius, shape.height, 20).rotateX(Math.PI / 2);
    case 'capsule':
      return new THREE.CapsuleGeometry(shape.radius, Math.max(0, shape.height - 2 * shape.radius), 6, 16).rotateX(
        Math.PI / 2,
      );
    default:
      return new THREE.BufferGeometry();
  }
}

/** A texture from PNG bytes (undefined when the browser cannot decode them: the part keeps its colour). */
async function decodeTexture(png: Uint8Array): Promise<THREE.Texture | undefined> {
  try {
    const bitmap = await createImageBitmap(new Blob([png as BlobPart], { type: 'image/png' }), {
      imageOrientation: 'flipY',
    });
    const texture = new THREE.Texture(bitmap as unknown as HTMLImageElement);
    // The bitmap is flipped already (three.js cannot flip bitmaps when uploading them).
    texture.flipY = false;
    texture.colorSpace = THREE.NoColorSpace;
    texture.needsUpdate = true;
    return texture;
  } catch {
    return undefined;
  }
}
