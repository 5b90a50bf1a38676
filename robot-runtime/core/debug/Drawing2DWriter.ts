import type { ColorRGBA, Pose2, Vec2 } from '../../math/types';
import { writeDrawing2D, type Shape2D } from '../../protocol/debugMessages/drawing2d';
import { NO_BRUSH, PenStyle, type Brush, type Pen } from '../../protocol/debugMessages/drawingStyles';
import { ComposedShapes } from './drawingShapes';
import { ShapePayloads } from './ShapePayloads';

/** Squared Mahalanobis radii of the 99 %, 95 % and 68.27 % ellipses of a 2-D Gaussian (chi-square, 2 dof). */
const COVARIANCE_CHI2 = [9.2103, 5.9915, 2.2789];

/**
 * The Drawing2D a drawing callback gets: every call becomes one idDebugDrawing payload for the drawing id set by
 * `begin`, and the composed helpers (ray, cross, …) become the basic shapes B-Human's macros would send.
 */
export class Drawing2DWriter extends ComposedShapes<PenStyle> {
  /** RAY draws a line this long (mm): far beyond any field. */
  protected readonly rayLength = 10_000;
  /** Directs the following shapes to drawing `drawingId`. */
  readonly begin: (drawingId: number) => void;
  /** Sends one shape. */
  readonly shape: (shape: Shape2D) => void;

  constructor(emit: (payload: Uint8Array) => void) {
    super();
    // The composed shapes are the base class here, so the payloads are delegated (Drawing3DWriter inherits them).
    const payloads = new ShapePayloads(writeDrawing2D, emit);
    this.begin = (drawingId) => payloads.begin(drawingId);
    this.shape = (shape) => payloads.shape(shape);
  }

  circle(x: number, y: number, radius: number, pen: Pen, brush: Brush = NO_BRUSH): void {
    this.shape({ type: 'circle', x, y, radius, pen, brush });
  }
  arc(
    x: number,
    y: number,
    radius: number,
    startAngle: number,
    spanAngle: number,
    pen: Pen,
    brush: Brush = NO_BRUSH,
  ): void {
    this.shape({ type: 'arc', x, y, radius, startAngle, spanAngle, pen, brush });
  }
  ellipse(center: Vec2, radiusX: number, radiusY: number, rotation: number, pen: Pen, brush: Brush = NO_BRUSH): void {
    this.shape({ type: 'ellipse', x: center.x, y: center.y, radiusX, radiusY, rotation, pen, brush });
  }
  /** A rotated rectangle (RECTANGLE2): top-left corner, width, height, rotation. */
  rectangle(topLeft: Vec2, width: number, height: number, rotation: number, pen: Pen, brush: Brush = NO_BRUSH): void {
    this.shape({ type: 'rectangle', x: topLeft.x, y: topLeft.y, width, height, rotation, pen, brush });
  }
  polygon(points: Vec2[], pen: Pen, brush: Brush = NO_BRUSH): void {
    this.shape({ type: 'polygon', points, pen, brush });
  }
  dot(x: number, y: number, penColor: ColorRGBA, brushColor: ColorRGBA): void {
    this.shape({ type: 'dot', x, y, penColor, brushColor });
  }
  midDot(x: number, y: number, penColor: ColorRGBA, brushColor: ColorRGBA): void {
    this.shape({ type: 'dotMedium', x, y, penColor, brushColor });
  }
  largeDot(x: number, y: number, penColor: ColorRGBA, brushColor: ColorRGBA): void {
    this.shape({ type: 'dotLarge', x, y, penColor, brushColor });
  }
  line(x1: number, y1: number, x2: number, y2: number, width: number, style: PenStyle, color: ColorRGBA): void {
    this.shape({ type: 'line', x1, y1, x2, y2, width, style, color });
  }
  arrow(x1: number, y1: number, x2: number, y2: number, width: number, style: PenStyle, color: ColorRGBA): void {
    this.shape({ type: 'arrow', x1, y1, x2, y2, width, style, color });
  }
  quadrangle(corners: [Vec2, Vec2, Vec2, Vec2], width: number, style: PenStyle, color: ColorRGBA): void {
    for (let i = 0; i < 4; i++) {
      const a = corners[i]!;
      const b = corners[(i + 1) % 4]!;
      this.line(a.x, a.y, b.x, b.y, width, style, color);
    }
  }
  text(x: number, y: number, fontSize: number, color: ColorRGBA, text: string): void {
    this.shape({ type: 'text', x, y, fontSize, color, text });
  }
  /** A hover tooltip over a circle. */
  tip(x: number, y: number, radius: number, text: string): void {
    this.shape({ type: 'tip', x, y, radius, text });
  }
  /** A console command run on Alt-click inside the box. */
  spot(x1: number, y1: number, x2: number, y2: number, command: string): void {
    this.shape({ type: 'spot', x1, y1, x2, y2, command });
  }
  /** Assigns this drawing to another thread's view. */
  thread(threadName: string): void {
    this.shape({ type: 'thread', threadName });
  }
  /** Sets the coordinate origin for the following shapes. */
  origin(x: number, y: number, angle: number): void {
    this.shape({ type: 'origin', x, y, angle });
  }
  /** 99/95/68 % ellipses of a 2x2 covariance (column-major) around `mean`. */
  covarianceEllipses(covariance: number[], mean: Vec2, color: ColorRGBA): void {
    // Principal axes of the symmetric 2x2 matrix (column-major; the off-diagonals are averaged against noise).
    const a = covariance[0] ?? 0;
    const b = ((covariance[1] ?? 0) + (covariance[2] ?? 0)) / 2;
    const d = covariance[3] ?? 0;
    const half = (a - d) / 2;
    const root = Math.sqrt(half * half + b * b);
    const major = Math.max(0, (a + d) / 2 + root);
    const minor = Math.max(0, (a + d) / 2 - root);
    const rotation = 0.5 * Math.atan2(2 * b, a - d);
    const pen: Pen = { width: 1, style: PenStyle.solidPen, color };
    for (const chi2 of COVARIANCE_CHI2) {
      const k = Math.sqrt(chi2);
      this.ellipse(mean, Math.sqrt(major) * k, Math.sqrt(minor) * k, rotation, pen);
    }
  }
  /** A robot at `pose`: its body, the direction it walks (`dirVec`) and where its head looks (`dirHeadVec`). */
  robot(
    pose: Pose2,
    dirVec: Vec2,
    dirHeadVec: Vec2,
    alpha: number,
    colorBody: ColorRGBA,
    colorDirVec: ColorRGBA,
    colorDirHeadVec: ColorRGBA,
  ): void {
    this.shape({ type: 'robot', pose, dirVec, dirHeadVec, alpha, colorBody, colorDirVec, colorDirHeadVec });
  }
  gridMono(
    x: number,
    y: number,
    cellSize: number,
    cellsX: number,
    cellsY: number,
    baseColor: ColorRGBA,
    cells: Uint8Array,
  ): void {
    this.shape({ type: 'gridMono', x, y, cellSize, cellsX, cellsY, baseColor, cells });
  }
  gridRGBA(x: number, y: number, cellSize: number, cellsX: number, cellsY: number, cells: Uint8Array): void {
    this.shape({ type: 'gridRGBA', x, y, cellSize, cellsX, cellsY, cells });
  }
  gridRectangleRGBA(
    x: number,
    y: number,
    cellWidth: number,
    cellHeight: number,
    cellsX: number,
    cellsY: number,
    cells: Uint8Array,
  ): void {
    this.shape({ type: 'gridRectangleRGBA', x, y, cellWidth, cellHeight, cellsX, cellsY, cells });
  }
}
