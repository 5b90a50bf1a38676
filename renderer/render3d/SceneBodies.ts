/**
 * @file The scene's moving bodies drawn with the scene's own appearance (its meshes, primitives, colours and the
 * ball's texture), built for software WebGL, where every draw call and every triangle is paid on the CPU. Robots
 * made of the same parts (every NAO of a scene, whatever its jersey) share one template: all their parts merged
 * into one geometry in their bodies' frames, each vertex naming its body and its part. One draw call draws every
 * robot of a template as an instance; the vertex shader takes each body's pose and each part's colour from small
 * textures (per robot a row), so a pose change only rewrites a row of matrices. Meshes come in four levels of
 * detail (robot-runtime/math/simplifyMesh.ts, which the camera images share), chosen per robot by its distance from
 * the camera: 14 of B-Human's NAOs in full detail are 860,000 triangles.
 */
import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import type { SceneAppearance, WireBody, WirePart } from '../../app/ipc/simulation';
import { decodeTexture, meshGeometry, placedPiece, primitiveGeometry } from './appearanceGeometry';
import { appearanceMaterial } from './appearanceMaterial';
import { DETAIL_CELLS } from '@robot-runtime/math/simplifyMesh';
import { mm } from './units';

/**
 * Levels of detail of meshes: the shared vertex clusters (DETAIL_CELLS, m; 0: the mesh as it is) for bodies whose
 * owner is less than `within` metres from the camera.
 */
const LEVELS: readonly { readonly cell: number; readonly within: number }[] = [1.8, 3.5, 7, Infinity].map(
  (within, i) => ({ cell: DETAIL_CELLS[i]!, within }),
);

/** A robot (or the ball) drawn as an instance of its template. */
interface Owner {
  readonly template: Template;
  /** Its row in the template's textures. */
  readonly slot: number;
  /** Its bodies' poses (7 numbers per body, mm and quaternion), as last set; undefined: not shown yet. */
  links: readonly number[] | undefined;
  level: number;
}

/** What robots of the same parts share: per level and material one merged geometry, drawn as one mesh. */
interface Template {
  readonly bodies: number;
  readonly parts: readonly WirePart[];
  /** Per robot a row: 4 texels (matrix columns) per body. */
  readonly matrices: THREE.DataTexture;
  /** Per robot a row: one texel (linear colour) per part. */
  readonly colors: THREE.DataTexture;
  /** Per level, per material group: the mesh and its instance-to-row attribute. */
  readonly draws: {
    mesh: THREE.Mesh;
    geometry: THREE.InstancedBufferGeometry;
    slots: THREE.InstancedBufferAttribute;
  }[][];
  readonly owners: Owner[];
  /** Robots moved or changed level since the draws were last written. */
  dirty: boolean;
}

/** The bodies of a scene with their scene appearance. */
export class SceneBodies {
  /** Add it to the scene. */
  readonly group = new THREE.Group();
  private readonly owners = new Map<string, Owner>();
  private readonly templates: Template[] = [];
  private readonly disposables: { dispose(): void }[] = [];
  private readonly matrix = new THREE.Matrix4();
  private readonly quaternion = new THREE.Quaternion();
  private readonly position = new THREE.Vector3();
  private readonly anchor = new THREE.Vector3();
  private readonly unit = new THREE.Vector3(1, 1, 1);
  private disposed = false;

  private constructor(appearance: SceneAppearance, textures: readonly (THREE.Texture | undefined)[]) {
    this.group.name = 'scene bodies';
    const owners: [string, readonly WireBody[]][] = appearance.robots.map((r) => [r.name, r.bodies]);
    if (appearance.ball) owners.push(['ball', [appearance.ball]]);
    // Robots whose bodies have the same parts (shapes, poses, textures; colours aside) share a template.
    const groups = new Map<string, [string, readonly WireBody[]][]>();
    for (const owner of owners) {
      const key = JSON.stringify(owner[1].map((b) => b.parts.map((p) => [p.shape, p.pose, p.texture])));
      const list = groups.get(key);
      if (list) list.push(owner);
      else groups.set(key, [owner]);
    }
    const meshLevels = new Map<number, THREE.BufferGeometry[]>();
    const meshAt = (index: number, level: number): THREE.BufferGeometry => {
      let levels = meshLevels.get(index);
      if (!levels) meshLevels.set(index, (levels = LEVELS.map((l) => meshGeometry(appearance.meshes[index]!, l.cell))));
      return levels[level]!;
    };
    for (const members of groups.values()) this.addTemplate(members, meshAt, textures);
    for (const levels of meshLevels.values()) for (const g of levels) g.dispose();
  }

  /** Builds the bodies of `appearance`; its textures (PNG bytes) are decoded first. */
  static async create(appearance: SceneAppearance): Promise<SceneBodies> {
    const textures = await Promise.all(appearance.textures.map((t) => decodeTexture(t.png)));
    const bodies = new SceneBodies(appearance, textures);
    for (const t of textures) if (t) bodies.disposables.push(t);
    return bodies;
  }

  /** Whether `owner` (a robot's name, or `ball`) is drawn here. */
  has(owner: string): boolean {
    return this.owners.has(owner);
  }

  /**
   * Poses a robot's bodies: 7 numbers per body in its `RobotAppearance.bodies` order, position (mm, field frame)
   * and quaternion (w, x, y, z). Ignored when the count does not fit.
   */
  setRobot(name: string, links: readonly number[]): void {
    const owner = this.owners.get(name);
    if (!owner || links.length !== 7 * owner.template.bodies) return;
    owner.links = links;
    this.writeMatrices(owner);
  }

  /** Places the ball: centre (mm), orientation quaternion (w, x, y, z) when known. */
  setBall(x: number, y: number, z: number, rotation?: readonly number[]): void {
    const owner = this.owners.get('ball');
    if (!owner) return;
    owner.links = [x, y, z, ...(rotation && rotation.length === 4 ? rotation : [1, 0, 0, 0])];
    this.writeMatrices(owner);
  }

  /** Before drawing: chooses every owner's level of detail by its distance from the camera at `eye` (m). */
  prepare(eye: THREE.Vector3): void {
    for (const owner of this.owners.values()) {
      if (!owner.links) continue;
      this.anchor.set(mm(owner.links[0]!), mm(owner.links[1]!), mm(owner.links[2]!));
      const level = LEVELS.findIndex((l) => this.anchor.distanceTo(eye) < l.within);
      if (level === owner.level) continue;
      owner.level = level;
      owner.template.dirty = true;
    }
    for (const template of this.templates) if (template.dirty) writeDraws(template);
  }

  /** Draw calls the bodies may take (templates × levels × materials) and parts drawn, for tests and benchmarks. */
  get stats(): { batches: number; instances: number } {
    let batches = 0,
      instances = 0;
    for (const t of this.templates) {
      batches += t.draws.reduce((n, level) => n + level.length, 0);
      instances += t.parts.length * t.owners.length;
    }
    return { batches, instances };
  }

  /** Triangles drawn per frame at the owners' current levels of detail (for tests and the benchmark). */
  get triangles(): number {
    let n = 0;
    for (const t of this.templates)
      for (const level of t.draws)
        for (const d of level) n += (d.geometry.instanceCount * (d.geometry.index?.count ?? 0)) / 3;
    return n;
  }

  /** Frees the GPU resources. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.group.removeFromParent();
    for (const d of this.disposables) d.dispose();
  }

  private addTemplate(
    members: [string, readonly WireBody[]][],
    meshAt: (index: number, level: number) => THREE.BufferGeometry,
    textures: readonly (THREE.Texture | undefined)[],
  ): void {
    const bodies = members[0]![1];
    const parts: { part: WirePart; body: number }[] = bodies.flatMap((b, body) =>
      b.parts.map((part) => ({ part, body })),
    );
    const capacity = members.length;
    const matrices = new THREE.DataTexture(
      new Float32Array(4 * bodies.length * capacity * 4),
      4 * bodies.length,
      capacity,
      THREE.RGBAFormat,
      THREE.FloatType,
    );
    const colors = new THREE.DataTexture(
      new Float32Array(parts.length * capacity * 4),
      Math.max(1, parts.length),
      capacity,
      THREE.RGBAFormat,
      THREE.FloatType,
    );
    this.disposables.push(matrices, colors);
    const colorData = colors.image.data as Float32Array;
    const color = new THREE.Color();
    members.forEach(([, own], slot) => {
      own
        .flatMap((b) => b.parts)
        .forEach((p, i) => {
          color.set(p.color);
          colorData.set([color.r, color.g, color.b, 1], 4 * (slot * parts.length + i));
        });
    });
    colors.needsUpdate = true;
    const groups = new Map<number, number[]>();
    parts.forEach(({ part }, i) => {
      const texture = part.texture !== undefined && textures[part.texture] ? part.texture : -1;
      const list = groups.get(texture);
      if (list) list.push(i);
      else groups.set(texture, [i]);
    });
    const template: Template = {
      bodies: bodies.length,
      parts: parts.map((p) => p.part),
      matrices,
      colors,
      draws: [],
      owners: [],
      dirty: true,
    };
    const primitives = new Map<string, THREE.BufferGeometry>();
    const materials = new Map<number, THREE.ShaderMaterial>();
    for (let level = 0; level < LEVELS.length; level++) {
      const draws: Template['draws'][number] = [];
      for (const [texture, indices] of groups) {
        const textured = texture >= 0;
        const pieces = indices.map((i) => {
          const { part, body } = parts[i]!;
          let source: THREE.BufferGeometry;
          if (part.shape.kind === 'mesh') source = meshAt(part.shape.mesh, level);
          else {
            const key = JSON.stringify(part.shape);
            source = primitives.get(key) ?? primitiveGeometry(part.shape);
            primitives.set(key, source);
          }
          return placedPiece(source, part, body, i, textured);
        });
        const merged = mergeGeometries(pieces, false);
        for (const piece of pieces) piece.dispose();
        if (!merged) continue;
        const geometry = new THREE.InstancedBufferGeometry();
        for (const name of Object.keys(merged.attributes)) geometry.setAttribute(name, merged.getAttribute(name));
        geometry.setIndex(merged.index);
        const slots = new THREE.InstancedBufferAttribute(new Float32Array(capacity), 1);
        slots.setUsage(THREE.DynamicDrawUsage);
        geometry.setAttribute('slot', slots);
        geometry.instanceCount = 0;
        let material = materials.get(texture);
        if (!material) {
          material = appearanceMaterial(textured ? textures[texture] : undefined, matrices, colors);
          materials.set(texture, material);
          this.disposables.push(material);
        }
        const mesh = new THREE.Mesh(geometry, material);
        // Bodies spread over the field and nearly always in view: bounding them costs more than it saves.
        mesh.frustumCulled = false;
        mesh.visible = false;
        this.group.add(mesh);
        this.disposables.push(geometry);
        draws.push({ mesh, geometry, slots });
      }
      template.draws.push(draws);
    }
    for (const g of primitives.values()) g.dispose();
    members.forEach(([name], slot) => {
      const owner: Owner = { template, slot, links: undefined, level: 0 };
      template.owners.push(owner);
      this.owners.set(name, owner);
    });
    this.templates.push(template);
  }

  /** Writes an owner's body matrices into its row of its template's matrix texture. */
  private writeMatrices(owner: Owner): void {
    const links = owner.links!;
    const template = owner.template;
    const data = template.matrices.image.data as Float32Array;
    const row = owner.slot * template.bodies * 16;
    for (let b = 0; b < template.bodies; b++) {
      const o = 7 * b;
      this.position.set(mm(links[o]!), mm(links[o + 1]!), mm(links[o + 2]!));
      this.quaternion.set(links[o + 4]!, links[o + 5]!, links[o + 6]!, links[o + 3]!).normalize();
      this.matrix.compose(this.position, this.quaternion, this.unit);
      data.set(this.matrix.elements, row + 16 * b);
    }
    template.matrices.needsUpdate = true;
    template.dirty = true;
  }
}

/** Which rows each level's draws show: the posed owners at that level. */
function writeDraws(template: Template): void {
  template.dirty = false;
  template.draws.forEach((draws, level) => {
    const shown = template.owners.filter((o) => o.links && o.level === level);
    for (const d of draws) {
      shown.forEach((o, i) => (d.slots.array[i] = o.slot));
      d.slots.needsUpdate = true;
      d.geometry.instanceCount = shown.length;
      // A level nobody is at costs no draw call.
      d.mesh.visible = shown.length > 0;
    }
  });
}
