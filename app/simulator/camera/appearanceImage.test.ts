/**
 * Camera images of B-Human's BH.ros3 (read from the shared test corpus, never copied) on the articulated world:
 * the NAO drawn with its bodies' meshes where MuJoCo has them, the ball with its black-and-white texture.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import type { Pose3 } from '@robot-runtime/math/types';
import { multiplyRotation, rotationY, rotationZ } from '@robot-runtime/math/rotation';
import { yuyvPixel } from '@robot-runtime/math/colorSpace';
import { ArticulatedWorld } from '../physics/mujoco/ArticulatedWorld';
import { loadScene } from '../scene/loadScene';
import { articulatedBodies } from './articulatedBodies';
import { intrinsicsFromOpeningAngles, projectPoint } from './CameraIntrinsics';
import { renderCameraImage } from './renderCameraImage';
import { renderSceneFromState } from './RenderScene';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const SCENES = sharedCorpus('bhuman', 'Config', 'Scenes');

const deg = (d: number): number => (d * Math.PI) / 180;
const k = intrinsicsFromOpeningAngles(640, 480, deg(56.3), deg(43.7));

describe("camera images with the scene's appearance", () => {
  it("draws B-Human's NAO from its bodies' meshes as MuJoCo poses them and the textured SPL ball", async () => {
    const model = loadScene(join(SCENES, 'BH.ros3'));
    const world = await ArticulatedWorld.create(model);
    try {
      world.moveBall({ x: 300, y: 0 });
      for (let i = 0; i < 20; i++) world.step();
      const state = world.getState();
      const scene = renderSceneFromState(model, state, articulatedBodies(world));
      const robot = scene.robots.find((_, i) => state.robots[i]!.name === 'robot5')!;
      expect(robot.parts!().length).toBeGreaterThanOrEqual(10);
      expect(scene.ball!.texture).toMatchObject({ width: 300, height: 150 });
      // From 1.3 m beside the ball and the NAO behind it (robot5 at x = 0.9 m), at head height, looking at them.
      const camera: Pose3 = {
        rotation: multiplyRotation(rotationZ(Math.PI / 2), rotationY(Math.atan2(400, 1300))),
        translation: { x: 600, y: -1300, z: 450 },
      };
      const image = renderCameraImage(scene, camera, k);
      saveForLooking(image);
      // The ball: dark patches and white panels within its outline.
      const centre = projectPoint(camera, k, state.ball!.position)!;
      let dark = 0,
        bright = 0;
      for (let dy = -10; dy <= 10; dy++)
        for (let dx = -10; dx <= 10; dx++) {
          const p = yuyvPixel(image, 640, Math.round(centre.x) + dx, Math.round(centre.y) + dy);
          if (p.y < 70) dark++;
          if (p.y > 170) bright++;
        }
      expect(dark).toBeGreaterThan(20);
      expect(bright).toBeGreaterThan(60);
      // The NAO (robot5 at x = 0.9 m): its torso at 0.35 m height is drawn grey, not carpet green or sky.
      const nao = state.robots.find((r) => r.name === 'robot5')!.pose.translation;
      const torso = projectPoint(camera, k, { x: nao.x, y: nao.y, z: 330 })!;
      const p = yuyvPixel(image, 640, Math.round(torso.x), Math.round(torso.y));
      expect(Math.abs(p.u - 128)).toBeLessThan(12);
      expect(Math.abs(p.v - 128)).toBeLessThan(12);
    } finally {
      world.dispose();
    }
  });
});

/** Keeps the image as a PNG beside the e2e screenshots (ignored by git), to look at. */
function saveForLooking(yuyv: Uint8Array): void {
  const dir = join(REPO, 'e2e', 'artifacts');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'camera-bhuman-nao-and-ball.yuyv'), yuyv);
}
