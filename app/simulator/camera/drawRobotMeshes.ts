/**
 * A robot's mesh parts in a camera image: each part's mesh at the robot's level of detail, placed where its body
 * is and handed to the rasterizer, all within one rectangle whose pixels the caller prepares once (their ground
 * colour and depth) and packs into the image afterwards.
 */
import { rgbToYuv, type Yuv } from '@robot-runtime/math/colorSpace';
import type { ColorRGBA, Vec3 } from '@robot-runtime/math/types';
import { meshLevels, type MeshLevels } from './meshLevels';
import { rasterizeMesh, type MeshPlacement, type RasterTarget } from './rasterizeMesh';
import type { RenderPart } from './RenderScene';

/** The camera as the mesh parts need it. */
export interface MeshCamera {
  /** Its position (field frame, mm). */
  readonly position: readonly number[];
  /** Three rows of the linear map from a field offset (mm) from the camera to (t, t·u, t·v), row-major. */
  readonly rows: Float64Array;
  /** The direction towards the light (field frame, unit length). */
  readonly light: readonly number[];
  /** Image size (pixels). */
  readonly width: number;
  readonly height: number;
  /**
   * Pixel bounds (u0, u1, v0, v1) of a box given by its 8 corners in the field frame, or undefined when it cannot
   * be seen; a box reaching behind the camera is clipped at its plane.
   */
  bounds(corners: Vec3[]): [number, number, number, number] | undefined;
}

/** A part placed for the rasterizer: its mesh and where it lies; the rectangle is the part's own. */
interface Placed extends MeshPlacement {
  levels: MeshLevels;
  toImage: Float64Array;
  eye: Float64Array;
  light: Float64Array;
  u0: number;
  u1: number;
  v0: number;
  v1: number;
  color: Yuv;
}

/** Placements reused from image to image: a robot has some fifty parts, each with three small arrays. */
const pool: Placed[] = [];

const colors = new WeakMap<ColorRGBA, Yuv>();

/**
 * Draws the mesh parts (shape `mesh`) of one robot at level of detail `level` into `target`; `prepare` readies
 * the pixels of the rectangle they may touch before any is drawn. Returns that rectangle (u0, u1, v0, v1), or
 * undefined when no part is in view. A part whose box holds the camera (the camera's own head) is not drawn, as
 * the ray tracer skips a primitive that holds it: from inside, a mesh hides everything.
 */
export function drawRobotMeshes(
  parts: readonly RenderPart[],
  level: number,
  camera: MeshCamera,
  target: RasterTarget,
  prepare: (u0: number, u1: number, v0: number, v1: number) => void,
): [number, number, number, number] | undefined {
  let placed = 0;
  let u0 = Infinity,
    u1 = -Infinity,
    v0 = Infinity,
    v1 = -Infinity;
  for (const part of parts) {
    if (part.shape !== 'mesh' || !part.mesh) continue;
    const at = (pool[placed] ??= {
      levels: meshLevels(part.mesh),
      toImage: new Float64Array(12),
      eye: new Float64Array(3),
      light: new Float64Array(3),
      u0: 0,
      u1: 0,
      v0: 0,
      v1: 0,
      color: { y: 0, u: 0, v: 0 },
    });
    at.levels = meshLevels(part.mesh);
    if (!place(part, at, camera)) continue;
    placed++;
    u0 = Math.min(u0, at.u0);
    u1 = Math.max(u1, at.u1);
    v0 = Math.min(v0, at.v0);
    v1 = Math.max(v1, at.v1);
  }
  if (placed === 0) return undefined;
  prepare(u0, u1, v0, v1);
  for (let i = 0; i < placed; i++) rasterizeMesh(target, pool[i]!.levels.level(level), pool[i]!);
  return [u0, u1, v0, v1];
}

/** Depth (mm) a part's box must keep in front of the camera for its corners alone to bound it in the image. */
const NEAR_BOX = 1;

/**
 * Places the part's mesh (vertices in m, in the part's frame) for the camera in `at`; false when it cannot be
 * seen or holds the camera.
 */
function place(part: RenderPart, at: Placed, camera: MeshCamera): boolean {
  const R = part.pose.rotation;
  const t = part.pose.translation;
  const p = camera.position;
  const ox = p[0]! - t.x,
    oy = p[1]! - t.y,
    oz = p[2]! - t.z;
  // The camera and the light in the part's frame: Rᵀ turns field directions into it (R's columns are its axes).
  const { eye, light, toImage } = at;
  for (let j = 0; j < 3; j++) {
    eye[j] = (R[3 * j]! * ox + R[3 * j + 1]! * oy + R[3 * j + 2]! * oz) / 1000;
    light[j] = R[3 * j]! * camera.light[0]! + R[3 * j + 1]! * camera.light[1]! + R[3 * j + 2]! * camera.light[2]!;
  }
  const { min, max } = at.levels;
  if (eye[0]! >= min[0] && eye[0]! <= max[0] && eye[1]! >= min[1] && eye[1]! <= max[1]) {
    if (eye[2]! >= min[2] && eye[2]! <= max[2]) return false;
  }
  // The image map of a mesh vertex v (m): rows · (t + 1000·R·v − camera).
  const rows = camera.rows;
  for (let k = 0; k < 3; k++) {
    const r0 = rows[3 * k]!,
      r1 = rows[3 * k + 1]!,
      r2 = rows[3 * k + 2]!;
    for (let j = 0; j < 3; j++) toImage[4 * k + j] = 1000 * (r0 * R[3 * j]! + r1 * R[3 * j + 1]! + r2 * R[3 * j + 2]!);
    toImage[4 * k + 3] = -(r0 * ox + r1 * oy + r2 * oz);
  }
  const rect = boxInImage(part, at, camera);
  if (!rect) return false;
  [at.u0, at.u1, at.v0, at.v1] = rect;
  let color = colors.get(part.color);
  if (!color) colors.set(part.color, (color = rgbToYuv(part.color)));
  at.color = color;
  return true;
}

/**
 * The pixels the part's box covers: from its eight corners through the image map while all lie in front of the
 * camera, else through the renderer's bounds, which clip a box at the camera plane.
 */
function boxInImage(part: RenderPart, at: Placed, camera: MeshCamera): [number, number, number, number] | undefined {
  const { min, max } = at.levels;
  const m = at.toImage;
  let u0 = Infinity,
    u1 = -Infinity,
    v0 = Infinity,
    v1 = -Infinity;
  for (let k = 0; k < 8; k++) {
    const x = k & 1 ? max[0] : min[0],
      y = k & 2 ? max[1] : min[1],
      z = k & 4 ? max[2] : min[2];
    const t = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
    if (t <= NEAR_BOX) return camera.bounds(boxCorners(part, at.levels));
    const u = (m[4]! * x + m[5]! * y + m[6]! * z + m[7]!) / t,
      v = (m[8]! * x + m[9]! * y + m[10]! * z + m[11]!) / t;
    u0 = Math.min(u0, u);
    u1 = Math.max(u1, u);
    v0 = Math.min(v0, v);
    v1 = Math.max(v1, v);
  }
  const a = Math.max(0, Math.floor(u0)),
    b = Math.min(camera.width - 1, Math.ceil(u1));
  const c = Math.max(0, Math.floor(v0)),
    d = Math.min(camera.height - 1, Math.ceil(v1));
  return a > b || c > d ? undefined : [a, b, c, d];
}

/** The corners of the part's box in the field frame (mm). */
function boxCorners(part: RenderPart, { min, max }: MeshLevels): Vec3[] {
  const R = part.pose.rotation;
  const t = part.pose.translation;
  const corners: Vec3[] = [];
  for (let k = 0; k < 8; k++) {
    const x = (k & 1 ? max[0] : min[0]) * 1000,
      y = (k & 2 ? max[1] : min[1]) * 1000,
      z = (k & 4 ? max[2] : min[2]) * 1000;
    corners.push({
      x: t.x + R[0]! * x + R[3]! * y + R[6]! * z,
      y: t.y + R[1]! * x + R[4]! * y + R[7]! * z,
      z: t.z + R[2]! * x + R[5]! * y + R[8]! * z,
    });
  }
  return corners;
}
