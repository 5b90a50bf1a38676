/**
 * @file A laid-out module graph as SVG with the conventions of formats §4.4: light yellow module boxes, light blue
 * provided representations, red-text `default` boxes, dashed #ffdec4 nodes for other threads' representations
 * and dashed red ones for representations nobody provides. Plain SVG, so "export SVG" saves exactly this.
 */
import { forwardRef, type ReactNode } from 'react';
import { SvgArrowMarker } from '../../components/SvgArrowMarker';
import type { GraphNodeKind } from './moduleGraph';
import type { GraphLayout } from './layoutGraph';

/** Fill, stroke, text colour and dashing per node kind. */
const STYLE: Record<GraphNodeKind, { fill: string; stroke: string; text: string; dash?: string; round: boolean }> = {
  module: { fill: '#ffffe0', stroke: '#000000', text: '#000000', round: false },
  provided: { fill: '#add8e6', stroke: '#000000', text: '#000000', round: true },
  default: { fill: '#ffffe0', stroke: '#000000', text: '#ff0000', round: false },
  otherThread: { fill: '#ffdec4', stroke: '#000000', text: '#000000', dash: '4 3', round: true },
  missing: { fill: '#ffffe0', stroke: '#ff0000', text: '#ff0000', dash: '4 3', round: true },
};

/** The graph as an SVG element (scaled by `zoom`). */
export const GraphSvg = forwardRef<SVGSVGElement, { layout: GraphLayout; zoom: number }>(function GraphSvg(
  { layout, zoom },
  ref,
): ReactNode {
  return (
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      width={layout.width * zoom}
      height={layout.height * zoom}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      data-testid="module-graph-svg"
      style={{ background: '#ffffff' }}
    >
      <defs>
        <SvgArrowMarker id="arrow" tipX={10} size={7} head={{ fill: '#000' }} />
      </defs>
      {layout.edges.map((e) => (
        <polyline
          key={`${e.from}->${e.to}`}
          points={e.points.map((p) => `${p.x},${p.y}`).join(' ')}
          fill="none"
          stroke="#000"
          strokeWidth={0.8}
          markerEnd="url(#arrow)"
        />
      ))}
      {layout.nodes.map((n) => {
        const s = STYLE[n.kind];
        return (
          <g key={n.id} data-node={n.id} data-kind={n.kind}>
            <rect
              x={n.x - n.width / 2}
              y={n.y - n.height / 2}
              width={n.width}
              height={n.height}
              rx={s.round ? n.height / 2 : 0}
              fill={s.fill}
              stroke={s.stroke}
              strokeDasharray={s.dash}
            />
            <text
              x={n.x}
              y={n.y}
              textAnchor="middle"
              dominantBaseline="central"
              fontFamily="Arial, sans-serif"
              fontSize={9 * 1.333}
              fill={s.text}
            >
              {n.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
});
