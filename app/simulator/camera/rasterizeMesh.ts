/**
 * Scan conversion of a mesh into the camera renderer's pixel buffers, with the depth buffer the ray-traced objects
 * use. Tracing rays against tens of thousands of triangles per robot is far too slow for images at 30 Hz; projecting
 * each triangle once and filling the pixels it covers costs per triangle and per pixel, not per pair. Triangles
 * facing away are culled (the meshes are closed and wound counter-clockwise seen from outside, as the 3-D view
 * assumes too), each is lit flat with the renderer's mild shading, and one crossing the camera plane is clipped at
 * it. Pure computation, allocation-free per triangle, deterministic.
 */
import type { Yuv } from '@robot-runtime/math/colorSpace';
import type { MeshLevel } from './meshLevels';

/** The pixel buffers objects are drawn into, one entry per pixel, row by row. */
export interface RasterTarget {
  readonly width: number;
  /** Distance along the optical axis (mm) of what each pixel shows; Infinity for the sky. */
  readonly depth: Float32Array;
  readonly y: Uint8ClampedArray;
  readonly u: Uint8ClampedArray;
  readonly v: Uint8ClampedArray;
}

/** Where one mesh lies relative to the camera, and what it may touch. */
export interface MeshPlacement {
  /**
   * Rows of the affine map (3 × 4, row-major) from the mesh's frame to (t, t·u, t·v): t is the depth along the
   * optical axis (mm), (u, v) the pixel whose centre is at integer coordinates.
   */
  readonly toImage: Float64Array;
  /** The camera's position in the mesh's frame, to cull the triangles facing away. */
  readonly eye: Float64Array;
  /** The direction towards the light in the mesh's frame (unit length). */
  readonly light: Float64Array;
  /** The pixels it may be drawn into, inclusive (columns u0..u1, rows v0..v1); others are not touched. */
  readonly u0: number;
  readonly u1: number;
  readonly v0: number;
  readonly v1: number;
  readonly color: Yuv;
}

/** Depth (mm) below which a point is in front of no pixel: triangles reaching closer are clipped here. */
const NEAR = 1;

/** Projected vertices of the level being drawn: pixel u, v, 1/depth and depth; grown, never shrunk. */
let pu = new Float64Array(0),
  pv = new Float64Array(0),
  pw = new Float64Array(0),
  pt = new Float64Array(0);

/** Up to four vertices of a clipped triangle (u, v, 1/depth each). */
const clipped = new Float64Array(12);

/**
 * The triangle being filled: u, v, 1/depth of its three corners, its signed doubled area and its Y, U, V. Handed
 * over in a typed array because numbers passed to a function that is not inlined are boxed, one allocation each.
 */
const tri = new Float64Array(13);
const AREA = 9,
  COLOR = 10;

/** Draws the triangles of `level` facing the camera where they are nearer than what the pixels show. */
export function rasterizeMesh(target: RasterTarget, level: MeshLevel, at: MeshPlacement): void {
  const { positions, indices, normals } = level;
  const count = positions.length / 3;
  if (pu.length < count) {
    pu = new Float64Array(count);
    pv = new Float64Array(count);
    pw = new Float64Array(count);
    pt = new Float64Array(count);
  }
  // Module variables are reloaded on every access in a loop; locals are not.
  const PU = pu,
    PV = pv,
    PW = pw,
    PT = pt;
  const m = at.toImage;
  // In locals: V8 does not keep typed-array elements in registers across the loop's stores.
  const m0 = m[0]!,
    m1 = m[1]!,
    m2 = m[2]!,
    m3 = m[3]!,
    m4 = m[4]!,
    m5 = m[5]!,
    m6 = m[6]!,
    m7 = m[7]!,
    m8 = m[8]!,
    m9 = m[9]!,
    m10 = m[10]!,
    m11 = m[11]!;
  for (let i = 0, o = 0; i < count; i++, o += 3) {
    const x = positions[o]!,
      y = positions[o + 1]!,
      z = positions[o + 2]!;
    const t = m0 * x + m1 * y + m2 * z + m3;
    PT[i] = t;
    if (t <= NEAR) continue;
    const w = 1 / t;
    PW[i] = w;
    PU[i] = (m4 * x + m5 * y + m6 * z + m7) * w;
    PV[i] = (m8 * x + m9 * y + m10 * z + m11) * w;
  }
  const u0 = at.u0,
    u1 = at.u1,
    v0 = at.v0,
    v1 = at.v1;
  const ex = at.eye[0]!,
    ey = at.eye[1]!,
    ez = at.eye[2]!;
  const lx = at.light[0]!,
    ly = at.light[1]!,
    lz = at.light[2]!;
  const { y: cy, u: cu, v: cv } = at.color;
  for (let f = 0; f < indices.length; f += 3) {
    const a = indices[f]!,
      b = indices[f + 1]!,
      c = indices[f + 2]!;
    const ta = PT[a]!,
      tb = PT[b]!,
      tc = PT[c]!;
    const inFront = ta > NEAR && tb > NEAR && tc > NEAR;
    let area = 0;
    if (inFront) {
      const ua = PU[a]!,
        ub = PU[b]!,
        uc = PU[c]!;
      const va = PV[a]!,
        vb = PV[b]!,
        vc = PV[c]!;
      // Facing the camera is clockwise in the image (u right, v down): the projection keeps (forward, right, down)
      // right-handed, so the outward normal of a counter-clockwise triangle points at the camera.
      area = (ub - ua) * (vc - va) - (uc - ua) * (vb - va);
      if (area >= 0) continue;
      // Most triangles of a robot some metres away cover no pixel centre: rejected before anything is set up.
      const uMin = ua < ub ? (ua < uc ? ua : uc) : ub < uc ? ub : uc,
        uMax = ua > ub ? (ua > uc ? ua : uc) : ub > uc ? ub : uc;
      if (uMax < u0 || uMin > u1 || Math.ceil(uMin) > uMax) continue;
      const vMin = va < vb ? (va < vc ? va : vc) : vb < vc ? vb : vc,
        vMax = va > vb ? (va > vc ? va : vc) : vb > vc ? vb : vc;
      if (vMax < v0 || vMin > v1 || Math.ceil(vMin) > vMax) continue;
    } else {
      if (ta <= NEAR && tb <= NEAR && tc <= NEAR) continue;
      // Partly behind the camera: facing it or not by the normal, which needs no projection.
      const o = 3 * a;
      const facing =
        normals[f]! * (ex - positions[o]!) +
        normals[f + 1]! * (ey - positions[o + 1]!) +
        normals[f + 2]! * (ez - positions[o + 2]!);
      if (facing <= 0) continue;
    }
    // Lambert-like and mild, as for the traced objects: 0.85 on the shadow side .. 1.0 fully lit.
    const lit = normals[f]! * lx + normals[f + 1]! * ly + normals[f + 2]! * lz;
    const shade = lit > 0 ? 0.85 + 0.15 * lit : 0.85;
    const y = cy * shade,
      u = 128 + (cu - 128) * shade,
      v = 128 + (cv - 128) * shade;
    if (inFront) {
      tri[0] = PU[a]!;
      tri[1] = PV[a]!;
      tri[2] = PW[a]!;
      tri[3] = PU[b]!;
      tri[4] = PV[b]!;
      tri[5] = PW[b]!;
      tri[6] = PU[c]!;
      tri[7] = PV[c]!;
      tri[8] = PW[c]!;
      tri[AREA] = area;
      tri[COLOR] = y;
      tri[COLOR + 1] = u;
      tri[COLOR + 2] = v;
      fillTriangle(target, at);
    } else {
      tri[COLOR] = y;
      tri[COLOR + 1] = u;
      tri[COLOR + 2] = v;
      fillClipped(target, at, positions, m, a, b, c);
    }
  }
}

/**
 * A triangle that reaches behind the near plane: the part in front of it (a triangle or a quadrilateral), cut
 * where depth is NEAR. Depth, t·u and t·v are linear in space, so the cut is linear in them.
 */
function fillClipped(
  target: RasterTarget,
  at: MeshPlacement,
  positions: Float32Array,
  m: Float64Array,
  a: number,
  b: number,
  c: number,
): void {
  let n = 0;
  for (let k = 0; k < 3; k++) {
    const p = 3 * (k === 0 ? a : k === 1 ? b : c),
      q = 3 * (k === 0 ? b : k === 1 ? c : a);
    const t0 = camera(m, 0, positions, p),
      t1 = camera(m, 0, positions, q);
    if (t0 > NEAR) n = push(n, t0, camera(m, 4, positions, p), camera(m, 8, positions, p));
    if (t0 > NEAR !== t1 > NEAR) {
      const s = (NEAR - t0) / (t1 - t0);
      const tu0 = camera(m, 4, positions, p),
        tv0 = camera(m, 8, positions, p);
      n = push(n, NEAR, tu0 + s * (camera(m, 4, positions, q) - tu0), tv0 + s * (camera(m, 8, positions, q) - tv0));
    }
  }
  const ua = clipped[0]!,
    va = clipped[1]!;
  tri[0] = ua;
  tri[1] = va;
  tri[2] = clipped[2]!;
  for (let k = 1; k + 1 < n; k++) {
    const ub = clipped[3 * k]!,
      vb = clipped[3 * k + 1]!,
      uc = clipped[3 * k + 3]!,
      vc = clipped[3 * k + 4]!;
    for (let j = 0; j < 6; j++) tri[3 + j] = clipped[3 * k + j]!;
    tri[AREA] = (ub - ua) * (vc - va) - (uc - ua) * (vb - va);
    fillTriangle(target, at);
  }
}

/** Row `row` (0: depth, 4: t·u, 8: t·v) of the image map at the vertex whose x is `positions[o]`. */
function camera(m: Float64Array, row: number, positions: Float32Array, o: number): number {
  return m[row]! * positions[o]! + m[row + 1]! * positions[o + 1]! + m[row + 2]! * positions[o + 2]! + m[row + 3]!;
}

/** Appends a clipped corner (depth, t·u, t·v) as pixel and 1/depth; returns the new count. */
function push(n: number, t: number, tu: number, tv: number): number {
  clipped[3 * n] = tu / t;
  clipped[3 * n + 1] = tv / t;
  clipped[3 * n + 2] = 1 / t;
  return n + 1;
}

/**
 * Fills the pixel centres inside the triangle `tri` within the placement's rectangle where it is nearer than the
 * depth buffer. 1/depth is affine in the image, so it
 * steps by one addition per pixel; each row's span comes from the three edges at once instead of testing every
 * pixel of the bounding box.
 */
function fillTriangle(target: RasterTarget, at: MeshPlacement): void {
  const area = tri[AREA]!;
  if (area === 0) return;
  const ua = tri[0]!,
    va = tri[1]!,
    wa = tri[2]!,
    ub = tri[3]!,
    vb = tri[4]!,
    wb = tri[5]!,
    uc = tri[6]!,
    vc = tri[7]!,
    wc = tri[8]!;
  const y = tri[COLOR]!,
    u = tri[COLOR + 1]!,
    v = tri[COLOR + 2]!;
  let c0 = Math.ceil(ua < ub ? (ua < uc ? ua : uc) : ub < uc ? ub : uc),
    c1 = Math.floor(ua > ub ? (ua > uc ? ua : uc) : ub > uc ? ub : uc);
  if (c0 < at.u0) c0 = at.u0;
  if (c1 > at.u1) c1 = at.u1;
  if (c0 > c1) return;
  let r0 = Math.ceil(va < vb ? (va < vc ? va : vc) : vb < vc ? vb : vc),
    r1 = Math.floor(va > vb ? (va > vc ? va : vc) : vb > vc ? vb : vc);
  if (r0 < at.v0) r0 = at.v0;
  if (r1 > at.v1) r1 = at.v1;
  if (r0 > r1) return;
  const inv = 1 / area;
  // Barycentric weights as affine functions λ = A·u + B·v + C, scaled so that inside means all ≥ 0.
  const Aa = (vb - vc) * inv,
    Ba = (uc - ub) * inv,
    Ca = (ub * vc - uc * vb) * inv;
  const Ab = (vc - va) * inv,
    Bb = (ua - uc) * inv,
    Cb = (uc * va - ua * vc) * inv;
  const Ac = (va - vb) * inv,
    Bc = (ub - ua) * inv,
    Cc = (ua * vb - ub * va) * inv;
  const dwu = Aa * wa + Ab * wb + Ac * wc,
    dwv = Ba * wa + Bb * wb + Bc * wc,
    w0 = Ca * wa + Cb * wb + Cc * wc;
  // Where a weight is ≥ 0 along a row is a half-line starting at −(B·v + C)/A: one division per edge, not per row.
  const ia = Aa !== 0 ? -1 / Aa : 0,
    ib = Ab !== 0 ? -1 / Ab : 0,
    ic = Ac !== 0 ? -1 / Ac : 0;
  const { depth, width } = target;
  const Y = target.y,
    U = target.u,
    V = target.v;
  for (let row = r0; row <= r1; row++) {
    let lo = c0,
      hi = c1;
    const ka = Ba * row + Ca,
      kb = Bb * row + Cb,
      kc = Bc * row + Cc;
    if (Aa > 0) lo = Math.max(lo, Math.ceil(ka * ia));
    else if (Aa < 0) hi = Math.min(hi, Math.floor(ka * ia));
    else if (ka < 0) continue;
    if (Ab > 0) lo = Math.max(lo, Math.ceil(kb * ib));
    else if (Ab < 0) hi = Math.min(hi, Math.floor(kb * ib));
    else if (kb < 0) continue;
    if (Ac > 0) lo = Math.max(lo, Math.ceil(kc * ic));
    else if (Ac < 0) hi = Math.min(hi, Math.floor(kc * ic));
    else if (kc < 0) continue;
    let w = w0 + dwv * row + dwu * lo;
    for (let i = row * width + lo, end = row * width + hi; i <= end; i++, w += dwu) {
      // Nearer than the buffer: 1/w < depth, without a division per pixel (the sky's depth is Infinity).
      if (w * depth[i]! > 1) {
        depth[i] = 1 / w;
        Y[i] = y;
        U[i] = u;
        V[i] = v;
      }
    }
  }
}
