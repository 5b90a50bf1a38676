/**
 * @file The side tree: the views the catalog offers (double-click or Enter opens one and moves the focus into
 * it; Up/Down move through the tree, Tab leaves it) and the robots the host has, with their link state. With no
 * robots it says how to get one.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { RobotList } from '../../app/ipc/messages';
import { Commands } from '../services/CommandBus';
import { useServices } from '../services/ServicesContext';
import { useBridgeEvent } from '../services/useBridgeEvent';
import { leaveGroupOnTab, moveFocusAmong, tabbablesWithin } from '../components/keyboard/focusables';
import { RobotViewTree } from '../components/RobotViewTree';
import { useViewList } from '../data/hooks';
import { VIEW_CATALOG } from './viewCatalog';

/** The scene/robot tree. */
export function SceneTree(): ReactNode {
  const { bridge, commands, session } = useServices();
  const [robots, setRobots] = useState<RobotList>({ robots: [], selection: [] });

  useEffect(() => {
    void bridge.invoke('pitchside:robots.list', {}).then(setRobots, () => undefined);
  }, [bridge]);
  useBridgeEvent('pitchside:robots.changed', setRobots);

  const views = useViewList();
  const open = (id: string, params?: Readonly<Record<string, string>>): void =>
    void commands.execute(Commands.openView, id, params, { focus: true });

  return (
    <aside
      className="scene-tree"
      aria-label="Scene"
      onKeyDown={(e) => {
        // One Tab stop for the whole tree: the arrows move inside, Tab goes on to the dock.
        if (leaveGroupOnTab(e)) return;
        if (e.key === 'ArrowUp' || e.key === 'ArrowDown' || e.key === 'Home' || e.key === 'End')
          moveFocusAmong(e, tabbablesWithin(e.currentTarget));
      }}
    >
      <h2>Views</h2>
      <ul role="tree">
        {VIEW_CATALOG.map((v) => (
          <li
            key={v.id}
            role="treeitem"
            tabIndex={0}
            title={`${v.description} (a click or Enter opens it)`}
            onClick={() => open(v.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') open(v.id);
            }}
          >
            {v.title}
          </li>
        ))}
      </ul>
      <h2>Robots</h2>
      {robots.robots.length === 0 ? (
        <p className="empty-note" data-testid="no-robots">
          {session.notice ?? 'No robots.'}
        </p>
      ) : (
        <ul role="tree" data-testid="robot-list">
          {robots.robots.map((r) => (
            <li
              key={r.name}
              role="treeitem"
              className={robots.selection.includes(r.name) ? 'selected' : undefined}
              title={r.error ?? r.address ?? r.kind}
              data-robot={r.name}
            >
              <span className={`link-dot ${r.state}`} aria-label={r.state} /> {r.name}
              <span className="robot-kind">{r.kind}</span>
              {views.robots
                .filter((v) => v.robot === r.name)
                .map((v) => (
                  <RobotViewTree key={v.robot} views={v} onOpen={open} />
                ))}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
