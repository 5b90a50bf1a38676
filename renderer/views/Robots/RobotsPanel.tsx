/**
 * @file The Robots panel: every robot of the session (simulated ones with team and number, remote ones with
 * address and link state, external ones with team and number and their program's debug link) and the console's
 * selection. Clicking a row selects that robot (`robot <name>`),
 * Ctrl+click adds it; the team buttons run `robot teamA|teamB|all`. A form connects a remote robot by address
 * (`sc <name> <address>`); remote rows can disconnect (`dc`) and reconnect (`sc` again). Everything goes through
 * console commands, so the console shows what happened and scripts can do the same. Keyboard: the robot rows
 * are one Tab stop; Up/Down/Home/End move, Enter or Space selects, Ctrl+Enter adds to the selection.
 */
import { useState, type FormEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { RobotInfo } from '@app/ipc/messages';
import type { SceneDescription } from '@app/ipc/simulation';
import { EmptyState } from '../../components/EmptyState';
import { moveFocusAmong } from '../../components/keyboard/focusables';
import '../../components/views.css';
import { useRobots } from '../../data/hooks';
import { useDataSource } from '../../data/DataSourceContext';
import { useSceneDescription } from '../../data/scene';
import type { ViewProps } from '../../services/viewContract';
import './Robots.css';
import { ViewTable } from '../../components/ViewTable';

/** Team and number of a simulated robot, e.g. "5 #3". */
function teamOf(scene: SceneDescription | undefined, robot: RobotInfo): string {
  const def = scene?.robots.find((r) => r.name === robot.name);
  return def ? `${scene!.teams[def.team].number} #${def.playerNumber}` : '';
}

/** A remote robot's link buttons: Disconnect while its link is up, Reconnect and Remove once it is down. */
function RemoteLinkButtons({ robot, run }: { robot: RobotInfo; run: (line: string) => void }): ReactNode {
  if (robot.state !== 'disconnected')
    return (
      <button type="button" onClick={() => run(`dc ${robot.name}`)} data-testid="robot-disconnect">
        Disconnect
      </button>
    );
  return (
    <>
      <button
        type="button"
        onClick={() => robot.address && run(`sc ${robot.name} ${robot.address}`)}
        data-testid="robot-reconnect"
      >
        Reconnect
      </button>{' '}
      <button
        type="button"
        onClick={() => run(`dc ${robot.name}`)}
        data-testid="robot-remove"
        title="Remove the robot from the list"
      >
        Remove
      </button>
    </>
  );
}

/** The robots panel. */
export function RobotsPanel(_props: ViewProps): ReactNode {
  const source = useDataSource();
  const { scene } = useSceneDescription();
  // The shared list (already known when the panel opens), so the focus can land on a robot's row at once.
  const list = useRobots();
  const [name, setName] = useState('robot');
  const [address, setAddress] = useState('127.0.0.1');
  /** The row that is the table's Tab stop (it follows the focus). */
  const [cursor, setCursor] = useState<string | undefined>(undefined);

  const run = (line: string): void => void source.console.run(line).catch(() => undefined);
  const choose = (robot: string, add: boolean): void => {
    const names = add ? [...new Set([...list.selection, robot])] : [robot];
    run(`robot ${names.join(' ')}`);
  };
  const select = (e: MouseEvent, robot: string): void => {
    if (e.target instanceof HTMLButtonElement) return;
    setCursor(robot);
    choose(robot, e.ctrlKey || e.metaKey);
  };
  const rowKeys = (e: KeyboardEvent<HTMLTableRowElement>, robot: string): void => {
    if (e.target !== e.currentTarget) return; // the row's own buttons handle their keys
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(robot, e.ctrlKey || e.metaKey);
      return;
    }
    // The focused row becomes the Tab stop through its onFocus.
    moveFocusAmong(e, [...(e.currentTarget.parentElement?.children ?? [])] as HTMLElement[]);
  };
  const tabStop = list.robots.some((r) => r.name === cursor) ? cursor : (list.selection[0] ?? list.robots[0]?.name);
  const connect = (e: FormEvent): void => {
    e.preventDefault();
    if (name.trim() && address.trim()) run(`sc ${name.trim()} ${address.trim()}`);
  };

  return (
    <div className="robot-view" data-testid="robots-panel">
      <form className="robots-connect" onSubmit={connect} aria-label="Connect to a robot">
        <label>
          Name{' '}
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            data-testid="robots-name"
            {...(list.robots.length === 0 ? { 'data-main-focus': '' } : {})}
          />
        </label>
        <label>
          Address{' '}
          <input
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            placeholder="host[:port]"
            data-testid="robots-address"
          />
        </label>
        <button type="submit" data-testid="robots-connect">
          Connect
        </button>
      </form>
      <div className="view-toolbar">
        <span>Select:</span>
        <button type="button" onClick={() => run('robot all')}>
          All
        </button>
        <button type="button" onClick={() => run('robot teamA')} title="Robots 1–20">
          Team A
        </button>
        <button type="button" onClick={() => run('robot teamB')} title="Robots 21 and up">
          Team B
        </button>
        <span className="spacer" />
        <span className="status">
          {list.robots.length} robots · {list.selection.length} selected
        </span>
      </div>
      <div className="view-body">
        {list.robots.length === 0 ? (
          <EmptyState testId="robots-empty">
            No robots. Connect one above (the address of a robot or of <code>npm run robot</code>, e.g. 127.0.0.1), or
            start a scene with <code>npm start</code>.
          </EmptyState>
        ) : (
          <ViewTable
            testId="robots-table"
            className="robots-table"
            columns={['Robot', 'Kind', 'Team', 'Link', '']}
            aria-label="Robots: Up/Down move, Enter or Space selects, Ctrl+Enter adds to the selection"
          >
            {list.robots.map((r) => (
              <tr
                key={r.name}
                className={list.selection.includes(r.name) ? 'selected' : undefined}
                onClick={(e) => select(e, r.name)}
                onKeyDown={(e) => rowKeys(e, r.name)}
                onFocus={(e) => e.target === e.currentTarget && setCursor(r.name)}
                tabIndex={r.name === tabStop ? 0 : -1}
                aria-selected={list.selection.includes(r.name)}
                data-robot={r.name}
                {...(r.name === tabStop ? { 'data-main-focus': '' } : {})}
              >
                <td>{r.name}</td>
                <td>{r.kind}</td>
                <td>
                  {r.kind === 'remote'
                    ? (r.address ?? '')
                    : r.kind === 'external'
                      ? `${teamOf(scene, r)} · ${r.address ?? ''}`
                      : teamOf(scene, r)}
                </td>
                <td className="state" data-testid="robot-state" title={r.error}>
                  <span className={`link-dot ${r.state}`} /> {r.state}
                  {r.error && <span className="robots-error"> · {r.error}</span>}
                </td>
                <td>{r.kind === 'remote' && <RemoteLinkButtons robot={r} run={run} />}</td>
              </tr>
            ))}
          </ViewTable>
        )}
      </div>
    </div>
  );
}
