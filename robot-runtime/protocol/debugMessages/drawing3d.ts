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

/** Appends the idDebugDrawing3D payload for `shape` of drawing `drawingId` (hot path: reuse `out`). */
export function writeDrawing3D(out: OutBinary, drawingId: number, shape: Shape3D): void {
  out.uint8(ShapeType3D[shape.type]);
  out.uint8(drawingId);
  switch (shape.type) {
    case 'dot':
      out.float(shape.x);
      out.float(shape.y);
      out.float(shape.z);
      out.float(shape.size);
      writeColor(out, shape.color);
      // POINT3D ends with a bool that B-Human always sends as false.
      out.bool(false);
      break;
    case 'line':
      writeVec3f(out, shape.from);
      writeVec3f(out, shape.to);
      out.float(shape.width);
      writeColor(out, shape.color);
      break;
    case 'cube':
      for (const c of shape.corners) writeVec3f(out, c);
      out.float(shape.width);
      writeColor(out, shape.color);
      break;
    case 'quad':
      for (const c of shape.corners) writeVec3f(out, c);
      writeColor(out, shape.color);
      break;
    case 'coordinates':
      out.float(shape.length);
      out.float(shape.width);
      break;
    case 'scale':
    case 'rotate':
    case 'translate':
      out.float(shape.x);
      out.float(shape.y);
      out.float(shape.z);
      break;
    case 'sphere':
      out.float(shape.x);
      out.float(shape.y);
      out.float(shape.z);
      out.float(shape.radius);
      writeColor(out, shape.color);
      break;
    case 'ellipsoid':
      for (let i = 0; i < 9; i++) out.float(shape.pose.rotation[i] ?? 0);
      writeVec3f(out, shape.pose.translation);
      writeVec3f(out, shape.radii);
      writeColor(out, shape.color);
      break;
    case 'cylinder':
      writeVec3f(out, shape.position);
      writeVec3f(out, shape.rotation);
      out.float(shape.baseRadius);
      out.float(shape.topRadius);
      out.float(shape.height);
      writeColor(out, shape.color);
      break;
    case 'image':
      writeVec3f(out, shape.position);
      writeVec3f(out, shape.rotation);
      out.float(shape.width);
      out.float(shape.height);
      out.bytes(shape.image);
      break;
    case 'renderOptions':
      out.uint8(shape.bits);
      break;
  }
}

function readCorners<N extends number>(inp: InBinary, n: N): Vec3[] {
  const corners: Vec3[] = [];
  for (let i = 0; i < n; i++) corners.push(readVec3f(inp));
  return corners;
}

function readShape(inp: InBinary, type: ShapeType3D): Shape3D {
  switch (type) {
    case ShapeType3D.dot: {
      const x = inp.float(),
        y = inp.float(),
        z = inp.float(),
        size = inp.float();
      const color = readColor(inp);
      inp.bool();
      return { type: 'dot', x, y, z, size, color };
    }
    case ShapeType3D.line: {
      const from = readVec3f(inp),
        to = readVec3f(inp),
        width = inp.float();
      return { type: 'line', from, to, width, color: readColor(inp) };
    }
    case ShapeType3D.cube: {
      const corners = readCorners(inp, 8) as CubeCorners;
      const width = inp.float();
      return { type: 'cube', corners, width, color: readColor(inp) };
    }
    case ShapeType3D.quad: {
      const corners = readCorners(inp, 4) as QuadCorners;
      return { type: 'quad', corners, color: readColor(inp) };
    }
    case ShapeType3D.coordinates: {
      const length = inp.float();
      return { type: 'coordinates', length, width: inp.float() };
    }
    case ShapeType3D.scale:
    case ShapeType3D.rotate:
    case ShapeType3D.translate: {
      const x = inp.float(),
        y = inp.float(),
        z = inp.float();
      return { type: ShapeType3D[type] as 'scale', x, y, z };
    }
    case ShapeType3D.sphere: {
      const x = inp.float(),
        y = inp.float(),
        z = inp.float(),
        radius = inp.float();
      return { type: 'sphere', x, y, z, radius, color: readColor(inp) };
    }
    case ShapeType3D.ellipsoid: {
      const rotation: number[] = [];
      for (let i = 0; i < 9; i++) rotation.push(inp.float());
      const translation = readVec3f(inp),
        radii = readVec3f(inp);
      return { type: 'ellipsoid', pose: { rotation, translation }, radii, color: readColor(inp) };
    }
    case ShapeType3D.cylinder: {
      const position = readVec3f(inp),
        rotation = readVec3f(inp);
      const baseRadius = inp.float(),
        topRadius = inp.float(),
        height = inp.float();
      return { type: 'cylinder', position, rotation, baseRadius, topRadius, height, color: readColor(inp) };
    }
    case ShapeType3D.image: {
      const position = readVec3f(inp),
        rotation = readVec3f(inp);
      const width = inp.float(),
        height = inp.float();
      return { type: 'image', position, rotation, width, height, image: inp.bytesView(inp.remaining) };
    }
    case ShapeType3D.renderOptions:
      return { type: 'renderOptions', bits: inp.uint8() };
    default:
      throw unknownShape(inp, '3-D', type);
  }
}

const drawing = drawingPayload<Shape3D>('3-D', writeDrawing3D, readShape);

/** Encodes one idDebugDrawing3D payload. */
export const encodeDrawing3D = drawing.encode;

/**
 * Decodes one idDebugDrawing3D payload. An image's CameraImage bytes are a view into `payload`. Throws StreamError
 * on unknown shapes, truncation or trailing bytes.
 */
export const decodeDrawing3D = drawing.decode;
