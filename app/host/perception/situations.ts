/**
 * @file Random camera situations for training and evaluating image perception: a robot somewhere on the field
 * looks with its upper or lower camera (head turned and tilted as in play), the SPL ball lies in view at 0.15..7 m
 * (sometimes cut by the image border, sometimes at a robot's feet) or elsewhere, robots stand around, and penalty
 * marks come into view often enough to learn them. Every situation is drawn from one seed, so a data set is
 * reproducible, and training and held-out sets differ only in their seeds. The truth comes with the situation:
 * the ball and the marks relative to the robot and in the image.
 */
import type { Matrix, Pose3, Vec2 } from '@robot-runtime/math/types';
import { composePose3, invertPose3, pose3ToGlobal, rotationZ } from '@robot-runtime/math/rotation';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import {
  intrinsicsFromOpeningAngles,
  projectPoint,
  type CameraIntrinsics,
} from '@app/simulator/camera/CameraIntrinsics';
import { robotCameraPose } from '@app/simulator/camera/cameraPose';
import { TEAM_COLOR_RGB, type RenderRobot, type RenderScene } from '@app/simulator/camera/RenderScene';
import { matrixFromQuaternion } from '@app/simulator/geometry/quaternion';
import type { SceneModel } from '@app/simulator/scene/SceneModel';
import type { TextureImage } from '@app/simulator/scene/textureImage';

/** Ball radius (mm). */
export const BALL_RADIUS = 50;
/** Torso height of a standing NAO (mm), as the image tests use. */
const TORSO_HEIGHT = 333;

/** The ball as the camera sees it. */
export interface BallTruth {
  /** Relative to the robot on the ground (mm). */
  onField: Vec2;
  /** Centre in the image (pixels); may lie outside the image for a ball cut by the border. */
  inImage: Vec2;
  /** Radius in the image (pixels). */
  radius: number;
  /** Share of the ball's disc inside the image (0..1); robots in front are not counted. */
  visible: number;
  /** Whether a robot stands within 300 mm of the ball (balls at robots' feet). */
  nearRobot: boolean;
}

/** A penalty mark in view. */
export interface MarkTruth {
  /** Centre relative to the robot on the ground (mm). */
  onField: Vec2;
  /** Centre in the image (pixels). */
  inImage: Vec2;
  /** Centre in field coordinates (mm). */
  atField: Vec2;
}

/** One situation: what to render and what is true. */
export interface Situation {
  camera: 'upper' | 'lower';
  scene: RenderScene;
  /** Camera-to-field pose (for the renderer). */
  cameraPose: Pose3;
  /** Camera pose relative to the robot on the ground (the CameraMatrix). */
  cameraMatrix: Pose3;
  intrinsics: CameraIntrinsics;
  ball: BallTruth | undefined;
  marks: MarkTruth[];
}

const uniform = (r: SeededRandom, a: number, b: number): number => a + (b - a) * r.next();

/** The image of a world point, undefined behind the camera. */
const toImage = (pose: Pose3, k: CameraIntrinsics, p: { x: number; y: number; z: number }) => projectPoint(pose, k, p);

/** Share of a disc (centre, radius) inside a width × height image, by sampling a 9 × 9 grid. */
function discInImage(c: Vec2, r: number, width: number, height: number): number {
  let inside = 0,
    all = 0;
  for (let i = -4; i <= 4; i++) {
    for (let j = -4; j <= 4; j++) {
      const dx = (i / 4) * r,
        dy = (j / 4) * r;
      if (dx * dx + dy * dy > r * r) continue;
      all++;
      const x = c.x + dx,
        y = c.y + dy;
      if (x >= 0 && y >= 0 && x < width && y < height) inside++;
    }
  }
  return inside / all;
}

/** Makes situations of one scene's field and NAO cameras with the SPL ball's texture. */
export function situationMaker(model: SceneModel, texture: TextureImage, seed: number): () => Situation {
  const random = new SeededRandom(seed);
  const f = model.field;
  const cameras = model.robots[0]!.model.cameras;
  const markX = f.length / 2 - f.penaltyMarkDistance;
  const teamColors = Object.values(TEAM_COLOR_RGB);
  return () => {
    const camera = random.next() < 0.5 ? 'upper' : 'lower';
    const cam = cameras[camera === 'upper' ? 0 : 1]!;
    const k = intrinsicsFromOpeningAngles(cam.imageWidth, cam.imageHeight, cam.angleX, cam.angleY);
    const head = {
      HeadYaw: uniform(random, -1, 1),
      HeadPitch: camera === 'upper' ? uniform(random, -0.15, 0.45) : uniform(random, -0.2, 0.35),
    };
    const cameraMatrix = robotCameraPose({ rotation: 0, translation: { x: 0, y: 0 } }, TORSO_HEIGHT, cam, head);
    // Where the robot stands: facing a penalty mark now and then, else anywhere on the field.
    let x: number, y: number, rotation: number;
    if (random.next() < 0.3) {
      const mark = { x: random.next() < 0.5 ? markX : -markX, y: 0 };
      const distance = uniform(random, 400, 4000),
        bearing = uniform(random, -Math.PI, Math.PI);
      x = mark.x - distance * Math.cos(bearing);
      y = mark.y - distance * Math.sin(bearing);
      // Looking at the mark through the camera: the head's yaw is part of the view direction.
      rotation = bearing - head.HeadYaw + uniform(random, -0.3, 0.3);
    } else {
      x = uniform(random, -f.length / 2 - 300, f.length / 2 + 300);
      y = uniform(random, -f.width / 2 - 300, f.width / 2 + 300);
      rotation = uniform(random, -Math.PI, Math.PI);
    }
    const onGround: Pose3 = { rotation: rotationZ(rotation), translation: { x, y, z: 0 } };
    const cameraPose = composePose3(onGround, cameraMatrix);
    const toRobot = invertPose3(onGround);
    const view = (pixel: Vec2): Vec2 | undefined => {
      // The ground point at ball height seen at `pixel`.
      const d = pose3ToGlobal(cameraPose, {
        x: 1,
        y: (k.cx - pixel.x) / k.fx,
        z: (k.cy - pixel.y) / k.fy,
      });
      const o = cameraPose.translation;
      const dz = d.z - o.z;
      if (dz >= -1e-6) return undefined;
      const s = (BALL_RADIUS - o.z) / dz;
      return { x: o.x + s * (d.x - o.x), y: o.y + s * (d.y - o.y) };
    };
    // The ball: in view most of the time (a random pixel below the horizon, also just beyond the border).
    let ballAt: Vec2 | undefined;
    if (random.next() < 0.8) {
      for (let tries = 0; tries < 20 && !ballAt; tries++) {
        const p = view({ x: uniform(random, -0.06, 1.06) * k.width, y: uniform(random, 0, 1.08) * k.height });
        if (!p) continue;
        const distance = Math.hypot(p.x - x, p.y - y);
        // On the carpet: a ball beyond it is out of play and on a floor no spot finder looks at.
        const onCarpet =
          Math.abs(p.x) < f.length / 2 + f.borderStripWidth && Math.abs(p.y) < f.width / 2 + f.borderStripWidth;
        if (distance > 150 && distance < 7000 && onCarpet) ballAt = p;
      }
    }
    if (!ballAt)
      ballAt = { x: uniform(random, -f.length / 2, f.length / 2), y: uniform(random, -f.width / 2, f.width / 2) };
    const robots: RenderRobot[] = [];
    const eye = cameraPose.translation;
    const toBall = Math.atan2(ballAt.y - eye.y, ballAt.x - eye.x);
    let nearRobot = false;
    if (random.next() < 0.3) {
      // A robot right behind the ball (as seen from the camera), or beside it.
      // Far enough behind that the robot's box (up to 140 mm from its centre) does not swallow the ball.
      const behind = uniform(random, 230, 400),
        side = uniform(random, -150, 150);
      robots.push({
        pose: {
          rotation: uniform(random, -Math.PI, Math.PI),
          translation: {
            x: ballAt.x + behind * Math.cos(toBall) - side * Math.sin(toBall),
            y: ballAt.y + behind * Math.sin(toBall) + side * Math.cos(toBall),
          },
        },
        fallen: random.next() < 0.1,
        color: teamColors[Math.floor(random.next() * teamColors.length)]!,
      });
      nearRobot = true;
    }
    const others = Math.floor(uniform(random, 0, 4));
    for (let i = 0; i < others; i++) {
      const p = view({ x: uniform(random, 0, 1) * k.width, y: uniform(random, 0.2, 1.2) * k.height });
      if (!p || Math.hypot(p.x - x, p.y - y) < 350 || Math.hypot(p.x - ballAt.x, p.y - ballAt.y) < 250) continue;
      // Not between the camera and the ball: the ball stays visible (partly hidden balls come from the border).
      const toRobot = Math.atan2(p.y - eye.y, p.x - eye.x);
      const dRobot = Math.hypot(p.x - eye.x, p.y - eye.y);
      const dBall = Math.hypot(ballAt.x - eye.x, ballAt.y - eye.y);
      const apart = Math.abs(Math.atan2(Math.sin(toRobot - toBall), Math.cos(toRobot - toBall)));
      if (dRobot < dBall && apart < Math.atan2(250, dRobot)) continue;
      robots.push({
        pose: { rotation: uniform(random, -Math.PI, Math.PI), translation: p },
        fallen: random.next() < 0.1,
        color: teamColors[Math.floor(random.next() * teamColors.length)]!,
      });
    }
    const scene: RenderScene = {
      field: f,
      ball: {
        position: { ...ballAt, z: BALL_RADIUS },
        radius: BALL_RADIUS,
        color: { r: 255, g: 255, b: 255, a: 255 },
        texture,
        rotation: randomRotation(random),
      },
      robots,
    };
    let ball: BallTruth | undefined;
    const centre = toImage(cameraPose, k, { ...ballAt, z: BALL_RADIUS });
    if (centre) {
      const distanceToCamera = Math.hypot(ballAt.x - eye.x, ballAt.y - eye.y, BALL_RADIUS - eye.z);
      const radius = (k.fx * BALL_RADIUS) / distanceToCamera;
      const visible = discInImage(centre, radius, k.width, k.height);
      const rel = pose3ToGlobal(toRobot, { ...ballAt, z: 0 });
      if (visible > 0) ball = { onField: { x: rel.x, y: rel.y }, inImage: centre, radius, visible, nearRobot };
    }
    const marks: MarkTruth[] = [];
    for (const mx of [markX, -markX]) {
      const p = toImage(cameraPose, k, { x: mx, y: 0, z: 0 });
      if (!p || p.x < 0 || p.y < 0 || p.x >= k.width || p.y >= k.height) continue;
      const rel = pose3ToGlobal(toRobot, { x: mx, y: 0, z: 0 });
      marks.push({ onField: { x: rel.x, y: rel.y }, inImage: p, atField: { x: mx, y: 0 } });
    }
    return { camera, scene, cameraPose, cameraMatrix, intrinsics: k, ball, marks };
  };
}

/** A random rotation matrix (the ball's print turned any way), column-major like the renderer's. */
function randomRotation(random: SeededRandom): Matrix {
  // A random unit quaternion (uniform on the sphere of rotations).
  const u1 = random.next(),
    u2 = random.next() * 2 * Math.PI,
    u3 = random.next() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1),
    b = Math.sqrt(u1);
  return matrixFromQuaternion({ w: a * Math.sin(u2), x: a * Math.cos(u2), y: b * Math.sin(u3), z: b * Math.cos(u3) });
}
