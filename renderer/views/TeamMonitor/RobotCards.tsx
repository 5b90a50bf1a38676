/**
 * @file The team monitor's cards, one per robot heard (B-Human's TeamCommunicationMonitor lists the same per
 * robot): state, penalty, role, when it last saw the ball and a goal, message rate, bytes and the team's
 * remaining budget; recent rule violations in red. The list is one focusable listbox: arrow keys, Home and End
 * move the selection (which the field highlights), as in any list of the IDE.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { MonitoredRobotInfo } from '@app/ipc/teamMonitor';
import {
  formatAge,
  formatBytes,
  formatRate,
  moveSelection,
  penaltyText,
  recentViolations,
  robotState,
  type RobotEntryProps,
} from './format';
import { keyboardSurface } from '../../components/keyboard/focusables';

/** Props of the list. */
export interface RobotCardsProps {
  readonly robots: readonly MonitoredRobotInfo[];
  readonly selected: string | undefined;
  readonly onSelect: (key: string) => void;
}

/** Keys that move the selection, with how far. */
const MOVES: Readonly<Record<string, (count: number) => number>> = {
  ArrowDown: () => 1,
  ArrowRight: () => 1,
  ArrowUp: () => -1,
  ArrowLeft: () => -1,
  Home: (count) => -count,
  End: (count) => count,
};

function optionId(key: string): string {
  return `tm-card-${key.replace(/[^\w-]/g, '_')}`;
}

function Card({ robot, selected, onSelect }: RobotEntryProps): ReactNode {
  const violations = recentViolations(robot);
  const penalty = penaltyText(robot);
  const className = `tm-card${selected ? ' tm-card--selected' : ''}${violations.length ? ' tm-card--violation' : ''}`;
  return (
    <li
      id={optionId(robot.key)}
      role="option"
      aria-selected={selected}
      className={className}
      data-testid="tm-card"
      data-key={robot.key}
      data-messages={robot.messages}
      onClick={() => onSelect(robot.key)}
    >
      <div className="tm-card-head">
        <span className="tm-swatch" style={{ background: robot.color ?? '#c8c8c8' }} />
        <strong>{robot.name}</strong>
        <span className="tm-dim">
          team {robot.team} #{robot.player} · {robot.source === 'simulation' ? 'sim' : robot.address} · {robot.format}
        </span>
        {robot.role !== undefined && <span className="tm-role">{robot.role}</span>}
      </div>
      <div className="tm-card-grid">
        <span>state</span>
        <span data-testid="tm-state">{robotState(robot)}</span>
        <span>penalty</span>
        <span className={penalty !== 'none' && penalty !== 'not sent' ? 'tm-penalized' : undefined}>{penalty}</span>
        <span>pose</span>
        <span>
          {robot.pose
            ? `${Math.round(robot.pose.x)}, ${Math.round(robot.pose.y)}${robot.poseValid === false ? ' (lost)' : ''}`
            : 'not sent'}
        </span>
        <span>ball seen</span>
        <span>
          {robot.ballSeenAgo !== undefined ? `${formatAge(robot.ballSeenAgo)} ago` : robot.ball ? 'never' : 'not sent'}
        </span>
        <span>goal seen</span>
        <span>{formatAge(robot.goalSeenAgo, 'not sent')}</span>
        <span>messages</span>
        <span data-testid="tm-messages">
          {robot.messages} · {formatRate(robot.rate)} · last {formatAge(robot.sinceHeard)} ago
        </span>
        <span>bytes</span>
        <span>
          {formatBytes(robot.bytes)} · last {robot.lastSize} B
        </span>
        <span>budget left</span>
        <span>{robot.budgetRemaining ?? '—'}</span>
      </div>
      {violations.length > 0 && (
        <ul className="tm-violations" aria-label="Rule violations">
          {violations.slice(0, 3).map((v, i) => (
            <li key={i}>
              {v.kind}: {v.detail} ({formatAge(v.age)} ago)
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The focusable list of cards. */
export function RobotCards({ robots, selected, onSelect }: RobotCardsProps): ReactNode {
  const list = useRef<HTMLUListElement>(null);
  const index = robots.findIndex((r) => r.key === selected);
  useEffect(() => {
    if (selected !== undefined)
      list.current?.querySelector(`#${optionId(selected)}`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const onKeyDown = (e: KeyboardEvent): void => {
    const move = MOVES[e.key];
    if (!move) return;
    e.preventDefault();
    const next = moveSelection(index, move(robots.length), robots.length);
    if (next >= 0) onSelect(robots[next]!.key);
  };
  return (
    <ul
      ref={list}
      className="tm-cards"
      role="listbox"
      {...keyboardSurface('Robots heard: arrow keys, Home and End select (the field highlights the selected robot)')}
      aria-activedescendant={selected !== undefined && index >= 0 ? optionId(selected) : undefined}
      onKeyDown={onKeyDown}
      data-testid="tm-cards"
    >
      {robots.map((r) => (
        <Card
          key={r.key}
          robot={r}
          selected={r.key === selected}
          onSelect={(key) => {
            onSelect(key);
            list.current?.focus();
          }}
        />
      ))}
    </ul>
  );
}
