/**
 * @file Benchmark of camera images with robots drawn from their meshes: B-Human's 14 NAOs (its Game scene, read
 * from the shared corpus) standing in view of one camera from 1.2 to 7.4 m away, so that every level of detail is
 * drawn, rendered at 640×480 and 320×240 with the robots' meshes and, as the same run's baseline, from their
 * collision primitives as the images drew them before; and the same view without robots (field, goals, ball).
 * Times are the main thread's CPU time per image.
 */
import fs from 'node:fs';
import path from 'node:path';
import { rotationY } from '@robot-runtime/math/rotation';
import type { Pose3 } from '@robot-runtime/math/types';
import { articulatedBodies, type CameraLook } from '../../simulator/camera/articulatedBodies';
import { intrinsicsFromOpeningAngles } from '../../simulator/camera/CameraIntrinsics';
import { renderCameraImage } from '../../simulator/camera/renderCameraImage';
import { renderSceneFromState, type RenderScene } from '../../simulator/camera/RenderScene';
import { ArticulatedWorld } from '../../simulator/physics/mujoco/ArticulatedWorld';
import { loadScene } from '../../simulator/scene/loadScene';
import { DEFAULT_CONFIG_ROOT } from '../../simulator/simulation/robotConfig';
import type { BenchRow } from './BenchRow';
import { mainThreadCpuMs } from './mainThreadCpu';

const GAME = path.resolve(DEFAULT_CONFIG_ROOT, '../../shared/corpus/bhuman/Config/Scenes/Game.ros3');
/** Least CPU time per measurement: 100 ticks of the thread clock. */
const MIN_CPU_MS = 1000;
/** The camera: behind the robots at a NAO's head height, looking along the field, a little down. */
const CAMERA: Pose3 = {
  rotation: rotationY(0.08),
  translation: { x: -4000, y: 0, z: 480 },
};
const deg = (d: number): number => (d * Math.PI) / 180;

/** The scene with its robots spread in front of the camera, facing it, as the camera draws them with `look`. */
async function robotsInView(): Promise<{ world: ArticulatedWorld; scene: (look: CameraLook) => RenderScene }> {
  const model = loadScene(GAME);
  const world = await ArticulatedWorld.create(model);
  // Nearer robots to the sides, farther ones between them: bearings in ±0.42 rad (the image's half width is 0.49).
  model.robots.forEach((r, i) => {
    const d = 1200 + 480 * i;
    const bearing = -0.42 + (0.84 * ((5 * i) % 14)) / 13;
    world.moveRobot(r.name, {
      rotation: Math.PI,
      translation: { x: CAMERA.translation.x + d, y: d * Math.tan(bearing) },
    });
  });
  world.moveBall({ x: -3000, y: 300 });
  world.step();
  const state = world.getState();
  return { world, scene: (look) => renderSceneFromState(model, state, articulatedBodies(world, look)) };
}

/** Main-thread CPU ms per image of `scene` at `width`×`height` (after a warm-up). */
function msPerImage(scene: RenderScene, width: number, height: number): number {
  const k = intrinsicsFromOpeningAngles(width, height, deg(56.3), deg(43.7));
  const image = new Uint8Array(width * height * 2);
  for (let i = 0; i < 5; i++) renderCameraImage(scene, CAMERA, k, image);
  const start = mainThreadCpuMs();
  let n = 0;
  while (mainThreadCpuMs() - start < MIN_CPU_MS) {
    renderCameraImage(scene, CAMERA, k, image);
    n++;
  }
  return (mainThreadCpuMs() - start) / n;
}

/** The rows: per image size the cost with meshes against the cost with collision primitives. */
export async function cameraMeshRows(): Promise<BenchRow[]> {
  if (!fs.existsSync(GAME)) return [];
  const { world, scene } = await robotsInView();
  try {
    const meshes = scene('appearance'),
      primitives = scene('collision');
    return [
      [640, 480],
      [320, 240],
    ].flatMap(([width, height]): BenchRow[] => [
      {
        group: 'simulator',
        name: `camera image ${width}×${height} YUYV, B-Human's 14 NAOs in view (1.2–7.4 m), drawn from their meshes`,
        value: msPerImage(meshes, width!, height!),
        unit: 'ms',
        baseline: { name: 'from collision primitives', value: msPerImage(primitives, width!, height!) },
        ...(width === 640 ? { goal: '≤ 1 amortized (issue 39)' } : {}),
      },
      {
        group: 'simulator',
        name: `camera image ${width}×${height} YUYV, the same view without robots`,
        value: msPerImage({ ...meshes, robots: [] }, width!, height!),
        unit: 'ms',
      },
    ]);
  } finally {
    world.dispose();
  }
}
