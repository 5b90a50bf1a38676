import type { ColorRGBA, Pose3, Vec3 } from '../../math/types';
import type { InBinary } from '../binary/InBinary';
import type { OutBinary } from '../binary/OutBinary';
import { readColor, readVec3f, writeColor, writeVec3f } from './payload';
import { drawingPayload, unknownShape, type DrawingPayload } from './drawingPayload';

/** Wire numbers of 3-D shapes (formats §5.2). */
export enum ShapeType3D {
  dot = 0,
  line = 1,
  cube = 2,
  quad = 3,
  coordinates = 4,
  scale = 5,
  rotate = 6,
  translate = 7,
  sphere = 8,
  ellipsoid = 9,
  cylinder = 10,
  image = 11,
  renderOptions = 12,
}

/** Eight corners of a cube (CUBE3D order a..h). */
export type CubeCorners = [Vec3, Vec3, Vec3, Vec3, Vec3, Vec3, Vec3, Vec3];
/** Four corners of a quad. */
export type QuadCorners = [Vec3, Vec3, Vec3, Vec3];

/** One 3-D shape as it travels in idDebugDrawing3D (all numbers float32 on the wire). */
export type Shape3D =
  | { type: 'dot'; x: number; y: number; z: number; size: number; color: ColorRGBA }
  | { type: 'line'; from: Vec3; to: Vec3; width: number; color: ColorRGBA }
  | { type: 'cube'; corners: CubeCorners; width: number; color: ColorRGBA }
  | { type: 'quad'; corners: QuadCorners; color: ColorRGBA }
  | { type: 'coordinates'; length: number; width: number }
  | { type: 'scale' | 'rotate' | 'translate'; x: number; y: number; z: number }
  | { type: 'sphere'; x: number; y: number; z: number; radius: number; color: ColorRGBA }
  | { type: 'ellipsoid'; pose: Pose3; radii: Vec3; color: ColorRGBA }
  | {
      type: 'cylinder';
      position: Vec3;
      rotation: Vec3;
      baseRadius: number;
      topRadius: number;
      height: number;
      color: ColorRGBA;
    }
  /** IMAGE3D: `image` is the streamed CameraImage, passed through opaque (its layout belongs to the representation). */
  | { type: 'image'; position: Vec3; rotation: Vec3; width: number; height: number; image: Uint8Array }
  /** Bit 1 disableTransparency, 2 disableOpacity, 4 disableDepth. */
  | { type: 'renderOptions'; bits: number };

/** The payload of one idDebugDrawing3D message: which drawing (manager id) and the shape. */
export type DebugDrawing3D = DrawingPayload<Shape3D>;

/** How one field of a shape travels: its writer and its reader. */
interface Field<V> {
  write(out: OutBinary, value: V): void;
  read(inp: InBinary): V;
}

/** The shapes of `Shape3D` whose type is `T` (one member may carry several types, as translate does). */
type ShapeOf<T extends Shape3D['type'], S = Shape3D> = S extends { type: infer U } ? (T extends U ? S : never) : never;

/** The fields of one shape, in wire order (the key order of the object literal), all but its type. */
type Layout<S> = { readonly [K in Exclude<keyof S, 'type'>]-?: Field<S[K]> };

const f32: Field<number> = { write: (out, v) => out.float(v), read: (inp) => inp.float() };
const vec3: Field<Vec3> = { write: writeVec3f, read: readVec3f };
const color: Field<ColorRGBA> = { write: writeColor, read: readColor };
const xyz = { x: f32, y: f32, z: f32 };

/** `n` corners (CUBE3D: 8, QUAD3D: 4). */
function corners<C extends Vec3[]>(n: C['length']): Field<C> {
  return {
    write: (out, cs) => {
      for (const c of cs) writeVec3f(out, c);
    },
    read: (inp) => {
      const cs: Vec3[] = [];
      for (let i = 0; i < n; i++) cs.push(readVec3f(inp));
      return cs as C;
    },
  };
}

/** ELLIPSOID3D's pose: the 3×3 rotation (9 floats), then the translation. */
const pose3: Field<Pose3> = {
  write: (out, pose) => {
    for (let i = 0; i < 9; i++) out.float(pose.rotation[i] ?? 0);
    writeVec3f(out, pose.translation);
  },
  read: (inp) => {
    const rotation: number[] = [];
    for (let i = 0; i < 9; i++) rotation.push(inp.float());
    return { rotation, translation: readVec3f(inp) };
  },
};

/** IMAGE3D's CameraImage: the rest of the payload, passed through (read as a view into it). */
const rest: Field<Uint8Array> = {
  write: (out, bytes) => out.bytes(bytes),
  read: (inp) => inp.bytesView(inp.remaining),
};

/** Each shape's fields on the wire (formats §5.2). */
const LAYOUTS: { readonly [T in Shape3D['type']]: Layout<ShapeOf<T>> } = {
  dot: { ...xyz, size: f32, color },
  line: { from: vec3, to: vec3, width: f32, color },
  cube: { corners: corners<CubeCorners>(8), width: f32, color },
  quad: { corners: corners<QuadCorners>(4), color },
  coordinates: { length: f32, width: f32 },
  scale: xyz,
  rotate: xyz,
  translate: xyz,
  sphere: { ...xyz, radius: f32, color },
  ellipsoid: { pose: pose3, radii: vec3, color },
  cylinder: { position: vec3, rotation: vec3, baseRadius: f32, topRadius: f32, height: f32, color },
  image: { position: vec3, rotation: vec3, width: f32, height: f32, image: rest },
  renderOptions: { bits: { write: (out, bits) => out.uint8(bits), read: (inp) => inp.uint8() } },
};

/** The layouts as lists, so the hot path walks an array instead of an object's keys. */
const FIELDS = Object.fromEntries(
  Object.entries(LAYOUTS).map(([type, layout]) => [type, Object.entries(layout as Record<string, Field<unknown>>)]),
) as Record<Shape3D['type'], [string, Field<unknown>][]>;

/** Appends the idDebugDrawing3D payload for `shape` of drawing `drawingId` (hot path: reuse `out`). */
export function writeDrawing3D(out: OutBinary, drawingId: number, shape: Shape3D): void {
  out.uint8(ShapeType3D[shape.type]);
  out.uint8(drawingId);
  const values = shape as unknown as Record<string, unknown>;
  for (const [key, field] of FIELDS[shape.type]) field.write(out, values[key]);
  // POINT3D ends with a bool that B-Human always sends as false.
  if (shape.type === 'dot') out.bool(false);
}

function readShape(inp: InBinary, type: ShapeType3D): Shape3D {
  const name = ShapeType3D[type] as Shape3D['type'] | undefined;
  if (name === undefined) throw unknownShape(inp, '3-D', type);
  const shape: Record<string, unknown> = { type: name };
  for (const [key, field] of FIELDS[name]) shape[key] = field.read(inp);
  if (name === 'dot') inp.bool();
  return shape as unknown as Shape3D;
}

const drawing = drawingPayload<Shape3D>('3-D', writeDrawing3D, readShape);

/** Encodes one idDebugDrawing3D payload. */
export const encodeDrawing3D = drawing.encode;

/**
 * Decodes one idDebugDrawing3D payload. An image's CameraImage bytes are a view into `payload`. Throws StreamError
 * on unknown shapes, truncation or trailing bytes.
 */
export const decodeDrawing3D = drawing.decode;
