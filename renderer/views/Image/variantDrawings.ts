/**
 * @file What an image view paints over its image: its own drawings and, beside a log variant, the variant's
 * drawings of the same view recoloured in the variant colour and painted after (over) the original's. The two
 * robots' drawings are painted as separate groups, so an ORIGIN one robot's drawings leave does not move the
 * other's.
 */
import type { WireShape2D } from '@app/ipc/viewData';
import { recolorShapes, VARIANT_COLOR } from '../../components/drawings2d/recolor';
import type { CanvasMap, ShapePainter } from '../../components/drawings2d/paintShapes';

/** The drawings of one robot's image view: one shape list per drawing, in painting order. */
export type ImageDrawings = readonly (readonly WireShape2D[])[];

/** A variant's drawings (as an image frame carries them) in the variant colour, each keeping its opacity. */
export function variantImageDrawings(drawings: readonly { readonly shapes: readonly WireShape2D[] }[]): ImageDrawings {
  return drawings.map((d) => recolorShapes(d.shapes, VARIANT_COLOR));
}

/** Paints each robot's drawings in order (the original's first), each group starting from the image's origin. */
export function paintImageDrawings(
  ctx: CanvasRenderingContext2D,
  painter: ShapePainter,
  map: CanvasMap,
  groups: readonly ImageDrawings[],
): void {
  for (const group of groups)
    painter.paintDrawings(
      ctx,
      group.map((shapes) => ({ shapes })),
      { map },
    );
}
