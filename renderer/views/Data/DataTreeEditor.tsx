/**
 * @file The property tree of one debug data object: records and lists expand, leaves are edited in place with
 * an editor per kind (number, integer, angle in degrees, enum as a drop-down, bool, string). Values are
 * reported by node path; the view decides whether an edit is sent at once (Auto-set) or on Set. Keyboard:
 * Up/Down move between the rows, Right/Left open and close a record or list, Enter commits a typed value and
 * Escape drops it, Space toggles a checkbox.
 */
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { moveFocusAmong, tabbablesWithin } from '../../components/keyboard/focusables';
import type { DataNode } from '@app/ipc/viewData';
import { angleToDegrees, degreesToAngle, displayNumber } from '../../data/configText';

/** Props of the editor. */
export interface TreeEditorProps {
  readonly tree: DataNode;
  readonly expanded: ReadonlySet<string>;
  onExpand(path: string, open: boolean): void;
  onEdit(path: readonly number[], value: number | boolean | string): void;
}

function LeafEditor({
  node,
  onEdit,
}: {
  node: DataNode;
  onEdit: (value: number | boolean | string) => void;
}): ReactNode {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  switch (node.kind) {
    case 'bool':
      return (
        <input
          type="checkbox"
          checked={Boolean(node.value)}
          onChange={(e) => onEdit(e.target.checked)}
          aria-label={node.name}
        />
      );
    case 'enum':
      return (
        <select value={Number(node.value)} onChange={(e) => onEdit(Number(e.target.value))} aria-label={node.name}>
          {(node.enumNames ?? []).map((n, i) => (
            <option key={n} value={i}>
              {n}
            </option>
          ))}
        </select>
      );
    case 'bytes':
      return <span className="data-dim">{String(node.value)} bytes</span>;
    case 'string':
      return (
        <input
          type="text"
          aria-label={node.name}
          value={draft ?? String(node.value ?? '')}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => {
            if (draft !== undefined) onEdit(draft);
            setDraft(undefined);
          }}
          onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
        />
      );
    default: {
      // Numbers are committed on Enter or blur, so typing "-" or "1." is not interrupted by parsing.
      const shown = node.kind === 'angle' ? angleToDegrees(Number(node.value)) : Number(node.value);
      const commit = (): void => {
        if (draft === undefined) return;
        const v = Number(draft);
        if (draft.trim() !== '' && Number.isFinite(v))
          onEdit(node.kind === 'angle' ? degreesToAngle(v) : node.kind === 'integer' ? Math.round(v) : v);
        setDraft(undefined);
      };
      return (
        <span>
          <input
            type="text"
            inputMode="decimal"
            aria-label={node.name}
            className="data-number"
            value={draft ?? displayNumber(shown, node.kind === 'angle' ? 'float' : node.type)}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit();
              if (e.key === 'Escape') setDraft(undefined);
            }}
          />
          {node.kind === 'angle' && <span className="data-dim">°</span>}
        </span>
      );
    }
  }
}

function Node({
  node,
  path,
  depth,
  props,
}: {
  node: DataNode;
  path: number[];
  depth: number;
  props: TreeEditorProps;
}): ReactNode {
  const id = path.join('.');
  const branch = node.kind === 'record' || node.kind === 'list';
  const open = props.expanded.has(id);
  return (
    <>
      <tr data-path={id}>
        <td style={{ paddingLeft: depth * 14 + 4 }}>
          {branch ? (
            <button
              type="button"
              className="data-twisty"
              aria-expanded={open}
              onClick={() => props.onExpand(id, !open)}
              onKeyDown={(e) => {
                if ((e.key === 'ArrowRight' && !open) || (e.key === 'ArrowLeft' && open)) {
                  e.preventDefault();
                  props.onExpand(id, !open);
                }
              }}
            >
              {open ? '▾' : '▸'} {node.name}
            </button>
          ) : (
            <span className="data-name">{node.name}</span>
          )}
        </td>
        <td>
          {branch ? (
            <span className="data-dim">{node.type}</span>
          ) : (
            <LeafEditor node={node} onEdit={(v) => props.onEdit(path, v)} />
          )}
        </td>
      </tr>
      {branch &&
        open &&
        (node.children ?? []).map((c, i) => (
          <Node key={c.name} node={c} path={[...path, i]} depth={depth + 1} props={props} />
        ))}
    </>
  );
}

/** Up/Down from any row's control to the previous or next row's (a drop-down keeps them to change its value). */
function rowKeys(e: KeyboardEvent<HTMLTableElement>): void {
  if ((e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || e.target instanceof HTMLSelectElement) return;
  const controls = [...e.currentTarget.rows]
    .map((row) => tabbablesWithin(row)[0])
    .filter((c): c is HTMLElement => c !== undefined);
  moveFocusAmong(e, controls, { orientation: 'vertical' });
}

/** The tree editor. */
export function DataTreeEditor(props: TreeEditorProps): ReactNode {
  return (
    <table
      className="data-tree"
      data-testid="data-tree"
      onKeyDown={rowKeys}
      data-main-focus
      aria-label="Data: Up/Down move between rows, Right/Left open and close, Enter sets a typed value, Escape drops it"
    >
      <tbody>
        <Node node={props.tree} path={[]} depth={0} props={props} />
      </tbody>
    </table>
  );
}
