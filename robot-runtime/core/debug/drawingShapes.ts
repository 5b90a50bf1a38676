/**
 * @file Geometry that drawings built from basic shapes share, so that every Drawing2D (the robot's writer, the
 * MCAP export's collector) composes them the same way.
 */
import type { Vec2 } from '../../math/types';

/** The corners of the axis-aligned rectangle between (x1, y1) and (x2, y2), in drawing order around it. */
export function rectangleCorners(x1: number, y1: number, x2: number, y2: number): [Vec2, Vec2, Vec2, Vec2] {
  return [
    { x: x1, y: y1 },
    { x: x2, y: y1 },
    { x: x2, y: y2 },
    { x: x1, y: y2 },
  ];
}
