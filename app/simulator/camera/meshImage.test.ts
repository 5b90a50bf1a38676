/**
 * Camera images of B-Human's NAO drawn from its meshes (BH.ros3, read from the shared test corpus, never copied),
 * checked against an independent projection of the same triangles: every triangle of the full mesh placed where
 * MuJoCo has its body, projected with the pinhole model of CameraIntrinsics.ts and filled pixel by pixel. Also
 * occlusion between the rasterized robot and the ray-traced ball, a robot's own camera, and determinism.
 */
import { describe, expect, it } from 'vitest';
import type { ColorRGBA, Pose3, Vec2 } from '@robot-runtime/math/types';
import { composePose3, pose3ToGlobal, rotationZ } from '@robot-runtime/math/rotation';
import { matrixFromQuaternion } from '../geometry/quaternion';
import { ArticulatedWorld } from '../physics/mujoco/ArticulatedWorld';
import { worldLooks } from '../physics/mujoco/bodyLooks';
import { CORPUS_SCENES } from '../scene/corpusSceneFiles';
import { loadScene } from '../scene/loadScene';
import { articulatedBodies } from './articulatedBodies';
import { intrinsicsFromOpeningAngles, projectPoint, type CameraIntrinsics } from './CameraIntrinsics';
import { renderCameraImage } from './renderCameraImage';
import { renderSceneFromState, type RenderScene } from './RenderScene';

const deg = (d: number): number => (d * Math.PI) / 180;
const upper = intrinsicsFromOpeningAngles(640, 480, deg(56.3), deg(43.7));
const BLACK: ColorRGBA = { r: 0, g: 0, b: 0, a: 255 };
/** B-Human's NAO in BH.ros3: at x = 0.9 m, facing the other goal (−x). */
const NAO = 'robot5';

/**
 * A camera `distance` mm to the NAO's right at 300 mm height, looking at it (along +y): the dummies of BH.ros3
 * stand between the NAO and a camera before it.
 */
function facing(distance: number): Pose3 {
  return { rotation: rotationZ(Math.PI / 2), translation: { x: 900, y: -distance, z: 300 } };
}

/** The pixels (row by row) whose Y is below 10: where the robot, drawn black, shows (nothing else is that dark). */
function darkMask(yuyv: Uint8Array): Uint8Array {
  const mask = new Uint8Array(yuyv.length / 2);
  for (let i = 0; i < mask.length; i++) mask[i] = yuyv[2 * i]! < 10 ? 1 : 0;
  return mask;
}

/** |A ∩ B| / |A ∪ B| of two masks, and the size of A. */
function overlap(a: Uint8Array, b: Uint8Array): { iou: number; size: number } {
  let both = 0,
    either = 0,
    size = 0;
  for (let i = 0; i < a.length; i++) {
    size += a[i]!;
    both += a[i]! & b[i]!;
    either += a[i]! | b[i]!;
  }
  return { iou: both / either, size };
}

/**
 * The independent silhouette: every triangle of every mesh of the robot (full resolution, both sides), placed by
 * its body's pose from MuJoCo and its part's pose in the body, projected by `projectPoint` (pixel centres at
 * +0.5) and filled where a pixel centre lies inside.
 */
function projectedSilhouette(world: ArticulatedWorld, camera: Pose3, k: CameraIntrinsics): Uint8Array {
  const mask = new Uint8Array(k.width * k.height);
  const bodies = worldLooks(world).robots.get(NAO)!;
  const poses = world.bodyPoses(bodies.map((b) => b.body));
  bodies.forEach((body, i) => {
    const [x, y, z, w, qx, qy, qz] = poses.slice(7 * i, 7 * i + 7) as number[];
    const bodyPose: Pose3 = {
      rotation: matrixFromQuaternion({ w: w!, x: qx!, y: qy!, z: qz! }),
      translation: { x: x!, y: y!, z: z! },
    };
    for (const part of body.parts) {
      if (part.shape !== 'mesh') continue;
      const t = part.pose.translation;
      const pose = composePose3(bodyPose, {
        rotation: part.pose.rotation,
        translation: { x: t.x * 1000, y: t.y * 1000, z: t.z * 1000 },
      });
      const { vertices, triangles } = part.mesh!;
      const pixel = (v: number): Vec2 | undefined =>
        projectPoint(
          camera,
          k,
          pose3ToGlobal(pose, {
            x: vertices[3 * v]! * 1000,
            y: vertices[3 * v + 1]! * 1000,
            z: vertices[3 * v + 2]! * 1000,
          }),
        );
      for (let f = 0; f < triangles.length; f += 3) {
        const a = pixel(triangles[f]!),
          b = pixel(triangles[f + 1]!),
          c = pixel(triangles[f + 2]!);
        if (a && b && c) fillTriangle(mask, k.width, k.height, a, b, c);
      }
    }
  });
  return mask;
}

/** Marks the pixels whose centre (column + 0.5, row + 0.5) lies inside the triangle, whichever way it turns. */
function fillTriangle(mask: Uint8Array, width: number, height: number, a: Vec2, b: Vec2, c: Vec2): void {
  const side = (p: Vec2, q: Vec2, x: number, y: number): number => (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x);
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x, c.x))),
    x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x, c.x)));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y, c.y))),
    y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y, c.y)));
  for (let row = y0; row <= y1; row++) {
    for (let col = x0; col <= x1; col++) {
      const x = col + 0.5,
        y = row + 0.5;
      const s1 = side(a, b, x, y),
        s2 = side(b, c, x, y),
        s3 = side(c, a, x, y);
      if ((s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)) mask[row * width + col] = 1;
    }
  }
}

/** The scene with the NAO's parts all black (its silhouette alone is dark) and the ball far out of view. */
function blackNao(world: ArticulatedWorld, model: ReturnType<typeof loadScene>): RenderScene {
  const state = world.getState();
  const scene = renderSceneFromState(model, state, articulatedBodies(world));
  return {
    ...scene,
    ball: undefined,
    robots: scene.robots.map((r, i) => {
      const parts = r.parts;
      if (state.robots[i]!.name !== NAO || !parts) return r;
      return { ...r, parts: () => parts().map((p) => ({ ...p, color: BLACK })) };
    }),
  };
}

async function standingWorld(): Promise<{ world: ArticulatedWorld; model: ReturnType<typeof loadScene> }> {
  const model = loadScene(`${CORPUS_SCENES}/BH.ros3`);
  const world = await ArticulatedWorld.create(model);
  world.moveBall({ x: -3000, y: 2500 });
  for (let i = 0; i < 20; i++) world.step();
  return { world, model };
}

describe("camera images of B-Human's NAO from its meshes", () => {
  it('show the silhouette the projected triangles make: full detail at 1.2 m, 12 mm clusters at 2.5 m', async () => {
    const { world, model } = await standingWorld();
    try {
      const scene = blackNao(world, model);
      for (const distance of [1200, 2500]) {
        const camera = facing(distance);
        const rendered = darkMask(renderCameraImage(scene, camera, upper));
        const projected = projectedSilhouette(world, camera, upper);
        const { iou, size } = overlap(projected, rendered);
        // Seen from the side, the NAO covers some 12,000 pixels at 1.2 m and a quarter of that at 2.5 m.
        expect(size).toBeGreaterThan(distance === 1200 ? 10_000 : 2_500);
        expect(iou, `at ${distance} mm`).toBeGreaterThanOrEqual(0.9);
      }
    } finally {
      world.dispose();
    }
  });

  it('share the depth buffer with the ray-traced ball: in front it hides the robot, behind the robot it is hidden', async () => {
    const { world, model } = await standingWorld();
    try {
      const camera = facing(1200);
      const scene = blackNao(world, model);
      const robotOnly = darkMask(renderCameraImage(scene, camera, upper));
      const orange: ColorRGBA = { r: 255, g: 128, b: 0, a: 255 };
      for (const y of [-600, 400]) {
        const position = { x: 900, y, z: 330 };
        const image = renderCameraImage({ ...scene, ball: { position, radius: 50, color: orange } }, camera, upper);
        const centre = projectPoint(camera, upper, position)!;
        const r = (50 / (y - camera.translation.y)) * upper.fx * 0.7;
        let robotThere = 0,
          dark = 0,
          ballColoured = 0;
        for (let dy = -r; dy <= r; dy++) {
          for (let dx = -r; dx <= r; dx++) {
            if (dx * dx + dy * dy > r * r) continue;
            const i = Math.floor(centre.y + dy) * upper.width + Math.floor(centre.x + dx);
            robotThere += robotOnly[i]!;
            if (image[2 * i]! < 10) dark++;
            else if (image[((2 * i) & ~3) | 3]! > 160) ballColoured++;
          }
        }
        // The ball's disc lies over the robot's torso either way.
        expect(robotThere).toBeGreaterThan(100);
        if (y < 0) expect(dark, 'ball in front').toBe(0);
        else expect(dark, 'ball behind').toBe(robotThere);
        if (y > 0) expect(ballColoured, 'ball behind: shown only beside the robot').toBeLessThan(robotThere);
        else expect(ballColoured, 'ball in front').toBeGreaterThan(robotThere / 2);
      }
    } finally {
      world.dispose();
    }
  });

  it("show the NAO's own upper camera the field, not the inside of its head", async () => {
    const { world, model } = await standingWorld();
    try {
      const image = renderCameraImage(blackNao(world, model), world.cameraPose(NAO, 'upper')!, upper);
      const dark = darkMask(image).reduce((n, m) => n + m, 0);
      expect(dark / (upper.width * upper.height)).toBeLessThan(0.05);
    } finally {
      world.dispose();
    }
  });

  it('are the same bytes however often and after whatever else is rendered', async () => {
    const { world, model } = await standingWorld();
    try {
      const scene = renderSceneFromState(model, world.getState(), articulatedBodies(world));
      const camera = facing(1500);
      const first = renderCameraImage(scene, camera, upper);
      const lower = intrinsicsFromOpeningAngles(320, 240, deg(56.3), deg(43.7));
      renderCameraImage(scene, facing(3000), lower);
      renderCameraImage(scene, facing(600), upper);
      expect(Buffer.from(renderCameraImage(scene, camera, upper)).equals(Buffer.from(first))).toBe(true);
    } finally {
      world.dispose();
    }
  });
});
