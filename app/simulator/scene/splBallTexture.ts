/**
 * @file Pitchside's own texture of the SPL ball: the classic black-and-white print of a truncated icosahedron (12
 * black pentagons, 20 white hexagons) as an equirectangular image, poles on the ball's z axis as the camera
 * renderer and the 3-D view wrap it. A pentagon sits on every vertex of an icosahedron; its corners lie a third
 * of the way along the icosahedron's edges. Projecting a texel's direction onto the plane touching the sphere at
 * the nearest vertex (a gnomonic projection, which keeps the polyhedron's straight edges straight) turns "is it
 * in the pentagon" into a point-in-polygon test. A thin grey seam
 * outlines each pentagon.
 */

/** An image: RGB bytes, 3 per texel, rows from the top pole down. */
export interface BallTexture {
  width: number;
  height: number;
  rgb: Uint8Array;
}

type V3 = [number, number, number];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const scale = (a: V3, s: number): V3 => [a[0] * s, a[1] * s, a[2] * s];
const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V3): V3 => scale(a, 1 / Math.sqrt(dot(a, a)));

/** The 12 icosahedron vertices (unit length): cyclic permutations of (0, ±1, ±φ). */
function icosahedron(): V3[] {
  const phi = (1 + Math.sqrt(5)) / 2;
  const out: V3[] = [];
  for (const a of [-1, 1]) for (const b of [-phi, phi]) out.push(unit([0, a, b]), unit([a, b, 0]), unit([b, 0, a]));
  return out;
}

/** A pentagon face: its vertex and its corners in the plane touching the sphere there (offsets from the vertex). */
interface Pentagon {
  v: V3;
  corners: V3[];
}

function pentagons(): Pentagon[] {
  const verts = icosahedron();
  return verts.map((v) => {
    // The 5 neighbours are the nearest other vertices; order them around v for the polygon test.
    const near = verts
      .filter((w) => w !== v)
      .sort((a, b) => dot(b, v) - dot(a, v))
      .slice(0, 5);
    const e1 = unit(sub(near[0]!, scale(v, dot(near[0]!, v))));
    const e2 = cross(v, e1);
    const corners = near
      .map((w) => {
        const c = add(scale(v, 2 / 3), scale(w, 1 / 3));
        return sub(scale(c, 1 / dot(c, v)), v);
      })
      .sort((a, b) => Math.atan2(dot(a, e2), dot(a, e1)) - Math.atan2(dot(b, e2), dot(b, e1)));
    return { v, corners };
  });
}

/**
 * Signed distance (in the tangent plane, sphere radius 1) from the pentagon's border: negative inside. For a
 * convex polygon the largest signed distance to its edge lines is the distance to its border.
 */
function pentagonDistance(p: Pentagon, n: V3): number {
  const q = sub(scale(n, 1 / dot(n, p.v)), p.v);
  let d = -Infinity;
  for (let i = 0; i < 5; i++) {
    const a = p.corners[i]!,
      b = p.corners[(i + 1) % 5]!;
    const edge = unit(sub(b, a));
    const outward = cross(edge, p.v);
    d = Math.max(d, dot(sub(q, a), outward));
  }
  return d;
}

/** The texture, `width` × `width / 2` texels. */
export function splBallTexture(width = 512): BallTexture {
  const height = width / 2;
  const penta = pentagons();
  const rgb = new Uint8Array(width * height * 3);
  const white = 238,
    black = 18,
    seam = 150;
  const seamHalfWidth = 0.008;
  for (let row = 0; row < height; row++) {
    const theta = ((row + 0.5) / height) * Math.PI;
    for (let col = 0; col < width; col++) {
      // u = atan2(y, x)/2π + 1/2, v = acos(z)/π: the mapping the renderers use.
      const phi = ((col + 0.5) / width - 0.5) * 2 * Math.PI;
      const n: V3 = [Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi), Math.cos(theta)];
      const nearest = penta.reduce((a, b) => (dot(n, b.v) > dot(n, a.v) ? b : a));
      const d = pentagonDistance(nearest, n);
      let value = d < 0 ? black : white;
      if (d >= 0 && d < seamHalfWidth) value = seam;
      rgb.fill(value, (row * width + col) * 3, (row * width + col) * 3 + 3);
    }
  }
  return { width, height, rgb };
}
