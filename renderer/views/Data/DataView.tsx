/**
 * @file The data view (formats §4.2, §4.3): a MODIFY-able object of a robot (`debug data:<key>`) as an editable
 * tree, typed by the robot's TypeInfo. Set overwrites the object on the robot, Unchanged releases it, Auto-set
 * sends every edit at once. Edits go through the console's `set`, so errors appear in the console. While the
 * user has unsent edits, arriving data does not overwrite them.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { DataNode } from '@app/ipc/viewData';
import { EmptyState, NoRobot, UnknownToRobot } from '../../components/EmptyState';
import '../../components/views.css';
import { setDataText, withValue } from '../../data/configText';
import { useRobotSource, useStreamLatest, useViewList, useViewRobot } from '../../data/hooks';
import type { ViewProps } from '../../services/viewContract';
import './Data.css';
import { DataTreeEditor } from './DataTreeEditor';
import { loadExpanded, saveExpanded } from './expansion';
import { Toggle } from '../../components/Toggle';

/** The data view. */
export function DataView({ params }: ViewProps): ReactNode {
  const robot = useViewRobot(params.robot);
  const views = useViewList();
  const source = useRobotSource(robot);
  const keys = views.robots.find((r) => r.robot === robot)?.dataKeys ?? [];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const key = params.key ?? chosen;
  const trees = useStreamLatest(robot, 'debugData', key);
  const [edited, setEdited] = useState<ReadonlyMap<string, DataNode>>(new Map());
  const [autoSet, setAutoSet] = useState(false);
  const [expanded, setExpanded] = useState<Set<string>>(() => (key ? loadExpanded(key) : new Set([''])));

  useEffect(() => {
    if (key) setExpanded(loadExpanded(key));
    setEdited(new Map());
  }, [key]);

  const threadsOfKey = keys.find((k) => k.key === key)?.threads ?? [...trees.keys()];
  const send = useCallback(
    (thread: string, tree: DataNode) => {
      if (source === undefined || key === undefined) return;
      const prefix = threadsOfKey.length > 1 ? `for ${thread} ` : '';
      void source.run(`${prefix}set ${key} ${setDataText(tree)}`).catch(() => undefined);
    },
    [key, source, threadsOfKey.length],
  );

  if (robot === undefined || source === undefined) return <NoRobot />;
  if (key === undefined) {
    return (
      <div className="robot-view" data-testid="data-view">
        <div className="view-toolbar">
          <select
            value=""
            onChange={(e) => setChosen(e.target.value)}
            aria-label="Debug data key (Up/Down or Alt+Down choose)"
            data-main-focus
          >
            <option value="">Choose debug data…</option>
            {keys.map((k) => (
              <option key={k.key}>{k.key}</option>
            ))}
          </select>
        </div>
        <EmptyState>
          {keys.length === 0
            ? `${robot} has not announced any debug data yet (it is being polled; robots announce it once their modules run).`
            : "Choose what to show: the robot's modules' parameters (module:…) and representations (representation:…) can be viewed and changed."}
        </EmptyState>
      </div>
    );
  }
  // Keys are known once polled; a key missing from them never sends data (a layout saved for another robot).
  if (trees.size === 0 && keys.length > 0 && !keys.some((k) => k.key === key)) {
    return <UnknownToRobot robot={robot} what={<code>{key}</code>} listCommand="get ?" />;
  }

  const expand = (path: string, open: boolean): void => {
    const next = new Set(expanded);
    if (open) next.add(path);
    else next.delete(path);
    setExpanded(next);
    saveExpanded(key, next);
  };

  const threads = [...trees.keys()].sort();
  return (
    <div className="robot-view" data-testid="data-view">
      <div className="view-toolbar">
        <button
          type="button"
          data-testid="data-set"
          disabled={edited.size === 0}
          onClick={() => {
            for (const [thread, tree] of edited) send(thread, tree);
            setEdited(new Map());
          }}
          title="Overwrite the object on the robot with the edited values"
        >
          Set
        </button>
        <button
          type="button"
          data-testid="data-unchanged"
          onClick={() => {
            setEdited(new Map());
            void source.run(`set ${key} unchanged`).catch(() => undefined);
          }}
          title="Release the override: the robot computes the object again"
        >
          Unchanged
        </button>
        <Toggle title="Send every edit at once" checked={autoSet} onChange={setAutoSet} testId="data-autoset">
          Auto-set
        </Toggle>
        <span className="spacer" />
        <span className="status">
          {edited.size > 0 ? <span className="data-modified">modified, not set</span> : `${robot}: ${key}`}
        </span>
      </div>
      <div className="view-body">
        {threads.length === 0 && (
          <EmptyState>
            Waiting for {key} from {robot}…
          </EmptyState>
        )}
        {threads.map((thread) => {
          const tree = edited.get(thread) ?? trees.get(thread)!.tree;
          return (
            <div key={thread}>
              {threads.length > 1 && <div className="data-thread">{thread}</div>}
              <DataTreeEditor
                tree={tree}
                expanded={expanded}
                onExpand={expand}
                onEdit={(path, value) => {
                  const next = withValue(tree, path, value);
                  if (autoSet) {
                    send(thread, next);
                    setEdited((old) => {
                      const copy = new Map(old);
                      copy.delete(thread);
                      return copy;
                    });
                  } else setEdited((old) => new Map(old).set(thread, next));
                }}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
