/**
 * A software renderer for simulated NAO camera images (no GPU on the simulation hosts). Per pixel it casts the
 * ray through the pixel centre: the ground plane gives carpet, lines or floor (per row the ray direction changes
 * linearly, so the inner loop is a few additions and one division), the sky fills everything above the horizon,
 * and the ball, goal posts, crossbars and robots are ray-traced only inside their projected bounding boxes, with
 * a depth buffer for occlusion. Robots' meshes are not traced but scan-converted into the same depth buffer
 * (drawRobotMeshes.ts), at a level of detail by their distance. The result is YUYV as the NAO delivers it: two bytes
 * per pixel, Y0 U Y1 V per horizontal pixel pair. Pure computation: no I/O, deterministic.
 */
import type { ColorRGBA, Pose3, Vec3 } from '@robot-runtime/math/types';
import type { CameraIntrinsics } from './CameraIntrinsics';
import { drawRobotMeshes, type MeshCamera } from './drawRobotMeshes';
import { makeGroundClassifier, makeUniformBoxTest } from './fieldSurface';
import { levelForDistance } from './meshLevels';
import {
  hitAxisCylinder,
  hitBox,
  hitPosed,
  hitSphere,
  insideBox,
  insidePosed,
  type Hit,
  type PosedPrimitive,
  type YawBox,
} from './rayPrimitives';
import type { RenderBall, RenderPart, RenderScene } from './RenderScene';
import type { TextureImage } from '../scene/textureImage';
import type { FieldDimensions } from '../scene/SceneModel';
import { rgbToYuv, type Yuv } from '@robot-runtime/math/colorSpace';

/** Colours of what is not in the scene model (RGB). */
export const RENDER_COLORS = {
  carpet: { r: 31, g: 138, b: 42 },
  line: { r: 255, g: 255, b: 255 },
  floor: { r: 90, g: 90, b: 90 },
  sky: { r: 170, g: 185, b: 205 },
  goal: { r: 255, g: 255, b: 255 },
  robotLegs: { r: 200, g: 200, b: 200 },
};

/** Light direction for shading (from above, slightly from the side), normalised. */
const LIGHT = (() => {
  const l = [0.3, 0.2, 1];
  const n = Math.hypot(l[0]!, l[1]!, l[2]!);
  return l.map((x) => x / n) as [number, number, number];
})();

/** A NAO is 574 mm tall; its legs up to the hips are ~330 mm. */
const ROBOT = { halfDepth: 75, halfWidth: 140, legHeight: 330, height: 574 };

/**
 * Working buffers. The ground pass writes its colours straight into the YUYV image and keeps nothing per pixel;
 * depth and full Y, U and V per pixel exist only where objects are drawn (`ready` marks them with the image's
 * generation), and only those pixel pairs are packed again at the end.
 */
interface Pixels {
  depth: Float32Array;
  y: Uint8ClampedArray;
  u: Uint8ClampedArray;
  v: Uint8ClampedArray;
  ready: Uint32Array;
  generation: number;
}

interface Ray {
  width: number;
  height: number;
  /** Camera position. */
  p: [number, number, number];
  /** Ray direction of the pixel centre (0.5, 0.5). */
  d0: [number, number, number];
  /** Change of the direction per pixel step in u and v. */
  du: [number, number, number];
  dv: [number, number, number];
}

/** Renders one image; `out` (width·height·2 bytes) is reused when given. */
export function renderCameraImage(
  scene: RenderScene,
  cameraPose: Pose3,
  k: CameraIntrinsics,
  out?: Uint8Array,
): Uint8Array {
  const { width, height } = k;
  if (width % 2 !== 0) throw new Error('YUYV images need an even width');
  const image = out ?? new Uint8Array(width * height * 2);
  if (image.length !== width * height * 2) throw new Error(`image buffer must hold ${width * height * 2} bytes`);
  const n = width * height;
  const px = scratchPixels(n);
  const R = cameraPose.rotation;
  const col = (c: number, s: number): [number, number, number] => [R[c * 3]! * s, R[c * 3 + 1]! * s, R[c * 3 + 2]! * s];
  // Camera-frame direction of pixel (u, v): (1, (cx − u)/fx, (cy − v)/fy), rotated into the world.
  const ex = col(0, 1),
    ey = col(1, 1),
    ez = col(2, 1);
  const ray: Ray = {
    width,
    height,
    p: [cameraPose.translation.x, cameraPose.translation.y, cameraPose.translation.z],
    d0: [0, 1, 2].map((i) => ex[i]! + (ey[i]! * (k.cx - 0.5)) / k.fx + (ez[i]! * (k.cy - 0.5)) / k.fy) as [
      number,
      number,
      number,
    ],
    du: col(1, -1 / k.fx),
    dv: col(2, -1 / k.fy),
  };
  px.generation++;
  renderGround(scene, ray, image);
  renderObjects(scene, ray, px, image);
  return image;
}

/** Per-pixel working buffers, reused by every image of the same size (every pixel is written before it is read). */
const scratch = new Map<number, Pixels>();
function scratchPixels(n: number): Pixels {
  let px = scratch.get(n);
  if (!px) {
    px = {
      depth: new Float32Array(n),
      y: new Uint8ClampedArray(n),
      u: new Uint8ClampedArray(n),
      v: new Uint8ClampedArray(n),
      ready: new Uint32Array(n),
      generation: 0,
    };
    scratch.set(n, px);
  }
  return px;
}

/** Ground classes (fieldSurface.ts) plus one for the sky, indexing the palettes. */
const SKY = 3;
const PALETTE: Yuv[] = [
  rgbToYuv(RENDER_COLORS.floor),
  rgbToYuv(RENDER_COLORS.carpet),
  rgbToYuv(RENDER_COLORS.line),
  rgbToYuv(RENDER_COLORS.sky),
];
const PALETTE_Y = Uint8Array.from(PALETTE, (c) => c.y);
const PALETTE_U = Uint8Array.from(PALETTE, (c) => c.u);
const PALETTE_V = Uint8Array.from(PALETTE, (c) => c.v);

/** One classifier and one uniform-box test per field, made once, not per image. */
const groundTests = new WeakMap<FieldDimensions, GroundTests>();
interface GroundTests {
  classify: (x: number, y: number) => number;
  uniformBox: (x0: number, x1: number, y0: number, y1: number) => number;
}
function groundTestsOf(field: FieldDimensions): GroundTests {
  let tests = groundTests.get(field);
  if (!tests) {
    tests = { classify: makeGroundClassifier(field), uniformBox: makeUniformBoxTest(field) };
    groundTests.set(field, tests);
  }
  return tests;
}

/**
 * Where the ray of pixel (c, row) meets the ground (its parameter t), Infinity for the sky. The ground pass and
 * the object pass use this one expression, so they agree on every pixel.
 */
function groundT(ray: Ray, row: number, c: number): number {
  const dz = ray.d0[2] + row * ray.dv[2] + c * ray.du[2];
  return dz < 0 && ray.p[2] > 0 ? -ray.p[2] / dz : Infinity;
}

/** The ground class (or SKY) of pixel (c, row), whose ray meets the ground at `t`. */
function groundClass(classify: GroundTests['classify'], ray: Ray, row: number, c: number, t: number): number {
  if (t === Infinity) return SKY;
  return classify(
    ray.p[0] + t * (ray.d0[0] + row * ray.dv[0] + c * ray.du[0]),
    ray.p[1] + t * (ray.d0[1] + row * ray.dv[1] + c * ray.du[1]),
  );
}

/** Pixels per run of a row tested as a whole (whole YUYV pairs). */
const RUN = 32;

/** One YUYV pair of a palette colour as a 32-bit word in this machine's byte order. */
const PAIR_WORDS = (() => {
  const bytes = new Uint8Array(4 * PALETTE.length);
  PALETTE.forEach((c, i) => bytes.set([c.y, c.u, c.y, c.v], 4 * i));
  return new Uint32Array(bytes.buffer);
})();

/**
 * The ground and the sky, written straight into the image. A row's ground points lie on one straight line of
 * the field, so a run of pixels whose two end points bound a box of pure carpet or floor (or whose rays all
 * point above the horizon) is that throughout and is filled without looking at each pixel; only runs near
 * lines, marks and edges are classified pixel by pixel.
 */
function renderGround(scene: RenderScene, ray: Ray, image: Uint8Array): void {
  const { classify, uniformBox } = groundTestsOf(scene.field);
  const { width, height, d0, du, dv, p } = ray;
  const words = image.byteOffset % 4 === 0 ? new Uint32Array(image.buffer, image.byteOffset, image.length >> 2) : null;
  // Pixels from..to (whole pairs) in colour g: as 32-bit words where the image is aligned for them.
  const fill = (from: number, to: number, g: number): void => {
    if (words) words.fill(PAIR_WORDS[g]!, from >> 1, to >> 1);
    else {
      for (let o = from << 1; o < to << 1; o += 4) {
        image[o] = image[o + 2] = PALETTE_Y[g]!;
        image[o + 1] = PALETTE_U[g]!;
        image[o + 3] = PALETTE_V[g]!;
      }
    }
  };
  for (let row = 0; row < height; row++) {
    const rx = d0[0] + row * dv[0],
      ry = d0[1] + row * dv[1],
      rz = d0[2] + row * dv[2];
    for (let c0 = 0; c0 < width; c0 += RUN) {
      const c1 = Math.min(width, c0 + RUN) - 1;
      const i0 = row * width + c0;
      const za = rz + c0 * du[2],
        zb = rz + c1 * du[2];
      if (p[2] <= 0 || (za >= 0 && zb >= 0)) {
        fill(i0, i0 + c1 - c0 + 1, SKY);
        continue;
      }
      if (za < 0 && zb < 0) {
        const ta = -p[2] / za,
          tb = -p[2] / zb;
        const xa = p[0] + ta * (rx + c0 * du[0]),
          xb = p[0] + tb * (rx + c1 * du[0]);
        const ya = p[1] + ta * (ry + c0 * du[1]),
          yb = p[1] + tb * (ry + c1 * du[1]);
        const g = uniformBox(Math.min(xa, xb), Math.max(xa, xb), Math.min(ya, yb), Math.max(ya, yb));
        if (g >= 0) {
          fill(i0, i0 + c1 - c0 + 1, g);
          continue;
        }
      }
      for (let c = c0, o = i0 << 1; c < c1; c += 2, o += 4) {
        const g0 = groundClass(classify, ray, row, c, groundT(ray, row, c));
        const g1 = groundClass(classify, ray, row, c + 1, groundT(ray, row, c + 1));
        image[o] = PALETTE_Y[g0]!;
        image[o + 1] = (PALETTE_U[g0]! + PALETTE_U[g1]! + 1) >> 1;
        image[o + 2] = PALETTE_Y[g1]!;
        image[o + 3] = (PALETTE_V[g0]! + PALETTE_V[g1]! + 1) >> 1;
      }
    }
  }
}

type Tracer = (p: [number, number, number], d: [number, number, number], hit: Hit) => number;

interface Primitive {
  /** World-space corners of a bounding box, to find the pixels to trace. */
  corners: Vec3[];
  trace: Tracer;
  color: Yuv;
  /** The colour where the last trace hit (a textured surface); `color` when absent. */
  colorAt?(hit: Hit): Yuv;
  /** Whether a point lies inside the (solid) primitive: rays starting there hit nothing, so it is skipped. */
  contains?(p: readonly number[]): boolean;
}

function boxCorners(cx: number, cy: number, cz: number, r: number, hz: number): Vec3[] {
  const out: Vec3[] = [];
  for (const sx of [-1, 1])
    for (const sy of [-1, 1]) for (const sz of [-1, 1]) out.push({ x: cx + sx * r, y: cy + sy * r, z: cz + sz * hz });
  return out;
}

/** The 8 corners of a box turned by yaw (same corner order as boxCorners), for tight screen bounds. */
function rotatedBoxCorners({ cx, cy, cz, cosYaw, sinYaw, hx, hy, hz }: YawBox): Vec3[] {
  const out: Vec3[] = [];
  for (const sx of [-1, 1]) {
    for (const sy of [-1, 1]) {
      for (const sz of [-1, 1])
        out.push({
          x: cx + cosYaw * sx * hx - sinYaw * sy * hy,
          y: cy + sinYaw * sx * hx + cosYaw * sy * hy,
          z: cz + sz * hz,
        });
    }
  }
  return out;
}

/**
 * How far an articulated robot's parts reach from its ground position (mm), standing, falling or lying: half the
 * box the renderer tests before it poses the robot's parts (a NAO is 574 mm tall; lying, its feet and head are
 * less than 400 mm from the torso).
 */
const ARTICULATED_REACH = { xy: 550, z: 550 };

/** An articulated robot's parts in view and where it stands (mm), for its meshes' level of detail. */
interface PartsInView {
  parts: readonly RenderPart[];
  x: number;
  y: number;
}

/**
 * What the renderer traces; `inView` tells whether a box (its corners) can be seen, to skip robots out of view.
 * Robots in view that have mesh parts are added to `meshes` for the rasterizer.
 */
function primitives(scene: RenderScene, inView: (corners: Vec3[]) => boolean, meshes: PartsInView[]): Primitive[] {
  const list: Primitive[] = [];
  const f = scene.field;
  const white = rgbToYuv(RENDER_COLORS.goal);
  const postR = f.goalPostDiameter / 2;
  // Posts stand on the outer edge of the goal line (see scenes/Includes/Field.rsi3).
  const postX = f.length / 2 + f.lineWidth / 2;
  const postY = f.goalInnerWidth / 2 + postR;
  for (const sx of [-1, 1]) {
    const x = sx * postX;
    for (const sy of [-1, 1]) {
      const y = sy * postY;
      list.push({
        corners: boxCorners(x, y, f.goalHeight / 2, postR, f.goalHeight / 2),
        color: white,
        trace: (p, d, h) => hitAxisCylinder(p, d, 2, x, y, postR, 0, f.goalHeight + postR, h),
      });
    }
    const bar = postY + postR;
    list.push({
      corners: [
        ...boxCorners(x, -bar + postR, f.goalHeight, postR, postR),
        ...boxCorners(x, bar - postR, f.goalHeight, postR, postR),
      ],
      color: white,
      trace: (p, d, h) => hitAxisCylinder(p, d, 1, x, f.goalHeight, postR, -bar, bar, h),
    });
  }
  if (scene.ball) {
    const b = scene.ball;
    const { x, y, z } = b.position;
    list.push({
      corners: boxCorners(x, y, z, b.radius, b.radius),
      color: rgbToYuv(b.color),
      trace: (p, d, h) => hitSphere(p, d, x, y, z, b.radius, h),
      ...(b.texture ? { colorAt: ballTexel(b, b.texture) } : {}),
    });
  }
  for (const r of scene.robots) {
    if (r.parts) {
      const { x, y } = r.pose.translation;
      if (inView(boxCorners(x, y, ARTICULATED_REACH.z, ARTICULATED_REACH.xy, ARTICULATED_REACH.z))) {
        const parts = r.parts();
        for (const part of parts) if (part.shape !== 'mesh') list.push(posedPrimitive(part, part.shape));
        if (parts.some((part) => part.shape === 'mesh')) meshes.push({ parts, x, y });
      }
      continue;
    }
    const { x, y } = r.pose.translation;
    const c = Math.cos(r.pose.rotation),
      s = Math.sin(r.pose.rotation);
    const box = (
      color: ColorRGBA | typeof RENDER_COLORS.robotLegs,
      cx: number,
      cy: number,
      z0: number,
      z1: number,
      hx: number,
      hy: number,
    ): void => {
      const shape: YawBox = { cx, cy, cz: (z0 + z1) / 2, cosYaw: c, sinYaw: s, hx, hy, hz: (z1 - z0) / 2 };
      list.push({
        corners: rotatedBoxCorners(shape),
        color: rgbToYuv(color),
        trace: (p, d, h) => hitBox(p, d, shape, h),
        // The camera's own robot: its torso box surrounds the camera (hitBox ignores hits behind the origin).
        contains: (p) => insideBox(shape, p),
      });
    };
    if (r.fallen) {
      // Lying on its back along its heading: legs behind, torso ahead.
      const half = ROBOT.height / 2;
      box(
        RENDER_COLORS.robotLegs,
        x - (c * half) / 2,
        y - (s * half) / 2,
        0,
        2 * ROBOT.halfDepth,
        half / 2,
        ROBOT.halfWidth,
      );
      box(r.color, x + (c * half) / 2, y + (s * half) / 2, 0, 2 * ROBOT.halfDepth, half / 2, ROBOT.halfWidth);
    } else {
      box(RENDER_COLORS.robotLegs, x, y, 0, ROBOT.legHeight, ROBOT.halfDepth, ROBOT.halfWidth * 0.7);
      box(r.color, x, y, ROBOT.legHeight, ROBOT.height, ROBOT.halfDepth, ROBOT.halfWidth);
    }
  }
  return list;
}

/** A primitive part of an articulated robot (its `shape` given narrowed), turned as its body is. */
function posedPrimitive(part: RenderPart, kind: PosedPrimitive['shape']): Primitive {
  const R = part.pose.rotation;
  const t = part.pose.translation;
  const round = kind !== 'box';
  const half: [number, number, number] = round
    ? [part.radius, part.radius, kind === 'sphere' ? part.radius : Math.max(part.height / 2, part.radius)]
    : [part.depth / 2, part.width / 2, part.height / 2];
  const shape: PosedPrimitive = {
    shape: kind,
    c: [t.x, t.y, t.z],
    R,
    half,
    r: part.radius,
    halfLength: part.shape === 'capsule' ? Math.max(0, part.height / 2 - part.radius) : part.height / 2,
  };
  const corners: Vec3[] = [];
  for (const sx of [-1, 1])
    for (const sy of [-1, 1])
      for (const sz of [-1, 1]) {
        const lx = sx * half[0],
          ly = sy * half[1],
          lz = sz * half[2];
        corners.push({
          x: t.x + R[0]! * lx + R[3]! * ly + R[6]! * lz,
          y: t.y + R[1]! * lx + R[4]! * ly + R[7]! * lz,
          z: t.z + R[2]! * lx + R[5]! * ly + R[8]! * lz,
        });
      }
  return {
    corners,
    color: rgbToYuv(part.color),
    trace: (p, d, h) => hitPosed(p, d, shape, h),
    contains: (p) => insidePosed(p, shape),
  };
}

/** Texels of textures in YUV, converted once per texture. */
const texelCache = new WeakMap<TextureImage, Yuv[]>();

/**
 * The ball's colour where a ray hit it: its texture, mapped around the ball's z axis (u: longitude, v: from the
 * top pole down, as SimRobot wraps a texture on a sphere), turned with the ball.
 */
function ballTexel(ball: RenderBall, texture: TextureImage): (hit: Hit) => Yuv {
  let texels = texelCache.get(texture);
  if (!texels) {
    texels = [];
    const rgb = texture.rgb;
    for (let i = 0; i < rgb.length; i += 3) texels.push(rgbToYuv({ r: rgb[i]!, g: rgb[i + 1]!, b: rgb[i + 2]! }));
    texelCache.set(texture, texels);
  }
  const all = texels;
  const R = ball.rotation ?? [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const { width, height } = texture;
  return (hit) => {
    // The hit normal in the ball's frame: R's columns are the ball's axes.
    const x = R[0]! * hit.nx + R[1]! * hit.ny + R[2]! * hit.nz;
    const y = R[3]! * hit.nx + R[4]! * hit.ny + R[5]! * hit.nz;
    const z = R[6]! * hit.nx + R[7]! * hit.ny + R[8]! * hit.nz;
    const u = Math.atan2(y, x) / (2 * Math.PI) + 0.5;
    const v = Math.acos(Math.max(-1, Math.min(1, z))) / Math.PI;
    const col = Math.min(width - 1, Math.floor(u * width));
    const row = Math.min(height - 1, Math.floor(v * height));
    return all[row * width + col]!;
  };
}

/** Below this depth (along the optical axis, in units of the pixel ray) a point counts as behind the camera. */
const NEAR = 1e-6;

/** The 12 edges of a box given by boxCorners (corner indices differ in exactly one of the sx, sy, sz bits). */
const BOX_EDGES: [number, number][] = [];
for (let i = 0; i < 8; i++) for (const bit of [1, 2, 4]) if (!(i & bit)) BOX_EDGES.push([i, i | bit]);

/**
 * Pixel bounds of a convex object given by world points, or undefined when it cannot appear in the image.
 * `toCamera` gives (t, t·u, t·v): depth and depth-scaled pixel coordinates, linear in the point. Objects wholly
 * behind the camera are skipped; for boxes that straddle the camera plane, the box edges are clipped at it, so
 * that a robot beside the camera does not make the renderer trace the whole image.
 */
function screenBounds(
  corners: Vec3[],
  ray: Ray,
  toCamera: (v: Vec3) => [number, number, number],
): [number, number, number, number] | undefined {
  const q = corners.map(toCamera);
  let u0 = Infinity,
    u1 = -Infinity,
    v0 = Infinity,
    v1 = -Infinity;
  const include = (t: number, tu: number, tv: number): void => {
    const u = tu / t,
      v = tv / t;
    if (u < u0) u0 = u;
    if (u > u1) u1 = u;
    if (v < v0) v0 = v;
    if (v > v1) v1 = v;
  };
  let behind = 0;
  for (const [t, tu, tv] of q) {
    if (t > NEAR) include(t, tu, tv);
    else behind++;
  }
  if (behind === q.length) return undefined;
  if (behind > 0) {
    if (q.length !== 8) return [0, ray.width - 1, 0, ray.height - 1];
    // Where an edge crosses the near plane its projection runs off to infinity in the edge's direction.
    for (const [i, j] of BOX_EDGES) {
      const a = q[i]!,
        b = q[j]!;
      if (a[0] > NEAR === b[0] > NEAR) continue;
      const f = (NEAR - a[0]) / (b[0] - a[0]);
      include(NEAR, a[1] + f * (b[1] - a[1]), a[2] + f * (b[2] - a[2]));
    }
  }
  const a = Math.max(0, Math.floor(u0)),
    b = Math.min(ray.width - 1, Math.ceil(u1));
  const c = Math.max(0, Math.floor(v0)),
    d = Math.min(ray.height - 1, Math.ceil(v1));
  return a > b || c > d ? undefined : [a, b, c, d];
}

function renderObjects(scene: RenderScene, ray: Ray, px: Pixels, image: Uint8Array): void {
  const { p, d0, du, dv, width } = ray;
  // Solving p + t·(d0 + u·du + v·dv) = X for (u, v): project with the same basis the rays were built from.
  // rel = t·d0 + (t·u)·du + (t·v)·dv: a 3×3 linear system, solved by Cramer's rule.
  const m = [d0, du, dv];
  const c12 = cross3(m[1]!, m[2]!);
  const det = dot3(m[0]!, c12);
  const toCamera = (w: Vec3): [number, number, number] => {
    const rel = [w.x - p[0], w.y - p[1], w.z - p[2]];
    return [dot3(rel, c12) / det, dot3(m[0]!, cross3(rel, m[2]!)) / det, dot3(m[0]!, cross3(m[1]!, rel)) / det];
  };
  const hit: Hit = { nx: 0, ny: 0, nz: 1 };
  const d: [number, number, number] = [0, 0, 0];
  const drawn: [number, number, number, number][] = [];
  const meshes: PartsInView[] = [];
  const bounds = (corners: Vec3[]): [number, number, number, number] | undefined =>
    screenBounds(corners, ray, toCamera);
  for (const prim of primitives(scene, (corners) => bounds(corners) !== undefined, meshes)) {
    if (prim.contains?.(p)) continue;
    const rect = bounds(prim.corners);
    if (!rect) continue;
    const [u0, u1, v0, v1] = rect;
    prepare(px, image, ray, u0 & ~1, u1 | 1, v0, v1);
    drawn.push(rect);
    for (let row = v0; row <= v1; row++) {
      for (let c = u0; c <= u1; c++) {
        d[0] = d0[0] + c * du[0] + row * dv[0];
        d[1] = d0[1] + c * du[1] + row * dv[1];
        d[2] = d0[2] + c * du[2] + row * dv[2];
        const t = prim.trace(p, d, hit);
        const i = row * width + c;
        if (t >= px.depth[i]!) continue;
        // Lambert-like shading, kept mild so that colours stay what a colour classifier expects (white posts
        // stay white): 0.85 on the shadow side .. 1.0 fully lit.
        const shade = 0.85 + 0.15 * Math.max(0, hit.nx * LIGHT[0] + hit.ny * LIGHT[1] + hit.nz * LIGHT[2]);
        const color = prim.colorAt ? prim.colorAt(hit) : prim.color;
        px.depth[i] = t;
        px.y[i] = color.y * shade;
        px.u[i] = 128 + (color.u - 128) * shade;
        px.v[i] = 128 + (color.v - 128) * shade;
      }
    }
  }
  if (meshes.length > 0) {
    const camera: MeshCamera = {
      position: p,
      rows: Float64Array.from([...c12, ...cross3(dv, d0), ...cross3(d0, du)], (x) => x / det),
      light: LIGHT,
      width,
      height: ray.height,
      bounds,
    };
    // |du| is one pixel's step in the camera frame at unit depth: 1 / fx.
    const fx = 1 / Math.hypot(du[0], du[1], du[2]);
    const target = { width, depth: px.depth, y: px.y, u: px.u, v: px.v };
    for (const robot of meshes) {
      const distance = Math.hypot(robot.x - p[0], robot.y - p[1], ROBOT.height / 2 - p[2]);
      const rect = drawRobotMeshes(robot.parts, levelForDistance(fx, distance), camera, target, (a, b, c, e) =>
        prepare(px, image, ray, a & ~1, b | 1, c, e),
      );
      if (rect) drawn.push(rect);
    }
  }
  for (const [u0, u1, v0, v1] of drawn) packRegion(px, image, width, u0 & ~1, u1 | 1, v0, v1);
}

const dot3 = (a: readonly number[], b: readonly number[]): number => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
const cross3 = (a: readonly number[], b: readonly number[]): number[] => [
  a[1]! * b[2]! - a[2]! * b[1]!,
  a[2]! * b[0]! - a[0]! * b[2]!,
  a[0]! * b[1]! - a[1]! * b[0]!,
];

/**
 * Gives the pixels of columns a..b (whole YUYV pairs), rows v0..v1 their ground colour and depth, where not done
 * yet: the ground pass keeps neither, only objects need them. The colour is read back from the ground pass's
 * image (a pair's U and V for both of its pixels) rather than classified again, which cost as much as the
 * robots' meshes.
 */
function prepare(px: Pixels, image: Uint8Array, ray: Ray, a: number, b: number, v0: number, v1: number): void {
  const { depth, y, u, v, ready, generation } = px;
  const width = ray.width;
  for (let row = v0; row <= v1; row++) {
    for (let c = a, i = row * width + a; c <= b; c++, i++) {
      if (ready[i] === generation) continue;
      ready[i] = generation;
      depth[i] = groundT(ray, row, c);
      const o = i << 1;
      y[i] = image[o]!;
      u[i] = image[(o & ~3) + 1]!;
      v[i] = image[(o & ~3) + 3]!;
    }
  }
}

/** Packs the pixel pairs of columns a..b (whole pairs), rows v0..v1 into the YUYV image. */
function packRegion(px: Pixels, image: Uint8Array, width: number, a: number, b: number, v0: number, v1: number): void {
  const { y, u, v } = px;
  for (let row = v0; row <= v1; row++) {
    for (let i = row * width + a, end = row * width + b; i < end; i += 2) {
      const o = i << 1;
      image[o] = y[i]!;
      image[o + 1] = (u[i]! + u[i + 1]! + 1) >> 1;
      image[o + 2] = y[i + 1]!;
      image[o + 3] = (v[i]! + v[i + 1]! + 1) >> 1;
    }
  }
}
