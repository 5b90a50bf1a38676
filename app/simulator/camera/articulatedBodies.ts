/**
 * The articulated world's bodies for the software camera: every robot's parts (bodyLooks.ts: its meshes and
 * primitive appearances, or the cheaper look from primitives only) placed where MuJoCo has their bodies, and the
 * ball's orientation. Computed at most once per simulation step, however many cameras render in it, and a robot's
 * parts only if a camera can see it.
 */
import type { ColorRGBA, Pose3 } from '@robot-runtime/math/types';
import { composePose3 } from '@robot-runtime/math/rotation';
import { matrixFromQuaternion } from '../geometry/quaternion';
import type { ArticulatedWorld } from '../physics/mujoco/ArticulatedWorld';
import { worldLooks, type BodyLook } from '../physics/mujoco/bodyLooks';
import { shownColor, type AppearancePart } from '../scene/appearance';
import type { SurfaceSpec } from '../scene/sceneGraph';
import type { RenderBodies, RenderPart } from './RenderScene';

/** Parts without a Surface are drawn in this grey. */
const GREY: ColorRGBA = { r: 128, g: 128, b: 128, a: 255 };

/**
 * How robots look in the images: `appearance` is the scene's own look, meshes included (what the 3-D view
 * shows); `collision` draws bodies shown only by meshes from their collision geometry (appearance.ts,
 * collisionLook), cheaper and far from a NAO's look.
 */
export type CameraLook = 'appearance' | 'collision';

const caches: Record<CameraLook, WeakMap<ArticulatedWorld, { time: number; bodies: RenderBodies }>> = {
  appearance: new WeakMap(),
  collision: new WeakMap(),
};

/**
 * The world's bodies as the camera renderer draws them, at the world's current time. A robot's parts are posed
 * when the renderer first asks for them: most robots are out of view of a camera.
 */
export function articulatedBodies(world: ArticulatedWorld, look: CameraLook = 'appearance'): RenderBodies {
  const cache = caches[look];
  const cached = cache.get(world);
  if (cached && cached.time === world.time) return cached.bodies;
  const looks = worldLooks(world);
  const robots = new Map<string, () => readonly RenderPart[]>();
  for (const [name, bodies] of looks.robots) {
    const shown = bodies.map((b) => (look === 'appearance' ? b.parts : b.collision));
    if (!shown.some((parts) => parts.length > 0)) continue;
    let parts: RenderPart[] | undefined;
    robots.set(name, () => (parts ??= posedParts(world, bodies, shown)));
  }
  const ball = looks.ball;
  const ballRotation = ball ? poseOf(world.bodyPoses([ball.body]), 0).rotation : undefined;
  const bodies = { robots, ballRotation };
  cache.set(world, { time: world.time, bodies });
  return bodies;
}

/** A robot's parts (`shown[i]` for `bodies[i]`) placed where MuJoCo has their bodies (mm). */
function posedParts(
  world: ArticulatedWorld,
  bodies: readonly BodyLook[],
  shown: readonly (readonly AppearancePart[])[],
): RenderPart[] {
  const poses: number[] = [];
  world.bodyPoses(
    bodies.map((b) => b.body),
    poses,
  );
  const parts: RenderPart[] = [];
  shown.forEach((own, i) => {
    if (own.length === 0) return;
    const bodyPose = poseOf(poses, 7 * i);
    for (const p of own) {
      const local = p.pose.translation;
      const pose = composePose3(bodyPose, {
        rotation: p.pose.rotation,
        translation: { x: local.x * 1000, y: local.y * 1000, z: local.z * 1000 },
      });
      parts.push({
        shape: p.shape,
        pose,
        depth: p.depth * 1000,
        width: p.width * 1000,
        height: p.height * 1000,
        radius: p.radius * 1000,
        color: p.surface ? colorOf(p.surface) : GREY,
        ...(p.mesh ? { mesh: p.mesh } : {}),
      });
    }
  });
  return parts;
}

const colors = new WeakMap<SurfaceSpec, ColorRGBA>();

/** A surface's shown colour, one object per surface, so the renderer converts it to YUV once. */
function colorOf(surface: SurfaceSpec): ColorRGBA {
  let color = colors.get(surface);
  if (!color) colors.set(surface, (color = shownColor(surface)));
  return color;
}

/** The pose (mm) of 7 numbers at `o`: position and quaternion w, x, y, z. */
function poseOf(values: readonly number[], o: number): Pose3 {
  const [x, y, z, w, qx, qy, qz] = values.slice(o, o + 7) as [number, number, number, number, number, number, number];
  return { rotation: matrixFromQuaternion({ w, x: qx, y: qy, z: qz }), translation: { x, y, z } };
}
