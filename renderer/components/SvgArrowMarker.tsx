/**
 * @file An SVG arrowhead marker (a triangle in a 10 × 10 box) that lines reference with `markerEnd="url(#id)"`;
 * it turns with the line and points backwards at a line's start (`auto-start-reverse`).
 */
import type { ReactNode, SVGProps } from 'react';

/** The marker `id`: its tip sits `tipX` units into the box (10: at the line's end), drawn `size` stroke widths. */
export function SvgArrowMarker({
  id,
  tipX,
  size,
  head,
}: {
  id: string;
  tipX: number;
  size: number;
  /** The triangle's paint: a fill or a class name. */
  head: Pick<SVGProps<SVGPathElement>, 'fill' | 'className'>;
}): ReactNode {
  return (
    <marker
      id={id}
      viewBox="0 0 10 10"
      refX={tipX}
      refY="5"
      markerWidth={size}
      markerHeight={size}
      orient="auto-start-reverse"
    >
      <path d="M0 0L10 5L0 10Z" {...head} />
    </marker>
  );
}
