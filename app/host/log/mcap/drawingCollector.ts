/**
 * @file 2-D debug drawings as Foxglove primitives: a Drawing2D that a representation's draw() paints into and that
 * collects, per drawing, either the JSON texts of SceneEntity primitives in the `field` frame (drawingOnField: mm
 * on the field; a primitive painted as in the drawing's last frame keeps its text, see primitiveTexts.ts) or
 * ImageAnnotations (drawingOnImage: pixels). As in the IDE's field view, ORIGIN moves and turns the shapes that
 * follow it until the drawing ends. Outlines become lines, filled shapes get a flat fill (a thin cylinder for a
 * disc, triangles for a polygon), texts billboards; hover tips, click spots and cell grids are not exported.
 */
import type { Drawing2D } from '@robot-runtime/core/debug/DebugContext';
import { ComposedShapes } from '@robot-runtime/core/debug/drawingShapes';
import type { Brush, Pen } from '@robot-runtime/protocol/debugMessages/drawingStyles';
import type { ColorRGBA, Pose2, Vec2 } from '@robot-runtime/math/types';
import type { FoxgloveTime } from './McapSink';
import { PrimitiveTexts, type PrimitiveInputs } from './primitiveTexts';
import {
  cylinderPrimitive,
  lineJson,
  metres,
  rgba,
  spherePrimitive,
  textPrimitive,
  type Rgba,
  type Xyz,
} from './scenePrimitives';

/** Height of field drawings above the ground (m), so they are not hidden by the field lines. */
const LIFT = 0.01;
/** Segments of a full circle (16 look round at field scale and keep the drawings' JSON small). */
const SEGMENTS = 16;

/** An ellipse or an arc of one (drawing coordinates, angles in rad), made into points by circlePoints. */
interface Curve {
  x: number;
  y: number;
  rx: number;
  ry: number;
  rotation: number;
  start: number;
  span: number;
}

const curve = (x: number, y: number, rx: number, ry: number, rotation = 0, start = 0, span = 2 * Math.PI): Curve => ({
  x,
  y,
  rx,
  ry,
  rotation,
  start,
  span,
});

/** The kinds of primitive a field drawing makes. */
type FieldKind = 'lines' | 'cylinders' | 'spheres' | 'texts' | 'triangles';

/** What one drawing collected. */
export interface CollectedDrawing {
  /** Field drawings: the JSON texts of SceneEntity primitives, by kind. */
  lines: string[];
  cylinders: string[];
  spheres: string[];
  texts: string[];
  triangles: string[];
  /** Image drawings: ImageAnnotations' arrays. */
  circles: unknown[];
  points: unknown[];
  imageTexts: unknown[];
}

const visible = (c: ColorRGBA): boolean => c.a > 0;

/** Collects one drawing. */
export class DrawingCollector extends ComposedShapes<unknown> implements Drawing2D {
  /** A ray reaches beyond the field (mm) or the image (px). */
  protected get rayLength(): number {
    return this.target === 'field' ? 20000 : 2000;
  }
  readonly out: CollectedDrawing = {
    lines: [],
    cylinders: [],
    spheres: [],
    texts: [],
    triangles: [],
    circles: [],
    points: [],
    imageTexts: [],
  };
  private ox = 0;
  private oy = 0;
  private oa = 0;

  /**
   * @param primitives The drawing's primitive texts from its frame before (field drawings); the caller ends the
   *   frame (PrimitiveTexts.finishFrame) when the drawing is done.
   */
  constructor(
    private readonly target: 'field' | 'image',
    private readonly stamp: FoxgloveTime,
    private readonly primitives = new PrimitiveTexts(),
  ) {
    super();
  }

  /**
   * The inputs of the next field primitive (see PrimitiveTexts), starting with what every one depends on besides
   * its own numbers: where ORIGIN is, and its colour.
   */
  private inputs(color: ColorRGBA): PrimitiveInputs {
    return this.primitives.nextInputs().add(this.ox).add(this.oy).add(this.oa).addColor(color);
  }

  /** A drawing point after ORIGIN (mm or pixels). */
  private at(x: number, y: number): { x: number; y: number } {
    const c = Math.cos(this.oa);
    const s = Math.sin(this.oa);
    return { x: this.ox + c * x - s * y, y: this.oy + s * x + c * y };
  }

  private field(x: number, y: number): Xyz {
    const p = this.at(x, y);
    return { x: metres(p.x), y: metres(p.y), z: LIFT };
  }

  /**
   * An outline through `shape`'s points (drawing coordinates). A curve's points are only computed when they are
   * needed: not for a field primitive drawn as in the frame before.
   */
  private outline(shape: Vec2[] | Curve, closed: boolean, width: number, color: ColorRGBA): void {
    const curve = Array.isArray(shape) ? undefined : shape;
    if (!visible(color) || (!curve && (shape as Vec2[]).length < 2)) return;
    if (this.target === 'field') {
      const inputs = this.inputs(color)
        .add(closed ? 1 : 0)
        .add(width);
      if (curve)
        inputs
          .add(curve.x)
          .add(curve.y)
          .add(curve.rx)
          .add(curve.ry)
          .add(curve.rotation)
          .add(curve.start)
          .add(curve.span);
      else for (const q of shape as Vec2[]) inputs.addPoint(q);
      this.out.lines.push(
        this.primitives.json(
          'lines',
          () =>
            lineJson(
              closed ? 1 : 0,
              (curve ? this.curvePoints(curve) : (shape as Vec2[])).map((q) => this.field(q.x, q.y)),
              Math.max(metres(width), 0.005),
              rgba(color),
            ),
          // A curve and a polyline with the same numbers are different primitives.
          curve ? 'curve' : '',
        ),
      );
    } else {
      const pts = (curve ? this.curvePoints(curve) : (shape as Vec2[])).map((q) => this.at(q.x, q.y));
      const none: Rgba = { r: 0, g: 0, b: 0, a: 0 };
      this.out.points.push({
        timestamp: this.stamp,
        type: closed ? 2 : 3,
        points: pts,
        outline_color: rgba(color),
        outline_colors: [],
        fill_color: none,
        thickness: Math.max(width, 1),
      });
    }
  }

  /** A filled convex polygon (field drawings). */
  private fillPolygon(points: Vec2[], color: ColorRGBA): void {
    if (!visible(color) || points.length < 3 || this.target !== 'field') return;
    const inputs = this.inputs(color);
    for (const q of points) inputs.addPoint(q);
    this.out.triangles.push(
      this.primitives.json('triangles', () => {
        const pts = points.map((q) => this.field(q.x, q.y));
        const triangle: Xyz[] = [];
        for (let i = 1; i + 1 < pts.length; i++) triangle.push(pts[0]!, pts[i]!, pts[i + 1]!);
        return {
          pose: { position: { x: 0, y: 0, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } },
          points: triangle,
          color: rgba(color),
          colors: [],
          indices: [],
        };
      }),
    );
  }

  private curvePoints(c: Curve): Vec2[] {
    return this.circlePoints(c.x, c.y, c.rx, c.ry, c.rotation, c.start, c.span);
  }

  private circlePoints(x: number, y: number, rx: number, ry = rx, rotation = 0, start = 0, span = 2 * Math.PI): Vec2[] {
    const n = Math.max(4, Math.ceil((SEGMENTS * Math.abs(span)) / (2 * Math.PI)));
    const c = Math.cos(rotation);
    const s = Math.sin(rotation);
    return Array.from({ length: n + (span >= 2 * Math.PI ? 0 : 1) }, (_, i) => {
      const a = start + (span * i) / n;
      const px = rx * Math.cos(a);
      const py = ry * Math.sin(a);
      return { x: x + c * px - s * py, y: y + s * px + c * py };
    });
  }

  circle(x: number, y: number, radius: number, pen: Pen, brush?: Brush): void {
    if (this.target === 'image') {
      const none: Rgba = { r: 0, g: 0, b: 0, a: 0 };
      const fill = brush && brush.style !== 0 ? rgba(brush.color) : none;
      this.out.circles.push({
        timestamp: this.stamp,
        position: this.at(x, y),
        diameter: 2 * radius,
        thickness: Math.max(pen.width, 1),
        fill_color: fill,
        outline_color: pen.style !== 0 ? rgba(pen.color) : none,
      });
      return;
    }
    if (brush && brush.style !== 0 && visible(brush.color)) {
      this.inputs(brush.color).add(x).add(y).add(radius);
      this.out.cylinders.push(
        this.primitives.json('cylinders', () =>
          cylinderPrimitive(this.field(x, y), metres(2 * radius), 0.002, rgba(brush.color)),
        ),
      );
    }
    if (pen.style !== 0) this.outline(curve(x, y, radius, radius), true, pen.width, pen.color);
  }

  arc(x: number, y: number, radius: number, startAngle: number, spanAngle: number, pen: Pen): void {
    if (pen.style !== 0)
      this.outline(curve(x, y, radius, radius, 0, startAngle, spanAngle), false, pen.width, pen.color);
  }

  ellipse(center: Vec2, radiusX: number, radiusY: number, rotation: number, pen: Pen, brush?: Brush): void {
    const points = this.circlePoints(center.x, center.y, radiusX, radiusY, rotation);
    if (brush && brush.style !== 0) this.fillPolygon(points, brush.color);
    if (pen.style !== 0) this.outline(points, true, pen.width, pen.color);
  }

  rectangle(topLeft: Vec2, width: number, height: number, rotation: number, pen: Pen, brush?: Brush): void {
    const c = Math.cos(rotation);
    const s = Math.sin(rotation);
    const corner = (u: number, v: number): Vec2 => ({ x: topLeft.x + c * u - s * v, y: topLeft.y + s * u + c * v });
    const points = [corner(0, 0), corner(width, 0), corner(width, height), corner(0, height)];
    if (brush && brush.style !== 0) this.fillPolygon(points, brush.color);
    if (pen.style !== 0) this.outline(points, true, pen.width, pen.color);
  }

  polygon(points: Vec2[], pen: Pen, brush?: Brush): void {
    if (brush && brush.style !== 0) this.fillPolygon(points, brush.color);
    if (pen.style !== 0) this.outline(points, true, pen.width, pen.color);
  }

  private dotOf(x: number, y: number, size: number, penColor: ColorRGBA, brushColor: ColorRGBA): void {
    const color = visible(brushColor) ? brushColor : penColor;
    if (this.target === 'image') {
      this.out.circles.push({
        timestamp: this.stamp,
        position: this.at(x, y),
        diameter: size / 10,
        thickness: 1,
        fill_color: rgba(color),
        outline_color: rgba(penColor),
      });
    } else {
      this.inputs(color).add(x).add(y).add(size);
      this.out.spheres.push(
        this.primitives.json('spheres', () => spherePrimitive(this.field(x, y), metres(size), rgba(color))),
      );
    }
  }

  dot(x: number, y: number, penColor: ColorRGBA, brushColor: ColorRGBA): void {
    this.dotOf(x, y, 30, penColor, brushColor);
  }

  midDot(x: number, y: number, penColor: ColorRGBA, brushColor: ColorRGBA): void {
    this.dotOf(x, y, 50, penColor, brushColor);
  }

  largeDot(x: number, y: number, penColor: ColorRGBA, brushColor: ColorRGBA): void {
    this.dotOf(x, y, 80, penColor, brushColor);
  }

  line(x1: number, y1: number, x2: number, y2: number, width: number, _style: unknown, color: ColorRGBA): void {
    this.outline(
      [
        { x: x1, y: y1 },
        { x: x2, y: y2 },
      ],
      false,
      width,
      color,
    );
  }

  arrow(x1: number, y1: number, x2: number, y2: number, width: number, style: unknown, color: ColorRGBA): void {
    this.line(x1, y1, x2, y2, width, style, color);
    const a = Math.atan2(y2 - y1, x2 - x1);
    const head = Math.min(Math.hypot(x2 - x1, y2 - y1) / 3, Math.max(width * 4, 60));
    for (const side of [-1, 1])
      this.line(
        x2,
        y2,
        x2 - head * Math.cos(a + side * 0.4),
        y2 - head * Math.sin(a + side * 0.4),
        width,
        style,
        color,
      );
  }

  quadrangle(corners: [Vec2, Vec2, Vec2, Vec2], width: number, _style: unknown, color: ColorRGBA): void {
    this.outline(corners, true, width, color);
  }

  text(x: number, y: number, fontSize: number, color: ColorRGBA, text: string): void {
    if (this.target === 'image') {
      this.out.imageTexts.push({
        timestamp: this.stamp,
        position: this.at(x, y),
        text,
        font_size: fontSize,
        text_color: rgba(color),
        background_color: { r: 0, g: 0, b: 0, a: 0 },
      });
    } else {
      this.inputs(color).add(x).add(y).add(fontSize);
      this.out.texts.push(
        this.primitives.json('texts', () => textPrimitive(this.field(x, y), text, metres(fontSize), rgba(color)), text),
      );
    }
  }

  origin(x: number, y: number, angle: number): void {
    this.ox = x;
    this.oy = y;
    this.oa = angle;
  }

  robot(
    pose: Pose2,
    dirVec: Vec2,
    _dirHeadVec: Vec2,
    _alpha: number,
    colorBody: ColorRGBA,
    colorDirVec: ColorRGBA,
  ): void {
    if (this.target === 'field') {
      // A drawing of many robots mostly shows them where they were: each robot is compared as a whole.
      this.inputs(colorBody).addColor(colorDirVec).addPoint(pose.translation).add(pose.rotation).addPoint(dirVec);
      const known = this.primitives.beginGroup();
      if (known) {
        for (const { kind, json } of known) this.out[kind as FieldKind].push(json);
        return;
      }
      try {
        this.drawRobot(pose, dirVec, colorBody, colorDirVec);
      } finally {
        this.primitives.endGroup();
      }
    } else this.drawRobot(pose, dirVec, colorBody, colorDirVec);
  }

  private drawRobot(pose: Pose2, dirVec: Vec2, colorBody: ColorRGBA, colorDirVec: ColorRGBA): void {
    const saved = [this.ox, this.oy, this.oa] as const;
    const p = this.at(pose.translation.x, pose.translation.y);
    this.origin(p.x, p.y, this.oa + pose.rotation);
    this.outline(
      [
        { x: 55, y: 90 },
        { x: -55, y: 90 },
        { x: -55, y: -90 },
        { x: 55, y: -90 },
      ],
      true,
      20,
      colorBody,
    );
    const length = Math.hypot(dirVec.x, dirVec.y) || 1;
    this.line(0, 0, (dirVec.x / length) * 200, (dirVec.y / length) * 200, 20, undefined, colorDirVec);
    this.origin(...saved);
  }

  covarianceEllipses(covariance: number[], mean: Vec2, color: ColorRGBA): void {
    // One standard deviation: the eigenvalues and -vectors of the 2x2 covariance (column-major).
    const [a, b, , d] = covariance as [number, number, number, number];
    const trace = a + d;
    const det = a * d - b * b;
    const gap = Math.sqrt(Math.max(0, (trace * trace) / 4 - det));
    const l1 = trace / 2 + gap;
    const l2 = trace / 2 - gap;
    const angle = Math.abs(b) > 1e-9 ? Math.atan2(l1 - a, b) : a >= d ? 0 : Math.PI / 2;
    if (!(l1 >= 0 && l2 >= 0)) return;
    this.outline(curve(mean.x, mean.y, Math.sqrt(l1), Math.sqrt(l2), angle), true, 10, color);
  }

  tip(): void {}
  spot(): void {}
  thread(): void {}
  gridMono(): void {}
  gridRGBA(): void {}
  gridRectangleRGBA(): void {}
}
