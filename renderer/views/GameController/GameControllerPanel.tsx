/**
 * @file The GameController panel (formats §8.4): score, clock, state and set play of the simulation's built-in
 * GameController, and every player's penalty with its remaining time. Buttons issue the console's `gc <state>`
 * and, for the robots selected in the console, `pr <penalty>` (so the console prints refusals such as "Not
 * allowed in this game state"). Keyboard: Tab reaches each button row, Left/Right move in it, Enter or Space
 * presses; entering the panel focuses the current state's button.
 */
import type { ReactNode } from 'react';
import type { GameStatus, SceneDescription } from '@app/ipc/simulation';
import { EmptyState } from '../../components/EmptyState';
import { toolbarKeys } from '../../components/keyboard/focusables';
import '../../components/views.css';
import { useDataSource } from '../../data/DataSourceContext';
import { useSceneDescription, useSimulationFrame } from '../../data/scene';
import type { ViewProps } from '../../services/viewContract';
import './GameController.css';
import { ViewTable } from '../../components/ViewTable';

/** States the buttons switch to, in game order. */
const STATES = ['initial', 'standby', 'ready', 'set', 'playing', 'finished'] as const;
/** Penalties the `pr` buttons give (`none` unpenalises). */
const PENALTIES = [
  'none',
  'playerPushing',
  'illegalBallContact',
  'illegalPosition',
  'leavingTheField',
  'requestForPickup',
  'manual',
] as const;

function clock(secs: number): string {
  const sign = secs < 0 ? '-' : '';
  const s = Math.abs(secs);
  return `${sign}${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function TeamTable({ scene, game, team }: { scene: SceneDescription; game: GameStatus; team: 0 | 1 }): ReactNode {
  const info = scene.teams[team];
  const robots = scene.robots.filter((r) => r.team === team);
  return (
    <div>
      <div className="gc-team">
        <span className="gc-swatch" style={{ background: info.color }} /> Team {info.number} · budget{' '}
        {game.teams[team].messageBudget}
      </div>
      <ViewTable testId={`gc-team-${team}`} columns={['Player', 'Penalty', 's']}>
        {game.teams[team].players.map((p) => {
          const robot = robots.find((r) => r.playerNumber === p.playerNumber)?.name ?? '';
          return (
            <tr key={p.playerNumber} className={p.penalty !== 'none' ? 'gc-penalized' : undefined}>
              <td>
                {p.playerNumber} {robot && <span className="status">({robot})</span>}
              </td>
              <td>{p.penalty}</td>
              <td>{p.penalty !== 'none' && p.secsTillUnpenalised > 0 ? p.secsTillUnpenalised : ''}</td>
            </tr>
          );
        })}
      </ViewTable>
    </div>
  );
}

/** The GameController panel. */
export function GameControllerPanel(_props: ViewProps): ReactNode {
  const source = useDataSource();
  const { scene, loading, error, frame: initial } = useSceneDescription();
  const frame = useSimulationFrame(initial);
  const run = (line: string): void => void source.console.run(line).catch(() => undefined);

  if (!scene || !frame) {
    return (
      <EmptyState testId="gc-empty">
        {loading || (scene && !frame)
          ? 'Waiting for the simulation…'
          : `The GameController belongs to a simulated scene${error ? ` (${error})` : ''}; start one with npm start (the 7 vs 7 game is the default).`}
      </EmptyState>
    );
  }
  const game = frame.game;
  const kicking =
    game.kickingTeam !== undefined ? ` · kick-off/set play: team ${scene.teams[game.kickingTeam].number}` : '';
  return (
    <div className="robot-view" data-testid="gc-panel">
      <div className="gc-board">
        <span className="gc-team">
          <span className="gc-swatch" style={{ background: scene.teams[0].color }} /> {scene.teams[0].number}
        </span>
        <span className="gc-score" data-testid="gc-score">
          {game.teams[0].score} : {game.teams[1].score}
        </span>
        <span className="gc-team">
          {scene.teams[1].number} <span className="gc-swatch" style={{ background: scene.teams[1].color }} />
        </span>
        <span data-testid="gc-clock">{clock(game.secsRemaining)}</span>
      </div>
      <div className="gc-state">
        <strong data-testid="gc-state">{game.state}</strong>
        {game.setPlay !== 'none' && ` · ${game.setPlay}`} · {game.firstHalf ? 'first half' : 'second half'}
        {game.secondaryTime > 0 && ` · ${game.secondaryTime} s`}
        {kicking}
      </div>
      <div
        className="view-toolbar"
        role="toolbar"
        aria-label="Game state (Left/Right move, Enter or Space sets it)"
        onKeyDown={toolbarKeys}
      >
        {STATES.map((s) => (
          <button
            type="button"
            key={s}
            onClick={() => run(`gc ${s}`)}
            aria-pressed={game.state === s}
            data-testid={`gc-${s}`}
            title={`gc ${s}`}
            {...(game.state === s ? { 'data-main-focus': '' } : {})}
          >
            {s}
          </button>
        ))}
        <button type="button" onClick={() => run('gc goalByFirstTeam')} title="gc goalByFirstTeam">
          Goal {scene.teams[0].number}
        </button>
        <button type="button" onClick={() => run('gc goalBySecondTeam')} title="gc goalBySecondTeam">
          Goal {scene.teams[1].number}
        </button>
      </div>
      <div
        className="view-toolbar"
        role="toolbar"
        aria-label="Penalise the robots selected in the Robots view (Left/Right move, Enter or Space penalises)"
        onKeyDown={toolbarKeys}
      >
        <span>Selected robots:</span>
        {PENALTIES.map((p) => (
          <button type="button" key={p} onClick={() => run(`pr ${p}`)} data-testid={`pr-${p}`} title={`pr ${p}`}>
            {p === 'none' ? 'unpenalise' : p}
          </button>
        ))}
      </div>
      <div className="view-body">
        <div className="gc-teams">
          <TeamTable scene={scene} game={game} team={0} />
          <TeamTable scene={scene} game={game} team={1} />
        </div>
      </div>
    </div>
  );
}
