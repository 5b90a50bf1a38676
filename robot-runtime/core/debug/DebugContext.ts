import type { ColorRGBA, Pose2, Pose3, Vec2, Vec3 } from '../../math/types';
import type { TypeRef } from '../../protocol/types';
import type { Brush, Pen, PenStyle } from '../../protocol/debugMessages/drawingStyles';
import type { DebugImage } from '../../protocol/debugMessages/debugImage';

// The wire-level styles and image types are declared with their codecs in protocol; re-exported so modules keep
// importing everything debug-related from here.
export { BrushStyle, PenStyle, type Brush, type Pen } from '../../protocol/debugMessages/drawingStyles';
export { PixelType, type DebugImage } from '../../protocol/debugMessages/debugImage';

/**
 * The 2-D shapes of formats §5.1, one method per wire shape (plus the composed helpers B-Human's macros offer).
 * Coordinates are mm on the field (drawingOnField) or pixels (drawingOnImage).
 */
export interface Drawing2D {
  circle(x: number, y: number, radius: number, pen: Pen, brush?: Brush): void;
  arc(x: number, y: number, radius: number, startAngle: number, spanAngle: number, pen: Pen, brush?: Brush): void;
  ellipse(center: Vec2, radiusX: number, radiusY: number, rotation: number, pen: Pen, brush?: Brush): void;
  /** A rotated rectangle (RECTANGLE2): top-left corner, width, height, rotation. */
  rectangle(topLeft: Vec2, width: number, height: number, rotation: number, pen: Pen, brush?: Brush): void;
  polygon(points: Vec2[], pen: Pen, brush?: Brush): void;
  dot(x: number, y: number, penColor: ColorRGBA, brushColor: ColorRGBA): void;
  midDot(x: number, y: number, penColor: ColorRGBA, brushColor: ColorRGBA): void;
  largeDot(x: number, y: number, penColor: ColorRGBA, brushColor: ColorRGBA): void;
  line(x1: number, y1: number, x2: number, y2: number, width: number, style: PenStyle, color: ColorRGBA): void;
  arrow(x1: number, y1: number, x2: number, y2: number, width: number, style: PenStyle, color: ColorRGBA): void;
  /** A line of length 10,000 from `base` in direction `angle`. */
  ray(base: Vec2, angle: number, width: number, style: PenStyle, color: ColorRGBA): void;
  /** An axis-aligned rectangle outline made of four lines. */
  rectangleOutline(
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    width: number,
    style: PenStyle,
    color: ColorRGBA,
  ): void;
  quadrangle(corners: [Vec2, Vec2, Vec2, Vec2], width: number, style: PenStyle, color: ColorRGBA): void;
  cross(x: number, y: number, size: number, width: number, style: PenStyle, color: ColorRGBA): void;
  text(x: number, y: number, fontSize: number, color: ColorRGBA, text: string): void;
  /** A hover tooltip over a circle. */
  tip(x: number, y: number, radius: number, text: string): void;
  /** A console command run on Alt-click inside the box. */
  spot(x1: number, y1: number, x2: number, y2: number, command: string): void;
  /** Assigns this drawing to another thread's view. */
  thread(threadName: string): void;
  /** Sets the coordinate origin for the following shapes. */
  origin(x: number, y: number, angle: number): void;
  robot(
    pose: Pose2,
    dirVec: Vec2,
    dirHeadVec: Vec2,
    alpha: number,
    colorBody: ColorRGBA,
    colorDirVec: ColorRGBA,
    colorDirHeadVec: ColorRGBA,
  ): void;
  /** 99/95/68 % ellipses of a 2x2 covariance (column-major) around `mean`. */
  covarianceEllipses(covariance: number[], mean: Vec2, color: ColorRGBA): void;
  gridMono(
    x: number,
    y: number,
    cellSize: number,
    cellsX: number,
    cellsY: number,
    baseColor: ColorRGBA,
    cells: Uint8Array,
  ): void;
  gridRGBA(x: number, y: number, cellSize: number, cellsX: number, cellsY: number, cells: Uint8Array): void;
  gridRectangleRGBA(
    x: number,
    y: number,
    cellWidth: number,
    cellHeight: number,
    cellsX: number,
    cellsY: number,
    cells: Uint8Array,
  ): void;
}

/** The 3-D shapes of formats §5.2 (mm, radians). */
export interface Drawing3D {
  dot(x: number, y: number, z: number, size: number, color: ColorRGBA): void;
  line(from: Vec3, to: Vec3, width: number, color: ColorRGBA): void;
  cube(corners: [Vec3, Vec3, Vec3, Vec3, Vec3, Vec3, Vec3, Vec3], width: number, color: ColorRGBA): void;
  quad(corners: [Vec3, Vec3, Vec3, Vec3], color: ColorRGBA): void;
  coordinates(length: number, width: number): void;
  scale(x: number, y: number, z: number): void;
  rotate(x: number, y: number, z: number): void;
  translate(x: number, y: number, z: number): void;
  sphere(x: number, y: number, z: number, radius: number, color: ColorRGBA): void;
  ellipsoid(pose: Pose3, radii: Vec3, color: ColorRGBA): void;
  cylinder(
    position: Vec3,
    rotation: Vec3,
    baseRadius: number,
    topRadius: number,
    height: number,
    color: ColorRGBA,
  ): void;
  /** Bit 1 disableTransparency, 2 disableOpacity, 4 disableDepth. */
  renderOptions(bits: number): void;
}

/**
 * What a module (or a representation's draw()) may do for debugging. Every method is cheap when nobody asked:
 * the callbacks run and data is serialized only while the corresponding debug request is active.
 * Request names are B-Human's untranslated names (`debug drawing:…`, `plot:…`); the console shows them translated.
 */
export interface DebugContext {
  /** True while the debug request `name` is active; the name is announced during polling. */
  isActive(name: string): boolean;
  /** `debug drawing:<id>` of type drawingOnField or drawingOnImage. */
  drawing(id: string, type: 'drawingOnField' | 'drawingOnImage', draw: (d: Drawing2D) => void): void;
  /** `debug drawing 3d:<id>`; `type` is field, robot, camera or a body part name. */
  drawing3d(id: string, type: string, draw: (d: Drawing3D) => void): void;
  /** `plot:<id>`: sends one value per call while active. */
  plot(id: string, value: number | (() => number)): void;
  /** ANNOTATION(name, description): logged and shown in the annotation view. */
  annotation(name: string, description: string): void;
  /** OUTPUT_TEXT: a line shown in the console (`msg on`). */
  text(message: string): void;
  /** DEBUG_RESPONSE(name): runs `fn` while the request is active; `once` disables the request afterwards. */
  response(name: string, fn: () => void, options?: { once?: boolean; declared?: boolean }): void;
  /** STOPWATCH(name): measures `fn` in µs (reported with the thread's timing data while `timing` is active). */
  stopwatch<T>(name: string, fn: () => T): T;
  /**
   * MODIFY(name, value): exposes `value` under `debug data:<name>` for get/set. Returns the value to use: the
   * robot's own one, or the override received from the PC (held until released with `set … unchanged`).
   * Objects are overwritten in place so references stay valid.
   */
  modify<V>(name: string, type: TypeRef<V>, value: V): V;
  /** `debug images:<id>`: sends the image while active (`image` is only called then). */
  image(id: string, image: () => DebugImage): void;
}
