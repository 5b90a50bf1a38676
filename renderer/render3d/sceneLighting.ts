/**
 * @file The light of the 3-D scene, a hemisphere light (sky and ground colours) and one sun, applied on the CPU:
 * surfaces get their lit colour per vertex when they are built or posed, and the shaders only copy it
 * (prelitMaterials.ts). In software WebGL every shader instruction is paid on the CPU for every vertex and pixel
 * of every frame; a robot's pose changes at most 30 times a second and the field never. On the boxes, planes and
 * cylinders of the scene each face has one normal, so this equals three.js's per-pixel Lambert lighting; spheres
 * get smooth (Gouraud) shading.
 */
import * as THREE from 'three';

const HEMISPHERE_INTENSITY = 1.6;
const SUN_INTENSITY = 1.6;
/** Irradiances (linear, white light) already divided by π, Lambert's BRDF. */
const SKY = new THREE.Color(0xffffff).multiplyScalar(HEMISPHERE_INTENSITY / Math.PI);
const GROUND = new THREE.Color(0x445544).multiplyScalar(HEMISPHERE_INTENSITY / Math.PI);
const SUN = new THREE.Color(0xffffff).multiplyScalar(SUN_INTENSITY / Math.PI);
/**
 * Where the hemisphere's sky is: +y. It is the direction three.js's HemisphereLight took in this z-up scene
 * before the lighting moved out of three's shaders; kept so the scene looks as users know it.
 */
const SKY_DIRECTION = new THREE.Vector3(0, 1, 0);
/** Towards the sun: high above, a little behind the −x goal and the −y sideline. */
const SUN_DIRECTION = new THREE.Vector3(-3, -2, 10).normalize();

/**
 * The same light for shaders that light on the GPU (bodies drawn as instances, appearanceMaterial.ts): sky, ground
 * and sun irradiances (linear, divided by π) and the directions of the sky and of the sun.
 */
export const SCENE_LIGHT = {
  sky: SKY,
  ground: GROUND,
  sun: SUN,
  skyDirection: SKY_DIRECTION,
  sunDirection: SUN_DIRECTION,
} as const;

/** Steps of the sRGB table: fine enough that no byte is off by more than one. */
const SRGB_STEPS = 4096;
/** sRGB bytes of linear values 0…1 (a table: posing 14 robots shades some 9000 vertices). */
const SRGB_BYTES = Uint8Array.from({ length: SRGB_STEPS + 1 }, (_, i) => {
  const c = i / SRGB_STEPS;
  return Math.round((c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055) * 255);
});

/** One linear colour component as an sRGB byte, the encoding the canvas shows. */
function srgbByte(linear: number): number {
  return SRGB_BYTES[Math.round(Math.min(1, Math.max(0, linear)) * SRGB_STEPS)]!;
}

/**
 * Writes the sRGB bytes of a matte surface of linear colour `albedo` facing the unit normal (nx, ny, nz) (scene
 * frame) into `out` at `offset`.
 */
export function shade(nx: number, ny: number, nz: number, albedo: THREE.Color, out: Uint8Array, offset: number): void {
  const skyWeight = 0.5 * (nx * SKY_DIRECTION.x + ny * SKY_DIRECTION.y + nz * SKY_DIRECTION.z) + 0.5;
  const sun = Math.max(0, nx * SUN_DIRECTION.x + ny * SUN_DIRECTION.y + nz * SUN_DIRECTION.z);
  out[offset] = srgbByte(albedo.r * (GROUND.r + (SKY.r - GROUND.r) * skyWeight + SUN.r * sun));
  out[offset + 1] = srgbByte(albedo.g * (GROUND.g + (SKY.g - GROUND.g) * skyWeight + SUN.g * sun));
  out[offset + 2] = srgbByte(albedo.b * (GROUND.b + (SKY.b - GROUND.b) * skyWeight + SUN.b * sun));
}

/** A colour attribute for `vertices` vertices (sRGB bytes, read as 0…1 by the shader). */
export function colorAttribute(vertices: number): THREE.BufferAttribute {
  return new THREE.BufferAttribute(new Uint8Array(vertices * 3), 3, true);
}

/**
 * Gives `geometry` (placed as it will be in the scene, or only translated there) the lit colours of a surface of
 * `color` (sRGB, as three.js colours are given); returns it.
 */
export function bakeLighting<T extends THREE.BufferGeometry>(geometry: T, color: THREE.ColorRepresentation): T {
  const albedo = new THREE.Color(color);
  const normal = geometry.getAttribute('normal');
  const colors = colorAttribute(normal.count);
  for (let i = 0; i < normal.count; i++)
    shade(normal.getX(i), normal.getY(i), normal.getZ(i), albedo, colors.array as Uint8Array, 3 * i);
  geometry.setAttribute('color', colors);
  return geometry;
}

/**
 * The colour (sRGB, as three.js colours are given) of a flat surface of `color` facing `normal` (unit, scene
 * frame): one colour for all of it, for an unlit material without per-vertex colours.
 */
export function litColor(color: THREE.ColorRepresentation, normal: THREE.Vector3): THREE.Color {
  const bytes = new Uint8Array(3);
  shade(normal.x, normal.y, normal.z, new THREE.Color(color), bytes, 0);
  return new THREE.Color().setRGB(bytes[0]! / 255, bytes[1]! / 255, bytes[2]! / 255, THREE.SRGBColorSpace);
}
