import { describe, expect, it } from 'vitest';
import type { Pose3 } from '@robot-runtime/math/types';
import { multiplyRotation, rotationY, rotationZ } from '@robot-runtime/math/rotation';
import { loadScene } from '../scene/loadScene';
import { SPL_FIELD } from '../scene/extractModel';
import { robotCameraPose } from './cameraPose';
import { intrinsicsFromOpeningAngles, projectPoint } from './CameraIntrinsics';
import { renderCameraImage } from './renderCameraImage';
import type { RenderPart, RenderScene } from './RenderScene';
import { yuyvPixel, type Yuv } from '@robot-runtime/math/colorSpace';

const deg = (d: number): number => (d * Math.PI) / 180;
const upper = intrinsicsFromOpeningAngles(640, 480, deg(56.3), deg(43.7));

// A camera 2 m before the centre spot, 500 mm high, looking straight at the centre spot.
const pitch = Math.atan2(500, 2000);
const camera: Pose3 = {
  rotation: multiplyRotation(rotationZ(0), rotationY(pitch)),
  translation: { x: -2000, y: 0, z: 500 },
};
const ball = { position: { x: -400, y: 300, z: 50 }, radius: 50, color: { r: 255, g: 128, b: 0, a: 255 } };
const scene: RenderScene = {
  field: SPL_FIELD,
  ball,
  robots: [
    {
      pose: { rotation: Math.PI, translation: { x: 1500, y: -800 } },
      fallen: false,
      color: { r: 255, g: 0, b: 0, a: 255 },
    },
  ],
};

const isGreen = (p: Yuv): boolean => p.y > 50 && p.y < 130 && p.u < 115 && p.v < 115;
const isWhite = (p: Yuv): boolean => p.y > 200 && Math.abs(p.u - 128) < 12 && Math.abs(p.v - 128) < 12;
const isOrange = (p: Yuv): boolean => p.y > 100 && p.y < 200 && p.u < 90 && p.v > 170;

function pixelAt(image: Uint8Array, point: { x: number; y: number; z: number }): Yuv {
  const q = projectPoint(camera, upper, point)!;
  expect(q.x).toBeGreaterThanOrEqual(0);
  expect(q.x).toBeLessThan(640);
  expect(q.y).toBeGreaterThanOrEqual(0);
  expect(q.y).toBeLessThan(480);
  return yuyvPixel(image, 640, Math.floor(q.x), Math.floor(q.y));
}

describe('camera images', () => {
  it('projects with the pinhole model from the opening angles', () => {
    expect(upper.fx).toBeCloseTo(320 / Math.tan(deg(56.3) / 2));
    const centre = projectPoint(camera, upper, { x: 0, y: 0, z: 0 })!;
    expect(centre.x).toBeCloseTo(320);
    expect(centre.y).toBeCloseTo(240);
    // Left in the world is left in the image; above is up.
    expect(projectPoint(camera, upper, { x: 0, y: 500, z: 0 })!.x).toBeLessThan(320);
    expect(projectPoint(camera, upper, { x: 0, y: 0, z: 300 })!.y).toBeLessThan(240);
    expect(projectPoint(camera, upper, { x: -3000, y: 0, z: 0 })).toBeUndefined();
  });

  it('renders the field green, lines white, the ball orange where the pinhole model puts it', () => {
    const image = renderCameraImage(scene, camera, upper);
    expect(image).toHaveLength(640 * 480 * 2);
    expect(isGreen(pixelAt(image, { x: -1000, y: -400, z: 0 }))).toBe(true);
    // Points on the centre circle, the halfway line and the centre mark.
    expect(isWhite(pixelAt(image, { x: -750, y: 0, z: 0 }))).toBe(true);
    expect(isWhite(pixelAt(image, { x: 0, y: -1000, z: 0 }))).toBe(true);
    expect(isWhite(pixelAt(image, { x: -530, y: -530, z: 0 }))).toBe(true);
    // The ball's centre and a point inside its silhouette.
    expect(isOrange(pixelAt(image, ball.position))).toBe(true);
    expect(isOrange(pixelAt(image, { x: -400, y: 300 + 30, z: 50 }))).toBe(true);
    // The circle line is 50 mm wide: 1.26 m away that is ~27 px seen flat, ~7 px foreshortened at this angle.
    const near = projectPoint(camera, upper, { x: -775, y: 0, z: 0 })!,
      far = projectPoint(camera, upper, { x: -725, y: 0, z: 0 })!;
    expect(isGreen(yuyvPixel(image, 640, 320, Math.ceil(near.y) + 2))).toBe(true);
    expect(isGreen(yuyvPixel(image, 640, 320, Math.floor(far.y) - 2))).toBe(true);
    // The robot (red jersey) and the sky above the horizon.
    const jersey = pixelAt(image, { x: 1500, y: -800, z: 450 });
    expect(jersey.v).toBeGreaterThan(200);
    expect(yuyvPixel(image, 640, 320, 0).y).toBeGreaterThan(150);
    // The far goal's posts are white, in front of the sky.
    expect(isWhite(pixelAt(image, { x: 4525, y: 800, z: 600 }))).toBe(true);
  });

  it('renders a robot camera of a scene (lower camera 320×240), deterministically into any buffer', () => {
    const model = loadScene('scenes/BH.ros3');
    const nao = model.robots[0]!.model;
    const bottom = nao.cameras.find((c) => c.name === 'CameraBottom')!;
    const lower = intrinsicsFromOpeningAngles(bottom.imageWidth, bottom.imageHeight, bottom.angleX, bottom.angleY);
    const robotPose = { rotation: 0, translation: { x: -1000, y: 0 } };
    const pose = robotCameraPose(robotPose, 333, bottom, { HeadPitch: deg(10) });
    // A ball 300 mm in front of the robot is seen by the lower camera.
    const seen: RenderScene = { field: model.field, ball: { ...ball, position: { x: -700, y: 0, z: 50 } }, robots: [] };
    const image = renderCameraImage(seen, pose, lower);
    expect(image).toHaveLength(320 * 240 * 2);
    const q = projectPoint(pose, lower, { x: -700, y: 0, z: 50 })!;
    expect(isOrange(yuyvPixel(image, 320, Math.floor(q.x), Math.floor(q.y)))).toBe(true);

    const buffer = new Uint8Array(640 * 480 * 2);
    // How long an image takes is a figure of `npm run bench` (sim rows), not of this test.
    renderCameraImage(scene, camera, upper, buffer);
    // Deterministic output, also into a buffer not aligned for 32-bit words (filled byte by byte).
    expect(Buffer.from(renderCameraImage(scene, camera, upper)).equals(Buffer.from(buffer))).toBe(true);
    const unaligned = new Uint8Array(640 * 480 * 2 + 1).subarray(1);
    expect(Buffer.from(renderCameraImage(scene, camera, upper, unaligned)).equals(Buffer.from(buffer))).toBe(true);
  });

  it('poses an articulated robot only when a camera can see it', () => {
    // One box part: the torso of a robot 1.5 m in front of the camera (red), or behind it.
    const torso: RenderPart = {
      shape: 'box',
      pose: { rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1], translation: { x: 0, y: 0, z: 400 } },
      depth: 100,
      width: 200,
      height: 200,
      radius: 0,
      color: { r: 255, g: 0, b: 0, a: 255 },
    };
    let posed = 0;
    const robotAt = (x: number): RenderScene['robots'][number] => ({
      pose: { rotation: 0, translation: { x, y: 0 } },
      fallen: false,
      color: { r: 255, g: 0, b: 0, a: 255 },
      parts: () => {
        posed++;
        return [{ ...torso, pose: { ...torso.pose, translation: { x, y: 0, z: 400 } } }];
      },
    });
    const ahead = renderCameraImage({ field: SPL_FIELD, ball: undefined, robots: [robotAt(-500)] }, camera, upper);
    expect(posed).toBe(1);
    expect(pixelAt(ahead, { x: -500, y: 0, z: 400 }).v).toBeGreaterThan(200);
    renderCameraImage({ field: SPL_FIELD, ball: undefined, robots: [robotAt(-3500)] }, camera, upper);
    expect(posed).toBe(1);
  });
});
