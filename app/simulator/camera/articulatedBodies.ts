/**
 * The articulated world's bodies for the software camera: every robot's camera primitives (bodyLooks.ts) placed
 * where MuJoCo has their bodies, and the ball's orientation. Computed at most once per simulation step, however many
 * cameras render in it, and a robot's parts only if a camera can see it.
 */
import type { ColorRGBA, Pose3 } from '@robot-runtime/math/types';
import { composePose3 } from '@robot-runtime/math/rotation';
import { matrixFromQuaternion } from '../geometry/quaternion';
import type { ArticulatedWorld } from '../physics/mujoco/ArticulatedWorld';
import { worldLooks, type BodyLook } from '../physics/mujoco/bodyLooks';
import type { RenderBodies, RenderPart } from './RenderScene';

/** Parts without a Surface are drawn in this grey. */
const GREY: ColorRGBA = { r: 128, g: 128, b: 128, a: 255 };

const cache = new WeakMap<ArticulatedWorld, { time: number; bodies: RenderBodies }>();

/**
 * The world's bodies as the camera renderer draws them, at the world's current time. A robot's parts are posed
 * when the renderer first asks for them: most robots are out of view of a camera.
 */
export function articulatedBodies(world: ArticulatedWorld): RenderBodies {
  const cached = cache.get(world);
  if (cached && cached.time === world.time) return cached.bodies;
  const looks = worldLooks(world);
  const robots = new Map<string, () => readonly RenderPart[]>();
  for (const [name, bodies] of looks.robots) {
    if (!bodies.some((b) => b.camera.length > 0)) continue;
    let parts: RenderPart[] | undefined;
    robots.set(name, () => (parts ??= posedParts(world, bodies)));
  }
  const ball = looks.ball;
  const ballRotation = ball ? poseOf(world.bodyPoses([ball.body]), 0).rotation : undefined;
  const bodies = { robots, ballRotation };
  cache.set(world, { time: world.time, bodies });
  return bodies;
}

/** A robot's camera primitives placed where MuJoCo has their bodies (mm). */
function posedParts(world: ArticulatedWorld, bodies: readonly BodyLook[]): RenderPart[] {
  const poses: number[] = [];
  world.bodyPoses(
    bodies.map((b) => b.body),
    poses,
  );
  const parts: RenderPart[] = [];
  bodies.forEach((b, i) => {
    if (b.camera.length === 0) return;
    const bodyPose = poseOf(poses, 7 * i);
    for (const p of b.camera) {
      const local = p.pose.translation;
      const pose = composePose3(bodyPose, {
        rotation: p.pose.rotation,
        translation: { x: local.x * 1000, y: local.y * 1000, z: local.z * 1000 },
      });
      parts.push({
        shape: p.shape as RenderPart['shape'],
        pose,
        depth: p.depth * 1000,
        width: p.width * 1000,
        height: p.height * 1000,
        radius: p.radius * 1000,
        color: p.surface?.diffuseColor ?? GREY,
      });
    }
  });
  return parts;
}

/** The pose (mm) of 7 numbers at `o`: position and quaternion w, x, y, z. */
function poseOf(values: readonly number[], o: number): Pose3 {
  const [x, y, z, w, qx, qy, qz] = values.slice(o, o + 7) as [number, number, number, number, number, number, number];
  return { rotation: matrixFromQuaternion({ w, x: qx, y: qy, z: qz }), translation: { x, y, z } };
}
