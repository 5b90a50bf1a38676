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
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
  cx: number,
  cy: number,
  cz: number,
  r: number,
  out: Hit,
): number {
  const ox = px - cx,
    oy = py - cy,
    oz = pz - cz;
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

/**
 * Box centred at (cx, cy, cz), turned by `yaw` about z, with half extents (hx, hy, hz) (slab method in the box
 * frame).
 */
export function hitBox(
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
  cx: number,
  cy: number,
  cz: number,
  cosYaw: number,
  sinYaw: number,
  hx: number,
  hy: number,
  hz: number,
  out: Hit,
): number {
  const rx = px - cx,
    ry = py - cy;
  // Unrolled over the three slabs, without temporary arrays: this runs for every pixel a robot covers.
  const slab = { tNear: -Infinity, tFar: Infinity, axis: -1, sign: 0 };
  if (!clipSlab(slab, 0, cosYaw * rx + sinYaw * ry, cosYaw * dx + sinYaw * dy, hx)) return Infinity;
  if (!clipSlab(slab, 1, -sinYaw * rx + cosYaw * ry, -sinYaw * dx + cosYaw * dy, hy)) return Infinity;
  if (!clipSlab(slab, 2, pz - cz, dz, hz)) return Infinity;
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
