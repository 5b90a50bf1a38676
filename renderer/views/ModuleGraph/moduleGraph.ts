/**
 * @file The module graph of one thread (formats §4.4) as nodes and edges, before layout: a box per module that
 * provides something in the thread, a light blue node per representation it provides (module → representation),
 * and for every requirement an edge requirement → module, where the requirement is one of: provided in the
 * thread (light blue), provided by default (a red-text `default` box → light blue node), provided by another
 * thread (dashed, #ffdec4) or provided by nobody (dashed red).
 */
import type { ModulesData } from '@app/ipc/viewData';

/** How a node is drawn. */
export type GraphNodeKind = 'module' | 'provided' | 'default' | 'otherThread' | 'missing';

/** A node. */
export interface GraphNode {
  readonly id: string;
  readonly label: string;
  readonly kind: GraphNodeKind;
}

/** An edge from → to. */
export interface GraphEdge {
  readonly from: string;
  readonly to: string;
}

/** The graph of one thread. */
export interface ModuleGraph {
  readonly nodes: GraphNode[];
  readonly edges: GraphEdge[];
}

const moduleId = (name: string): string => `module:${name}`;
const repId = (name: string): string => `rep:${name}`;

/** Builds the graph of `thread` (empty when the thread is unknown). */
export function buildModuleGraph(data: ModulesData, thread: string): ModuleGraph {
  const own = data.threads.find((t) => t.name === thread);
  if (!own) return { nodes: [], edges: [] };
  const nodes = new Map<string, GraphNode>();
  const edges: GraphEdge[] = [];
  const edgeKeys = new Set<string>();
  const edge = (from: string, to: string): void => {
    const k = `${from}\u0000${to}`;
    if (edgeKeys.has(k)) return;
    edgeKeys.add(k);
    edges.push({ from, to });
  };
  const node = (id: string, label: string, kind: GraphNodeKind): void => {
    if (!nodes.has(id)) nodes.set(id, { id, label, kind });
  };
  const providedHere = new Map(own.providers.map((p) => [p.representation, p.provider] as const));
  const providedElsewhere = new Set(
    data.threads.filter((t) => t.name !== thread).flatMap((t) => t.providers.map((p) => p.representation)),
  );
  const defaults = new Set(data.defaultRepresentations);
  const byName = new Map(data.modules.map((m) => [m.name, m] as const));

  const providers = [...new Set(own.providers.map((p) => p.provider))];
  for (const provider of providers) {
    node(moduleId(provider), provider, 'module');
    for (const p of own.providers) {
      if (p.provider !== provider) continue;
      node(repId(p.representation), p.representation, 'provided');
      edge(moduleId(provider), repId(p.representation));
    }
  }
  for (const provider of providers) {
    for (const requirement of byName.get(provider)?.requirements ?? []) {
      const id = repId(requirement);
      if (providedHere.has(requirement)) node(id, requirement, 'provided');
      else if (defaults.has(requirement)) {
        node(id, requirement, 'provided');
        node(`default:${requirement}`, 'default', 'default');
        edge(`default:${requirement}`, id);
      } else if (providedElsewhere.has(requirement)) node(id, requirement, 'otherThread');
      else node(id, requirement, 'missing');
      edge(id, moduleId(provider));
    }
  }
  return { nodes: [...nodes.values()], edges };
}
