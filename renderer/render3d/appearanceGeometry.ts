/**
 * @file The geometries of the scene's own look (SceneBodies.ts): scene meshes from their bytes (at a level of
 * detail, with creased normals where the scene gives none), primitives in the scene's conventions, each part placed
 * in its body's frame with the attributes the appearance shader reads, and textures from PNG bytes.
 */
import * as THREE from 'three';
import { mergeVertices, toCreasedNormals } from 'three/addons/utils/BufferGeometryUtils.js';
import type { WireMesh, WirePart, WireShape } from '../../app/ipc/simulation';
import { clusterVertices } from '@robot-runtime/math/simplifyMesh';

/** Meshes without normals are shaded smoothly across edges flatter than this (rad), with a crease at sharper ones. */
const CREASE_ANGLE = Math.PI / 6;

/**
 * A copy of `source` placed at the part's pose in its body's frame, with the attributes the shader reads: normal,
 * the body's and the part's index (and texture coordinates for a textured material).
 */
export function placedPiece(
  source: THREE.BufferGeometry,
  part: WirePart,
  body: number,
  index: number,
  textured: boolean,
): THREE.BufferGeometry {
  const piece = new THREE.BufferGeometry();
  piece.setAttribute('position', source.getAttribute('position').clone());
  piece.setAttribute('normal', source.getAttribute('normal').clone());
  const count = source.getAttribute('position').count;
  if (textured)
    piece.setAttribute(
      'uv',
      source.getAttribute('uv')?.clone() ?? new THREE.BufferAttribute(new Float32Array(2 * count), 2),
    );
  piece.setIndex(source.index ? source.index.clone() : null);
  piece.setAttribute('body', new THREE.BufferAttribute(new Float32Array(count).fill(body), 1));
  piece.setAttribute('part', new THREE.BufferAttribute(new Float32Array(count).fill(index), 1));
  const [x, y, z, w, qx, qy, qz] = part.pose;
  piece.applyMatrix4(
    new THREE.Matrix4().compose(
      new THREE.Vector3(x, y, z),
      new THREE.Quaternion(qx, qy, qz, w).normalize(),
      new THREE.Vector3(1, 1, 1),
    ),
  );
  return piece;
}

/** A typed array over bytes (copied when they are not aligned for it). */
function view<T extends Float32Array | Uint32Array>(
  bytes: Uint8Array,
  Type: { new (buffer: ArrayBufferLike, offset: number, length: number): T; BYTES_PER_ELEMENT: number },
): T {
  const aligned = bytes.byteOffset % Type.BYTES_PER_ELEMENT === 0 ? bytes : bytes.slice();
  return new Type(aligned.buffer, aligned.byteOffset, Math.floor(aligned.byteLength / Type.BYTES_PER_ELEMENT));
}

/**
 * A scene mesh as a geometry, its vertices clustered in cubes of `cell` (m) when that is not 0: with its normals,
 * or with normals computed (creased at sharp edges).
 */
export function meshGeometry(mesh: WireMesh, cell: number): THREE.BufferGeometry {
  let geometry = new THREE.BufferGeometry();
  let positions: Float32Array<ArrayBufferLike> = view(mesh.vertices, Float32Array);
  let indices: Uint32Array<ArrayBufferLike> = view(mesh.triangles, Uint32Array);
  if (cell > 0) ({ positions, indices } = clusterVertices({ positions, indices }, cell));
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setIndex(new THREE.BufferAttribute(indices, 1));
  if (mesh.normals && cell === 0) {
    geometry.setAttribute('normal', new THREE.BufferAttribute(view(mesh.normals, Float32Array), 3));
    return geometry;
  }
  // Vertices shared where the surface is smooth, split at creases: few vertices, edges that look like edges.
  const creased = toCreasedNormals(geometry, CREASE_ANGLE);
  geometry.dispose();
  geometry = mergeVertices(creased);
  creased.dispose();
  return geometry;
}

/** A primitive's geometry in the scene's convention: cylinders, capsules and a sphere's poles along z. */
export function primitiveGeometry(shape: WireShape): THREE.BufferGeometry {
  switch (shape.kind) {
    case 'box':
      return new THREE.BoxGeometry(shape.size[0], shape.size[1], shape.size[2]);
    case 'sphere':
      return new THREE.SphereGeometry(shape.radius, 24, 16).rotateX(Math.PI / 2);
    case 'cylinder':
      return new THREE.CylinderGeometry(shape.radius, shape.radius, shape.height, 20).rotateX(Math.PI / 2);
    case 'capsule':
      return new THREE.CapsuleGeometry(shape.radius, Math.max(0, shape.height - 2 * shape.radius), 6, 16).rotateX(
        Math.PI / 2,
      );
    default:
      return new THREE.BufferGeometry();
  }
}

/** A texture from PNG bytes (undefined when the browser cannot decode them: the part keeps its colour). */
export async function decodeTexture(png: Uint8Array): Promise<THREE.Texture | undefined> {
  try {
    const bitmap = await createImageBitmap(new Blob([png as BlobPart], { type: 'image/png' }), {
      imageOrientation: 'flipY',
    });
    const texture = new THREE.Texture(bitmap as unknown as HTMLImageElement);
    // The bitmap is flipped already (three.js cannot flip bitmaps when uploading them).
    texture.flipY = false;
    texture.colorSpace = THREE.NoColorSpace;
    texture.needsUpdate = true;
    return texture;
  } catch {
    return undefined;
  }
}
