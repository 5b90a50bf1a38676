/**
 * @file Drawings in one colour: a compared run (a log variant) is painted beside its original in a second colour,
 * so every colour a shape carries (pen, brush, text, a robot's body and direction) becomes that colour, each
 * keeping its own opacity. Shapes without colour (tips, spots, origins) pass unchanged.
 */
import type { WireShape2D } from '@app/ipc/viewData';

/** An RGB colour (0…255 each). */
export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

function isColor(value: unknown): value is { r: number; g: number; b: number; a: number } {
  return typeof value === 'object' && value !== null && 'r' in value && 'g' in value && 'b' in value && 'a' in value;
}

/** `shapes` with every colour replaced by `color` (opacity kept). */
export function recolorShapes(shapes: readonly WireShape2D[], color: Rgb): WireShape2D[] {
  return shapes.map((shape) => {
    let copy: Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(shape)) {
      if (!isColor(value)) continue;
      copy ??= { ...shape };
      copy[key] = { r: color.r, g: color.g, b: color.b, a: value.a };
    }
    return (copy ?? shape) as WireShape2D;
  });
}

/** The colour a log variant's drawings and pose track are painted in (its original keeps its own colours). */
export const VARIANT_COLOR: Rgb = { r: 255, g: 140, b: 0 };
/** The colour of the original's pose track beside a variant's. */
export const ORIGINAL_TRACK_COLOR: Rgb = { r: 80, g: 170, b: 255 };

/** `rgb(r, g, b)` for CSS. */
export function cssRgb(color: Rgb): string {
  return `rgb(${color.r}, ${color.g}, ${color.b})`;
}
