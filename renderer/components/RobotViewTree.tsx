/**
 * @file The views one robot offers, as a keyboard-usable tree under the robot in the scene tree: field, plot and
 * image views, a data view per debug data key (grouped by the key's `:` path, formats §4.3), a timing view and a
 * module graph per thread, and the joint view. A click or Enter opens a view.
 */
import { useState, type ReactNode } from 'react';
import './RobotViewTree.css';
import type { RobotViews } from '../../app/ipc/viewData';

/** A node of the tree: a group or an openable view. */
export interface ViewTreeNode {
  readonly label: string;
  /** Catalog id and parameters of an openable view. */
  readonly open?: { readonly id: string; readonly params: Readonly<Record<string, string>> };
  readonly children?: readonly ViewTreeNode[];
}

/** Groups `key`s like `module:BehaviorControl` into a tree by their `:` components. */
function keyTree(robot: string, keys: readonly string[]): ViewTreeNode[] {
  interface Group {
    children: Map<string, Group>;
    key?: string;
  }
  const root: Group = { children: new Map() };
  for (const key of keys) {
    let g = root;
    for (const part of key.split(':')) {
      let next = g.children.get(part);
      if (!next) g.children.set(part, (next = { children: new Map() }));
      g = next;
    }
    g.key = key;
  }
  const toNodes = (g: Group): ViewTreeNode[] =>
    [...g.children].map(([label, child]) => ({
      label,
      ...(child.key !== undefined ? { open: { id: 'data', params: { robot, key: child.key } } } : {}),
      ...(child.children.size > 0 ? { children: toNodes(child) } : {}),
    }));
  return toNodes(root);
}

/** The tree of one robot's views. */
export function robotViewNodes(views: RobotViews): ViewTreeNode[] {
  const robot = views.robot;
  const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);
  const nodes: ViewTreeNode[] = [];
  const group = (label: string, children: ViewTreeNode[]): void => {
    if (children.length > 0) nodes.push({ label, children });
  };
  group(
    'field',
    views.fieldViews.map((name) => ({ label: name, open: { id: 'field', params: { robot, name } } })),
  );
  group(
    'image',
    views.imageViews.map((v) => ({ label: v.name, open: { id: 'image', params: { robot, name: v.name } } })),
  );
  group(
    'plot',
    views.plotViews.map((name) => ({ label: name, open: { id: 'plot', params: { robot, name } } })),
  );
  group(
    'data',
    keyTree(
      robot,
      views.dataKeys.map((k) => k.key),
    ),
  );
  group(
    'timing',
    views.threads.map((thread) => ({ label: lower(thread), open: { id: 'timing', params: { robot, thread } } })),
  );
  group(
    'modules',
    views.threads.map((thread) => ({ label: lower(thread), open: { id: 'modules', params: { robot, thread } } })),
  );
  nodes.push({ label: 'jointData', open: { id: 'joints', params: { robot } } });
  return nodes;
}

function TreeNode({
  node,
  onOpen,
  depth,
}: {
  node: ViewTreeNode;
  onOpen: (id: string, params: Readonly<Record<string, string>>) => void;
  depth: number;
}): ReactNode {
  const [expanded, setExpanded] = useState(false);
  const hasChildren = (node.children?.length ?? 0) > 0;
  const activate = (): void => {
    if (node.open) onOpen(node.open.id, node.open.params);
    else if (hasChildren) setExpanded(!expanded);
  };
  return (
    <li role="treeitem" aria-expanded={hasChildren ? expanded : undefined}>
      <span
        className="view-tree-label"
        title={node.label}
        tabIndex={0}
        style={{ paddingLeft: `${depth * 10}px` }}
        data-testid={node.open ? `open-${node.open.id}-${Object.values(node.open.params).join('-')}` : undefined}
        // One click opens, as in the view list and in the editors people know (a group folds open or shut).
        onClick={() => {
          if (hasChildren) setExpanded(!expanded);
          if (node.open) onOpen(node.open.id, node.open.params);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') activate();
          if (e.key === 'ArrowRight' && hasChildren) setExpanded(true);
          if (e.key === 'ArrowLeft' && hasChildren) setExpanded(false);
        }}
      >
        {hasChildren ? (expanded ? '▾ ' : '▸ ') : '· '}
        {node.label}
      </span>
      {hasChildren && expanded && (
        <ul role="group">
          {node.children!.map((child) => (
            <TreeNode key={child.label} node={child} onOpen={onOpen} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The views of one robot as a tree. */
export function RobotViewTree({
  views,
  onOpen,
}: {
  views: RobotViews;
  onOpen: (id: string, params: Readonly<Record<string, string>>) => void;
}): ReactNode {
  return (
    <ul role="group" className="view-tree">
      {robotViewNodes(views).map((node) => (
        <TreeNode key={node.label} node={node} onOpen={onOpen} depth={1} />
      ))}
    </ul>
  );
}
