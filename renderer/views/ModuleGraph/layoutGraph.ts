/**
 * @file Layout of a module graph with dagre (in the renderer; no Graphviz binary), top to bottom like `dot`.
 * Node sizes come from the label length, so the layout needs no DOM measurement and can be unit-tested.
 */
import dagre from '@dagrejs/dagre';
import type { GraphNode, ModuleGraph } from './moduleGraph';

/** A laid-out node (centre and size). */
export interface PlacedNode extends GraphNode {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A laid-out edge as a polyline. */
export interface PlacedEdge {
  readonly from: string;
  readonly to: string;
  readonly points: readonly { x: number; y: number }[];
}

/** The laid-out graph. */
export interface GraphLayout {
  readonly nodes: PlacedNode[];
  readonly edges: PlacedEdge[];
  readonly width: number;
  readonly height: number;
}

/** Approximate width of a 9 pt character (Arial, as docs/formats.md's graph settings). */
const CHAR_WIDTH = 6.2;
const NODE_HEIGHT = 20;

/** Lays out `graph`. */
export function layoutGraph(graph: ModuleGraph): GraphLayout {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 14, ranksep: 36, marginx: 10, marginy: 10 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes)
    g.setNode(n.id, { width: Math.max(40, n.label.length * CHAR_WIDTH + 16), height: NODE_HEIGHT });
  for (const e of graph.edges) g.setEdge(e.from, e.to);
  dagre.layout(g);
  const nodes = graph.nodes.map((n) => {
    const p = g.node(n.id) as { x: number; y: number; width: number; height: number };
    return { ...n, x: p.x, y: p.y, width: p.width, height: p.height };
  });
  const edges = graph.edges.map((e) => ({
    ...e,
    points: ((g.edge(e.from, e.to) as { points?: { x: number; y: number }[] }).points ?? []).map((p) => ({
      x: p.x,
      y: p.y,
    })),
  }));
  const label = g.graph() as { width?: number; height?: number };
  return { nodes, edges, width: label.width ?? 0, height: label.height ?? 0 };
}
