/**
 * @file The scene's own look of its moving bodies for the 3-D view, built once per simulation: every articulated
 * robot's bodies with their appearance parts (meshes shared between robots and sent once, as bytes), the ball's
 * (with its texture file), and per frame the bodies' poses in the order given here (simulationFrame.ts).
 */
import type { Pose3 } from '@robot-runtime/math/types';
import { quaternionFromMatrix } from '@app/simulator/geometry/quaternion';
import { appearanceParts, shownColor, type AppearancePart } from '@app/simulator/scene/appearance';
import type { Mesh } from '@app/simulator/scene/meshData';
import { childNamed } from '@app/simulator/scene/sceneGraph';
import { textureImage } from '@app/simulator/scene/textureImage';
import { worldLooks } from '@app/simulator/physics/mujoco/bodyLooks';
import type { Simulation } from '@app/simulator/index';
import type { SceneAppearance, WireBody, WireMesh, WirePart, WireShape } from '@app/ipc/simulation';
import { cssColor } from './sceneDescription';

/** Parts without a Surface are drawn in this grey. */
const NO_SURFACE = '#808080';

const cache = new WeakMap<Simulation, SceneAppearance>();

/** The appearance of `sim`'s scene (built on first use, then kept with the simulation). */
export function sceneAppearance(sim: Simulation): SceneAppearance {
  let appearance = cache.get(sim);
  if (!appearance) cache.set(sim, (appearance = buildAppearance(sim)));
  return appearance;
}

/** Per robot the MuJoCo bodies whose poses `RobotFrame.links` carries (articulated scenes only). */
export function linkBodies(sim: Simulation): Map<string, number[]> | undefined {
  return sim.articulated && worldLooks(sim.articulated).bodyIds;
}

function buildAppearance(sim: Simulation): SceneAppearance {
  const meshes: WireMesh[] = [];
  const meshIndex = new Map<Mesh, number>();
  const textures: { png: Uint8Array }[] = [];
  const textureIndex = new Map<string, number>();
  const bytes = (a: Float32Array | Uint32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const shape = (p: AppearancePart): WireShape => {
    if (p.shape === 'mesh') {
      const mesh = p.mesh!;
      let index = meshIndex.get(mesh);
      if (index === undefined) {
        meshIndex.set(mesh, (index = meshes.length));
        meshes.push({
          vertices: bytes(mesh.vertices),
          ...(mesh.normals ? { normals: bytes(mesh.normals) } : {}),
          triangles: bytes(mesh.triangles),
        });
      }
      return { kind: 'mesh', mesh: index };
    }
    if (p.shape === 'box') return { kind: 'box', size: [p.depth, p.width, p.height] };
    if (p.shape === 'sphere') return { kind: 'sphere', radius: p.radius };
    return { kind: p.shape, radius: p.radius, height: p.height };
  };
  const texture = (p: AppearancePart): number | undefined => {
    const file = p.shape === 'sphere' ? p.surface?.diffuseTexture : undefined;
    if (!file) return undefined;
    let index = textureIndex.get(file);
    if (index === undefined) {
      const image = textureImage(file);
      if (!image) return undefined;
      textureIndex.set(file, (index = textures.length));
      textures.push({ png: image.png });
    }
    return index;
  };
  const part = (p: AppearancePart): WirePart => {
    const t = texture(p);
    return {
      shape: shape(p),
      pose: wirePose(p.pose),
      color: p.surface ? cssColor(shownColor(p.surface)) : NO_SURFACE,
      ...(t !== undefined ? { texture: t } : {}),
    };
  };
  const body = (name: string, parts: AppearancePart[]): WireBody => ({ name, parts: parts.map(part) });
  const looks = sim.articulated && worldLooks(sim.articulated);
  const robots = looks
    ? [...looks.robots].map(([name, bodies]) => ({ name, bodies: bodies.map((b) => body(b.name, b.parts)) }))
    : [];
  const ballNode = sim.scene.graph && childNamed(sim.scene.graph, 'balls')?.children[0];
  const ballParts = looks?.ball?.parts ?? (ballNode ? appearanceParts(ballNode) : []);
  return {
    meshes,
    textures,
    robots,
    ...(ballParts.length > 0 ? { ball: body(sim.scene.ball?.name ?? 'ball', ballParts) } : {}),
  };
}

/** Position (m) and quaternion (w, x, y, z) of a pose in metres. */
function wirePose(p: Pose3): number[] {
  const q = quaternionFromMatrix(p.rotation);
  return [p.translation.x, p.translation.y, p.translation.z, q.w, q.x, q.y, q.z];
}
