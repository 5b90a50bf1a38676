/**
 * Ray intersections with the renderer's primitives. A ray is origin p + t·d (d not normalised); each function
 * returns the smallest t > 0 of a hit, or Infinity, and writes the surface normal's z and a facing term into
 * `out` for shading.
 */

/** Shading inputs of the last hit: the world normal. */
export interface Hit {
  nx: number;
  ny: number;
  nz: number;
}

/** Sphere with centre c and radius r. */
export function hitSphere(
  p: readonly number[],
  d: readonly number[],
  cx: number,
  cy: number,
  cz: number,
  r: number,
  out: Hit,
): number {
  const dx = d[0]!,
    dy = d[1]!,
    dz = d[2]!;
  const ox = p[0]! - cx,
    oy = p[1]! - cy,
    oz = p[2]! - cz;
  const a = dx * dx + dy * dy + dz * dz;
  const b = ox * dx + oy * dy + oz * dz;
  const c = ox * ox + oy * oy + oz * oz - r * r;
  const disc = b * b - a * c;
  if (disc < 0) return Infinity;
  const t = (-b - Math.sqrt(disc)) / a;
  if (t <= 0) return Infinity;
  out.nx = (ox + t * dx) / r;
  out.ny = (oy + t * dy) / r;
  out.nz = (oz + t * dz) / r;
  return t;
}

/**
 * Cylinder of radius r whose axis is parallel to a coordinate axis (`axis` 0 = x, 1 = y, 2 = z) through the point
 * (a0, a1) in the two other coordinates (in order), spanning [lo, hi] along the axis. Caps are not drawn.
 */
export function hitAxisCylinder(
  p: readonly number[],
  d: readonly number[],
  axis: 0 | 1 | 2,
  a0: number,
  a1: number,
  r: number,
  lo: number,
  hi: number,
  out: Hit,
): number {
  const i = axis === 0 ? 1 : 0,
    j = axis === 2 ? 1 : 2;
  const ox = p[i]! - a0,
    oy = p[j]! - a1,
    dx = d[i]!,
    dy = d[j]!;
  const a = dx * dx + dy * dy;
  if (a === 0) return Infinity;
  const b = ox * dx + oy * dy;
  const c = ox * ox + oy * oy - r * r;
  const disc = b * b - a * c;
  if (disc < 0) return Infinity;
  const t = (-b - Math.sqrt(disc)) / a;
  if (t <= 0) return Infinity;
  const along = p[axis]! + t * d[axis]!;
  if (along < lo || along > hi) return Infinity;
  const n = [0, 0, 0];
  n[i] = (ox + t * dx) / r;
  n[j] = (oy + t * dy) / r;
  out.nx = n[0]!;
  out.ny = n[1]!;
  out.nz = n[2]!;
  return t;
}

/** A box centred at (cx, cy, cz), turned about z by the yaw whose cosine and sine are given, half extents h. */
export interface YawBox {
  cx: number;
  cy: number;
  cz: number;
  cosYaw: number;
  sinYaw: number;
  hx: number;
  hy: number;
  hz: number;
}

/** Whether the point `p` lies inside `box`. */
export function insideBox(box: YawBox, p: readonly number[]): boolean {
  const { cx, cy, cosYaw, sinYaw } = box;
  const rx = p[0]! - cx,
    ry = p[1]! - cy;
  return (
    Math.abs(cosYaw * rx + sinYaw * ry) < box.hx &&
    Math.abs(-sinYaw * rx + cosYaw * ry) < box.hy &&
    Math.abs(p[2]! - box.cz) < box.hz
  );
}

/** The ray's hit with `box` (slab method in the box frame). */
export function hitBox(p: readonly number[], d: readonly number[], box: YawBox, out: Hit): number {
  const { cx, cy, cz, cosYaw, sinYaw, hx, hy, hz } = box;
  const dx = d[0]!,
    dy = d[1]!,
    dz = d[2]!;
  const rx = p[0]! - cx,
    ry = p[1]! - cy;
  // Unrolled over the three slabs, without temporary arrays: this runs for every pixel a robot covers.
  const slab = { tNear: -Infinity, tFar: Infinity, axis: -1, sign: 0 };
  if (!clipSlab(slab, 0, cosYaw * rx + sinYaw * ry, cosYaw * dx + sinYaw * dy, hx)) return Infinity;
  if (!clipSlab(slab, 1, -sinYaw * rx + cosYaw * ry, -sinYaw * dx + cosYaw * dy, hy)) return Infinity;
  if (!clipSlab(slab, 2, p[2]! - cz, dz, hz)) return Infinity;
  const { tNear, axis, sign } = slab;
  if (tNear <= 0 || axis < 0) return Infinity;
  // Normal in the box frame, rotated back by yaw.
  const lx = axis === 0 ? sign : 0,
    ly = axis === 1 ? sign : 0;
  out.nx = cosYaw * lx - sinYaw * ly;
  out.ny = sinYaw * lx + cosYaw * ly;
  out.nz = axis === 2 ? sign : 0;
  return tNear;
}

/** Narrows the ray interval by the slab |o + t·v| ≤ h of axis `k`; false when the ray misses the box. */
function clipSlab(
  slab: { tNear: number; tFar: number; axis: number; sign: number },
  k: number,
  ok: number,
  vk: number,
  hk: number,
): boolean {
  if (Math.abs(vk) < 1e-12) return !(ok < -hk || ok > hk);
  let t1 = (-hk - ok) / vk,
    t2 = (hk - ok) / vk;
  let s = -1;
  if (t1 > t2) {
    const tmp = t1;
    t1 = t2;
    t2 = tmp;
    s = 1;
  }
  if (t1 > slab.tNear) {
    slab.tNear = t1;
    slab.axis = k;
    slab.sign = s;
  }
  if (t2 < slab.tFar) slab.tFar = t2;
  return slab.tNear <= slab.tFar;
}

/**
 * A primitive turned arbitrarily: centre `c`, rotation `R` (column-major: its columns are the primitive's axes in
 * the world), half extents of its bounding box along its own axes, and for round shapes the radius and (cylinder,
 * capsule) the half length of the straight part along its z axis.
 */
export interface PosedPrimitive {
  shape: 'box' | 'sphere' | 'cylinder' | 'capsule';
  c: readonly [number, number, number];
  R: readonly number[];
  half: readonly [number, number, number];
  r: number;
  /** Cylinder: half its height; capsule: half the length between the caps' centres. */
  halfLength: number;
}

/** The ray in the primitive's frame (written into `lp`, `ld`). */
function toLocal(p: readonly number[], d: readonly number[], s: PosedPrimitive, lp: number[], ld: number[]): void {
  const R = s.R;
  const rx = p[0]! - s.c[0],
    ry = p[1]! - s.c[1],
    rz = p[2]! - s.c[2];
  for (let i = 0; i < 3; i++) {
    const ax = R[3 * i]!,
      ay = R[3 * i + 1]!,
      az = R[3 * i + 2]!;
    lp[i] = ax * rx + ay * ry + az * rz;
    ld[i] = ax * d[0]! + ay * d[1]! + az * d[2]!;
  }
}

/** Turns the normal in `out` from the primitive's frame into the world. */
function normalToWorld(s: PosedPrimitive, out: Hit): void {
  const R = s.R;
  const x = out.nx,
    y = out.ny,
    z = out.nz;
  out.nx = R[0]! * x + R[3]! * y + R[6]! * z;
  out.ny = R[1]! * x + R[4]! * y + R[7]! * z;
  out.nz = R[2]! * x + R[5]! * y + R[8]! * z;
}

const localP = [0, 0, 0];
const localD = [0, 0, 0];
const capHit: Hit = { nx: 0, ny: 0, nz: 0 };

/** Hit of a posed primitive (see hitSphere for the contract). */
export function hitPosed(p: readonly number[], d: readonly number[], s: PosedPrimitive, out: Hit): number {
  if (s.shape === 'sphere') return hitSphere(p, d, s.c[0], s.c[1], s.c[2], s.r, out);
  toLocal(p, d, s, localP, localD);
  let t = Infinity;
  if (s.shape === 'box') {
    const slab = { tNear: -Infinity, tFar: Infinity, axis: -1, sign: 0 };
    for (let k = 0; k < 3; k++) if (!clipSlab(slab, k, localP[k]!, localD[k]!, s.half[k]!)) return Infinity;
    if (slab.tNear <= 0 || slab.axis < 0) return Infinity;
    t = slab.tNear;
    out.nx = slab.axis === 0 ? slab.sign : 0;
    out.ny = slab.axis === 1 ? slab.sign : 0;
    out.nz = slab.axis === 2 ? slab.sign : 0;
  } else {
    const h = s.halfLength;
    t = hitAxisCylinder(localP, localD, 2, 0, 0, s.r, -h, h, out);
    // Ends: flat caps of a cylinder, half spheres of a capsule.
    for (const end of [-h, h]) {
      let te: number;
      if (s.shape === 'capsule') te = hitSphere(localP, localD, 0, 0, end, s.r, capHit);
      else {
        te = localD[2] === 0 ? Infinity : (end - localP[2]!) / localD[2]!;
        const x = localP[0]! + te * localD[0]!,
          y = localP[1]! + te * localD[1]!;
        if (!(te > 0) || x * x + y * y > s.r * s.r) te = Infinity;
        capHit.nx = 0;
        capHit.ny = 0;
        capHit.nz = Math.sign(end);
      }
      if (te < t) {
        t = te;
        out.nx = capHit.nx;
        out.ny = capHit.ny;
        out.nz = capHit.nz;
      }
    }
    if (t === Infinity) return Infinity;
  }
  normalToWorld(s, out);
  return t;
}

/** Whether `p` lies inside the posed primitive's bounding box (a camera inside a head sees out of it). */
export function insidePosed(p: readonly number[], s: PosedPrimitive): boolean {
  toLocal(p, [0, 0, 0], s, localP, localD);
  return Math.abs(localP[0]!) < s.half[0] && Math.abs(localP[1]!) < s.half[1] && Math.abs(localP[2]!) < s.half[2];
}
