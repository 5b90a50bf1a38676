import type { ColorRGBA, Pose2, Vec2 } from '../../math/types';
import type { InBinary } from '../binary/InBinary';
import type { OutBinary } from '../binary/OutBinary';
import { StreamError } from '../binary/StreamError';
import type { Brush, Pen, PenStyle } from './drawingStyles';
import { readColor, readIntCount, readVec2f, writeColor, writeVec2f } from './payload';
import { drawingPayload, unknownShape, type DrawingPayload } from './drawingPayload';

/** Wire numbers of 2-D shapes (formats §5.1). */
export enum ShapeType2D {
  arc = 0,
  arrow = 1,
  circle = 2,
  dot = 3,
  dotLarge = 4,
  dotMedium = 5,
  ellipse = 6,
  line = 7,
  origin = 8,
  polygon = 9,
  rectangle = 10,
  text = 11,
  tip = 12,
  robot = 13,
  spot = 14,
  thread = 15,
  gridMono = 16,
  gridRGBA = 17,
  gridRectangleRGBA = 18,
}

/** Shapes with an outline and a fill. Integer fields are rounded on the wire. */
interface Outlined {
  pen: Pen;
  brush: Brush;
}

/**
 * One 2-D shape as it travels in idDebugDrawing. Fields the wire sends as `int` are rounded when encoded;
 * `float` fields lose precision to float32.
 */
export type Shape2D =
  | ({ type: 'circle'; x: number; y: number; radius: number } & Outlined)
  | ({ type: 'arc'; x: number; y: number; radius: number; startAngle: number; spanAngle: number } & Outlined)
  | ({ type: 'ellipse'; x: number; y: number; radiusX: number; radiusY: number; rotation: number } & Outlined)
  | ({ type: 'rectangle'; x: number; y: number; width: number; height: number; rotation: number } & Outlined)
  | ({ type: 'polygon'; points: Vec2[] } & Outlined)
  | { type: 'dot' | 'dotMedium' | 'dotLarge'; x: number; y: number; penColor: ColorRGBA; brushColor: ColorRGBA }
  | {
      type: 'line' | 'arrow';
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      width: number;
      style: PenStyle;
      color: ColorRGBA;
    }
  | { type: 'text'; x: number; y: number; fontSize: number; color: ColorRGBA; text: string }
  | { type: 'tip'; x: number; y: number; radius: number; text: string }
  | { type: 'spot'; x1: number; y1: number; x2: number; y2: number; command: string }
  | { type: 'thread'; threadName: string }
  | { type: 'origin'; x: number; y: number; angle: number }
  | {
      type: 'robot';
      pose: Pose2;
      dirVec: Vec2;
      dirHeadVec: Vec2;
      alpha: number;
      colorBody: ColorRGBA;
      colorDirVec: ColorRGBA;
      colorDirHeadVec: ColorRGBA;
    }
  | {
      type: 'gridMono';
      x: number;
      y: number;
      cellSize: number;
      cellsX: number;
      cellsY: number;
      baseColor: ColorRGBA;
      cells: Uint8Array;
    }
  | { type: 'gridRGBA'; x: number; y: number; cellSize: number; cellsX: number; cellsY: number; cells: Uint8Array }
  | {
      type: 'gridRectangleRGBA';
      x: number;
      y: number;
      cellWidth: number;
      cellHeight: number;
      cellsX: number;
      cellsY: number;
      cells: Uint8Array;
    };

/** The payload of one idDebugDrawing message: which drawing (manager id) and the shape. */
export type DebugDrawing2D = DrawingPayload<Shape2D>;

function int(out: OutBinary, v: number): void {
  out.int32(Math.round(v));
}

function writePenBrush(out: OutBinary, pen: Pen, brush: Brush): void {
  out.uint8(pen.width);
  out.uint8(pen.style);
  writeColor(out, pen.color);
  out.uint8(brush.style);
  writeColor(out, brush.color);
}

function readPenBrush(inp: InBinary): Outlined {
  const width = inp.uint8();
  const style = inp.uint8() as PenStyle;
  const color = readColor(inp);
  const brushStyle = inp.uint8() as Brush['style'];
  return { pen: { width, style, color }, brush: { style: brushStyle, color: readColor(inp) } };
}

/** Writes exactly `n` cell bytes: a short array is zero-padded and a long one cut, so a wrong size never desyncs the stream. */
function writeCells(out: OutBinary, cells: Uint8Array, n: number): void {
  const clamped = Math.max(0, n);
  if (cells.length >= clamped) out.bytes(cells.subarray(0, clamped));
  else {
    out.bytes(cells);
    out.bytes(new Uint8Array(clamped - cells.length));
  }
}

/** Points of a polygon as B-Human sends them: one text string " x y x y …" (integers). */
function formatPolygonPoints(points: readonly Vec2[]): string {
  let s = '';
  for (const p of points) s += ` ${Math.round(p.x)} ${Math.round(p.y)}`;
  return s;
}

function parsePolygonPoints(text: string, n: number, at: number): Vec2[] {
  const numbers = text
    .split(/[ \t\r\n]+/)
    .filter((s) => s.length > 0)
    .map(Number);
  if (numbers.length !== 2 * n || numbers.some((v) => !Number.isFinite(v))) {
    throw new StreamError(`polygon point text does not hold ${n} points`, at);
  }
  const points: Vec2[] = [];
  for (let i = 0; i < n; i++) points.push({ x: numbers[2 * i]!, y: numbers[2 * i + 1]! });
  return points;
}

/** Appends the idDebugDrawing payload for `shape` of drawing `drawingId` (hot path: reuse `out`). */
export function writeDrawing2D(out: OutBinary, drawingId: number, shape: Shape2D): void {
  out.uint8(ShapeType2D[shape.type]);
  out.uint8(drawingId);
  switch (shape.type) {
    case 'circle':
      int(out, shape.x);
      int(out, shape.y);
      int(out, shape.radius);
      writePenBrush(out, shape.pen, shape.brush);
      break;
    case 'arc':
      int(out, shape.x);
      int(out, shape.y);
      int(out, shape.radius);
      out.float(shape.startAngle);
      out.float(shape.spanAngle);
      writePenBrush(out, shape.pen, shape.brush);
      break;
    case 'ellipse':
      int(out, shape.x);
      int(out, shape.y);
      int(out, shape.radiusX);
      int(out, shape.radiusY);
      out.float(shape.rotation);
      writePenBrush(out, shape.pen, shape.brush);
      break;
    case 'rectangle':
      int(out, shape.x);
      int(out, shape.y);
      int(out, shape.width);
      int(out, shape.height);
      out.float(shape.rotation);
      writePenBrush(out, shape.pen, shape.brush);
      break;
    case 'polygon':
      out.int32(shape.points.length);
      out.string(formatPolygonPoints(shape.points));
      writePenBrush(out, shape.pen, shape.brush);
      break;
    case 'dot':
    case 'dotMedium':
    case 'dotLarge':
      int(out, shape.x);
      int(out, shape.y);
      writeColor(out, shape.penColor);
      writeColor(out, shape.brushColor);
      break;
    case 'line':
    case 'arrow':
      out.float(shape.x1);
      out.float(shape.y1);
      out.float(shape.x2);
      out.float(shape.y2);
      out.float(shape.width);
      out.uint8(shape.style);
      writeColor(out, shape.color);
      break;
    case 'text':
      int(out, shape.x);
      int(out, shape.y);
      out.int16(Math.round(shape.fontSize));
      writeColor(out, shape.color);
      out.string(shape.text);
      break;
    case 'tip':
      int(out, shape.x);
      int(out, shape.y);
      int(out, shape.radius);
      out.string(shape.text);
      break;
    case 'spot':
      int(out, shape.x1);
      int(out, shape.y1);
      int(out, shape.x2);
      int(out, shape.y2);
      out.string(shape.command);
      break;
    case 'thread':
      out.string(shape.threadName);
      break;
    case 'origin':
      int(out, shape.x);
      int(out, shape.y);
      out.float(shape.angle);
      break;
    case 'robot':
      out.float(shape.pose.rotation);
      writeVec2f(out, shape.pose.translation);
      writeVec2f(out, shape.dirVec);
      writeVec2f(out, shape.dirHeadVec);
      out.float(shape.alpha);
      writeColor(out, shape.colorBody);
      writeColor(out, shape.colorDirVec);
      writeColor(out, shape.colorDirHeadVec);
      break;
    case 'gridMono':
      int(out, shape.x);
      int(out, shape.y);
      int(out, shape.cellSize);
      out.int32(shape.cellsX);
      out.int32(shape.cellsY);
      writeColor(out, shape.baseColor);
      writeCells(out, shape.cells, shape.cellsX * shape.cellsY);
      break;
    case 'gridRGBA':
      int(out, shape.x);
      int(out, shape.y);
      int(out, shape.cellSize);
      out.int32(shape.cellsX);
      out.int32(shape.cellsY);
      writeCells(out, shape.cells, shape.cellsX * shape.cellsY * 4);
      break;
    case 'gridRectangleRGBA':
      int(out, shape.x);
      int(out, shape.y);
      int(out, shape.cellWidth);
      int(out, shape.cellHeight);
      out.int32(shape.cellsX);
      out.int32(shape.cellsY);
      writeCells(out, shape.cells, shape.cellsX * shape.cellsY * 4);
      break;
  }
}

/** Reads grid dimensions and checks that `bytesPerCell`·nx·ny cell bytes are present before anything is allocated. */
function readGridSize(
  inp: InBinary,
  bytesPerCell: number,
  extraBytes: number,
): { cellsX: number; cellsY: number; n: number } {
  const at = inp.offset;
  const cellsX = inp.int32();
  const cellsY = inp.int32();
  const n = cellsX * cellsY * bytesPerCell;
  if (cellsX < 0 || cellsY < 0 || n + extraBytes > inp.remaining) {
    throw new StreamError(
      `grid of ${cellsX}x${cellsY} cells does not fit the ${inp.remaining} bytes left`,
      inp.baseOffset + at,
    );
  }
  return { cellsX, cellsY, n };
}

function readShape(inp: InBinary, type: ShapeType2D): Shape2D {
  switch (type) {
    case ShapeType2D.circle: {
      const x = inp.int32(),
        y = inp.int32(),
        radius = inp.int32();
      return { type: 'circle', x, y, radius, ...readPenBrush(inp) };
    }
    case ShapeType2D.arc: {
      const x = inp.int32(),
        y = inp.int32(),
        radius = inp.int32();
      const startAngle = inp.float(),
        spanAngle = inp.float();
      return { type: 'arc', x, y, radius, startAngle, spanAngle, ...readPenBrush(inp) };
    }
    case ShapeType2D.ellipse: {
      const x = inp.int32(),
        y = inp.int32(),
        radiusX = inp.int32(),
        radiusY = inp.int32();
      const rotation = inp.float();
      return { type: 'ellipse', x, y, radiusX, radiusY, rotation, ...readPenBrush(inp) };
    }
    case ShapeType2D.rectangle: {
      const x = inp.int32(),
        y = inp.int32(),
        width = inp.int32(),
        height = inp.int32();
      const rotation = inp.float();
      return { type: 'rectangle', x, y, width, height, rotation, ...readPenBrush(inp) };
    }
    case ShapeType2D.polygon: {
      const n = readIntCount(inp, 0, 'polygon point');
      const at = inp.baseOffset + inp.offset;
      const points = parsePolygonPoints(inp.string(), n, at);
      return { type: 'polygon', points, ...readPenBrush(inp) };
    }
    case ShapeType2D.dot:
    case ShapeType2D.dotMedium:
    case ShapeType2D.dotLarge: {
      const x = inp.int32(),
        y = inp.int32();
      const penColor = readColor(inp);
      return { type: ShapeType2D[type] as 'dot', x, y, penColor, brushColor: readColor(inp) };
    }
    case ShapeType2D.line:
    case ShapeType2D.arrow: {
      const x1 = inp.float(),
        y1 = inp.float(),
        x2 = inp.float(),
        y2 = inp.float(),
        width = inp.float();
      const style = inp.uint8() as PenStyle;
      return { type: ShapeType2D[type] as 'line', x1, y1, x2, y2, width, style, color: readColor(inp) };
    }
    case ShapeType2D.text: {
      const x = inp.int32(),
        y = inp.int32(),
        fontSize = inp.int16();
      const color = readColor(inp);
      return { type: 'text', x, y, fontSize, color, text: inp.string() };
    }
    case ShapeType2D.tip: {
      const x = inp.int32(),
        y = inp.int32(),
        radius = inp.int32();
      return { type: 'tip', x, y, radius, text: inp.string() };
    }
    case ShapeType2D.spot: {
      const x1 = inp.int32(),
        y1 = inp.int32(),
        x2 = inp.int32(),
        y2 = inp.int32();
      return { type: 'spot', x1, y1, x2, y2, command: inp.string() };
    }
    case ShapeType2D.thread:
      return { type: 'thread', threadName: inp.string() };
    case ShapeType2D.origin: {
      const x = inp.int32(),
        y = inp.int32();
      return { type: 'origin', x, y, angle: inp.float() };
    }
    case ShapeType2D.robot: {
      const rotation = inp.float();
      const translation = readVec2f(inp);
      const dirVec = readVec2f(inp),
        dirHeadVec = readVec2f(inp);
      const alpha = inp.float();
      const colorBody = readColor(inp),
        colorDirVec = readColor(inp),
        colorDirHeadVec = readColor(inp);
      return {
        type: 'robot',
        pose: { rotation, translation },
        dirVec,
        dirHeadVec,
        alpha,
        colorBody,
        colorDirVec,
        colorDirHeadVec,
      };
    }
    case ShapeType2D.gridMono: {
      const x = inp.int32(),
        y = inp.int32(),
        cellSize = inp.int32();
      const { cellsX, cellsY, n } = readGridSize(inp, 1, 4);
      const baseColor = readColor(inp);
      return { type: 'gridMono', x, y, cellSize, cellsX, cellsY, baseColor, cells: inp.bytesView(n) };
    }
    case ShapeType2D.gridRGBA: {
      const x = inp.int32(),
        y = inp.int32(),
        cellSize = inp.int32();
      const { cellsX, cellsY, n } = readGridSize(inp, 4, 0);
      return { type: 'gridRGBA', x, y, cellSize, cellsX, cellsY, cells: inp.bytesView(n) };
    }
    case ShapeType2D.gridRectangleRGBA: {
      const x = inp.int32(),
        y = inp.int32(),
        cellWidth = inp.int32(),
        cellHeight = inp.int32();
      const { cellsX, cellsY, n } = readGridSize(inp, 4, 0);
      return { type: 'gridRectangleRGBA', x, y, cellWidth, cellHeight, cellsX, cellsY, cells: inp.bytesView(n) };
    }
    default:
      throw unknownShape(inp, '2-D', type);
  }
}

const drawing = drawingPayload<Shape2D>('2-D', writeDrawing2D, readShape);

/** Encodes one idDebugDrawing payload. */
export const encodeDrawing2D = drawing.encode;

/**
 * Decodes one idDebugDrawing payload. Grid cells are views into `payload` (no copy). Throws StreamError on
 * unknown shapes, truncation or trailing bytes.
 */
export const decodeDrawing2D = drawing.decode;
