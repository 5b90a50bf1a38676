/**
 * @file Geometry that drawings built from basic shapes share, so that every Drawing2D (the robot's writer, the
 * MCAP export's collector) composes them the same way.
 */
import type { ColorRGBA, Vec2 } from '../../math/types';

/** The corners of the axis-aligned rectangle between (x1, y1) and (x2, y2), in drawing order around it. */
export function rectangleCorners(x1: number, y1: number, x2: number, y2: number): [Vec2, Vec2, Vec2, Vec2] {
  return [
    { x: x1, y: y1 },
    { x: x2, y: y1 },
    { x: x2, y: y2 },
    { x: x1, y: y2 },
  ];
}

/**
 * The composed shapes of a Drawing2D in terms of its basic ones (`line`, `quadrangle`), written once so that the
 * robot's writer sends what B-Human's macros send and the MCAP export's collector draws the same lines.
 */
export abstract class ComposedShapes<Style> {
  /** How long a ray is drawn (in the drawing's units): far beyond what the drawing shows. */
  protected abstract get rayLength(): number;

  /** A line from (x1, y1) to (x2, y2). */
  abstract line(x1: number, y1: number, x2: number, y2: number, width: number, style: Style, color: ColorRGBA): void;

  /** A closed outline through four corners. */
  abstract quadrangle(corners: [Vec2, Vec2, Vec2, Vec2], width: number, style: Style, color: ColorRGBA): void;

  /** A line of length `rayLength` from `base` in direction `angle`. */
  ray(base: Vec2, angle: number, width: number, style: Style, color: ColorRGBA): void {
    const far = this.rayLength;
    this.line(base.x, base.y, base.x + Math.cos(angle) * far, base.y + Math.sin(angle) * far, width, style, color);
  }

  /** An axis-aligned rectangle outline between the corners (x1, y1) and (x2, y2). */
  rectangleOutline(
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    width: number,
    style: Style,
    color: ColorRGBA,
  ): void {
    this.quadrangle(rectangleCorners(x1, y1, x2, y2), width, style, color);
  }

  /** Two diagonal lines crossing at (x, y), `size` from the centre along each axis. */
  cross(x: number, y: number, size: number, width: number, style: Style, color: ColorRGBA): void {
    this.line(x - size, y - size, x + size, y + size, width, style, color);
    this.line(x + size, y - size, x - size, y + size, width, style, color);
  }
}
