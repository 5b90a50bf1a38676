/**
 * @file Building blocks of Foxglove scene messages (`SceneEntity`, poses, colours) in metres: the log's
 * millimetres are converted here, once. An entity lists every primitive array the schema requires, empty or not.
 */
import type { FoxgloveTime } from './McapSink';

/** A colour with components 0..1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** An x, y, z vector (m). */
export interface Xyz {
  x: number;
  y: number;
  z: number;
}

/**
 * Millimetres to metres, to the tenth of a millimetre: enough for any display, and it keeps the JSON of scenes and
 * drawings short (full float digits would double it).
 */
export const metres = (mm: number): number => Math.round(mm * 10) / 10000;

/** The quaternion of a rotation by `yaw` about z. */
export function yawQuaternion(yaw: number): { x: number; y: number; z: number; w: number } {
  return { x: 0, y: 0, z: Math.sin(yaw / 2), w: Math.cos(yaw / 2) };
}

/** The quaternion of a column-major 3x3 rotation matrix. */
export function matrixQuaternion(m: readonly number[]): { x: number; y: number; z: number; w: number } {
  const at = (row: number, col: number): number => m[col * 3 + row]!;
  const trace = at(0, 0) + at(1, 1) + at(2, 2);
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    return { w: 0.25 / s, x: (at(2, 1) - at(1, 2)) * s, y: (at(0, 2) - at(2, 0)) * s, z: (at(1, 0) - at(0, 1)) * s };
  }
  if (at(0, 0) > at(1, 1) && at(0, 0) > at(2, 2)) {
    const s = 2 * Math.sqrt(1 + at(0, 0) - at(1, 1) - at(2, 2));
    return { w: (at(2, 1) - at(1, 2)) / s, x: 0.25 * s, y: (at(0, 1) + at(1, 0)) / s, z: (at(0, 2) + at(2, 0)) / s };
  }
  if (at(1, 1) > at(2, 2)) {
    const s = 2 * Math.sqrt(1 + at(1, 1) - at(0, 0) - at(2, 2));
    return { w: (at(0, 2) - at(2, 0)) / s, x: (at(0, 1) + at(1, 0)) / s, y: 0.25 * s, z: (at(1, 2) + at(2, 1)) / s };
  }
  const s = 2 * Math.sqrt(1 + at(2, 2) - at(0, 0) - at(1, 1));
  return { w: (at(1, 0) - at(0, 1)) / s, x: (at(0, 2) + at(2, 0)) / s, y: (at(1, 2) + at(2, 1)) / s, z: 0.25 * s };
}

/** A pose at `position` (m) turned by `yaw`. */
export function pose(
  position: Xyz,
  yaw = 0,
): { position: Xyz; orientation: { x: number; y: number; z: number; w: number } } {
  return { position, orientation: yawQuaternion(yaw) };
}

const channel = (v: number): number => Math.round((v / 255) * 1000) / 1000;

/** A B-Human ColorRGBA (0..255) as a Foxglove colour (components to three decimals). */
export function rgba(color: { r: number; g: number; b: number; a: number }): Rgba {
  return { r: channel(color.r), g: channel(color.g), b: channel(color.b), a: channel(color.a) };
}

/** The primitive arrays of a SceneEntity, in the order the entity lists them. */
export const PRIMITIVE_KINDS = ['arrows', 'cubes', 'spheres', 'cylinders', 'lines', 'triangles', 'texts'] as const;
export type PrimitiveKind = (typeof PRIMITIVE_KINDS)[number];

/** Primitive arrays of a SceneEntity. */
export type EntityPrimitives = Partial<Record<PrimitiveKind, unknown[]>>;

/** A complete SceneEntity (lifetime 0: it stays until replaced by an entity with the same id). */
export function sceneEntity(
  timestamp: FoxgloveTime,
  frameId: string,
  id: string,
  primitives: EntityPrimitives,
): Record<string, unknown> {
  const entity: Record<string, unknown> = {
    timestamp,
    frame_id: frameId,
    id,
    lifetime: { sec: 0, nsec: 0 },
    frame_locked: true,
    metadata: [],
  };
  for (const kind of PRIMITIVE_KINDS) entity[kind] = primitives[kind] ?? [];
  entity.models = [];
  return entity;
}

/**
 * The JSON of `sceneEntity(timestamp, frameId, id, …)` after `{"timestamp":<time>,`, from the JSON texts of its
 * primitives: an entity whose primitives were written before is put together without writing them again.
 */
export function sceneEntityTail(
  frameId: string,
  id: string,
  primitiveTexts: Partial<Record<PrimitiveKind, readonly string[]>>,
): string {
  // One join: the text is made once, flat (pieces added to a string one by one are copied again when written).
  const parts = [
    `"frame_id":${JSON.stringify(frameId)},"id":${JSON.stringify(id)},"lifetime":{"sec":0,"nsec":0},"frame_locked":true,"metadata":[]`,
  ];
  for (const kind of PRIMITIVE_KINDS) {
    parts.push(`,"${kind}":[`);
    (primitiveTexts[kind] ?? []).forEach((text, i) => parts.push(i > 0 ? ',' : '', text));
    parts.push(']');
  }
  parts.push(',"models":[]}');
  return parts.join('');
}

/** A line primitive (type 0 strip, 1 loop, 2 list) through `points` (m). */
export function linePrimitive(type: 0 | 1 | 2, points: Xyz[], thickness: number, color: Rgba): Record<string, unknown> {
  return {
    type,
    pose: pose({ x: 0, y: 0, z: 0 }),
    thickness,
    scale_invariant: false,
    points,
    color,
    colors: [],
    indices: [],
  };
}

/** A number's JSON text (JSON has no NaN or infinities), the text JSON.stringify writes. */
const numberJson = (v: number): string => (Number.isFinite(v) ? `${v}` : 'null');

/** Adds the JSON of `p` to `parts`. */
function pushXyz(parts: string[], p: Xyz): void {
  parts.push('{"x":', numberJson(p.x), ',"y":', numberJson(p.y), ',"z":', numberJson(p.z), '}');
}

/** Adds the JSON of `c` to `parts`. */
function pushRgba(parts: string[], c: Rgba): void {
  parts.push(
    '{"r":',
    numberJson(c.r),
    ',"g":',
    numberJson(c.g),
    ',"b":',
    numberJson(c.b),
    ',"a":',
    numberJson(c.a),
    '}',
  );
}

/*
 * Primitives that change in every frame are written as JSON by hand: building their objects to stringify them was
 * the largest part of drawing them. The parts are joined once, which makes a flat string (text added piece by
 * piece makes a tree of pieces that is copied again when written, which cost more than it saved).
 */

/** `JSON.stringify(linePrimitive(…))`. */
export function lineJson(type: 0 | 1 | 2, points: readonly Xyz[], thickness: number, color: Rgba): string {
  const parts = [
    `{"type":${type},"pose":{"position":{"x":0,"y":0,"z":0},"orientation":{"x":0,"y":0,"z":0,"w":1}},"thickness":`,
    numberJson(thickness),
    ',"scale_invariant":false,"points":[',
  ];
  for (let i = 0; i < points.length; i++) {
    if (i > 0) parts.push(',');
    pushXyz(parts, points[i]!);
  }
  parts.push('],"color":');
  pushRgba(parts, color);
  parts.push(',"colors":[],"indices":[]}');
  return parts.join('');
}

/** `JSON.stringify(cylinderPrimitive(…))`. */
export function cylinderJson(base: Xyz, diameter: number, height: number, color: Rgba, yaw = 0): string {
  const q = yawQuaternion(yaw);
  const parts = ['{"pose":{"position":'];
  pushXyz(parts, { x: base.x, y: base.y, z: base.z + height / 2 });
  parts.push(',"orientation":{"x":', numberJson(q.x), ',"y":', numberJson(q.y), ',"z":', numberJson(q.z));
  parts.push(',"w":', numberJson(q.w), '}},"size":');
  pushXyz(parts, { x: diameter, y: diameter, z: height });
  parts.push(',"bottom_scale":1,"top_scale":1,"color":');
  pushRgba(parts, color);
  parts.push('}');
  return parts.join('');
}

/** A sphere of `diameter` (m) at `position`. */
export function spherePrimitive(position: Xyz, diameter: number, color: Rgba): Record<string, unknown> {
  return { pose: pose(position), size: { x: diameter, y: diameter, z: diameter }, color };
}

/** An upright cylinder of `diameter` and `height` (m) standing on `base`. */
export function cylinderPrimitive(
  base: Xyz,
  diameter: number,
  height: number,
  color: Rgba,
  yaw = 0,
): Record<string, unknown> {
  return {
    pose: pose({ x: base.x, y: base.y, z: base.z + height / 2 }, yaw),
    size: { x: diameter, y: diameter, z: height },
    bottom_scale: 1,
    top_scale: 1,
    color,
  };
}

/** A billboard text at `position`. */
export function textPrimitive(position: Xyz, text: string, fontSize: number, color: Rgba): Record<string, unknown> {
  return { pose: pose(position), billboard: true, font_size: fontSize, scale_invariant: false, color, text };
}
