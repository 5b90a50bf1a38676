/**
 * @file The log player (formats §4.2 `<R>.logPlayer`): a frame slider with timeline markers, a frame field, the
 * playback buttons (play/pause, stop, repeat, ±100 frames, previous/next image, ±1 frame), loop and speed, and
 * the keyboard shortcuts while the view has focus. Every action is a typed playback call of the data source,
 * which does what the matching `log …` console command does; seeking replays only from two image frames before
 * the target (the frame index makes it independent of the log's length).
 */
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { LogPlayerState, PlaybackAction } from '@app/ipc/logPlayer';
import { EmptyState } from '../../components/EmptyState';
import { keyboardSurface } from '../../components/keyboard/focusables';
import '../../components/views.css';
import { useDataSource } from '../../data/DataSourceContext';
import { useRobots } from '../../data/hooks';
import { useChosenPlayer, useGameTimeline, useLogPlayers, useLogTimeline } from '../../data/playback';
import type { ViewProps } from '../../services/viewContract';
import './LogPlayer.css';
import { GameTimeline } from './GameTimeline';
import { actionForKey, FAST_STEP, GAME_SPEEDS, SPEEDS } from './playerKeys';
import { Timeline } from './Timeline';
import { useSeek } from './useSeek';
import { VariantPanel } from './VariantPanel';

/** A transport button: its playback action, symbol and description. */
const BUTTONS: readonly { id: string; action: PlaybackAction; symbol: string; title: string }[] = [
  { id: 'stop', action: { kind: 'stop' }, symbol: '■', title: 'Stop (Home)' },
  { id: 'repeat', action: { kind: 'repeat' }, symbol: '↻', title: 'Repeat frame (End)' },
  { id: 'back100', action: { kind: 'step', frames: -FAST_STEP }, symbol: '−100', title: '100 frames back (PageUp)' },
  { id: 'prevImage', action: { kind: 'stepImage', direction: -1 }, symbol: '⇤', title: 'Previous image (Up)' },
  { id: 'prev', action: { kind: 'step', frames: -1 }, symbol: '◀', title: 'Previous frame (Left)' },
  { id: 'next', action: { kind: 'step', frames: 1 }, symbol: '▶', title: 'Next frame (Right)' },
  { id: 'nextImage', action: { kind: 'stepImage', direction: 1 }, symbol: '⇥', title: 'Next image (Down)' },
  { id: 'fwd100', action: { kind: 'step', frames: FAST_STEP }, symbol: '+100', title: '100 frames forward (PageDown)' },
];

/** Controls whose own keyboard handling must win over the shortcuts. */
function ownsKeys(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.tagName === 'SELECT' ||
      target.tagName === 'TEXTAREA' ||
      (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'range'))
  );
}

/** Seconds of log time, for the status line. */
function timeText(player: LogPlayerState): string {
  return player.time === undefined ? '–' : `${(player.time / 1000).toFixed(3)} s`;
}

/** The log player view. */
export function LogPlayerView({ params }: ViewProps): ReactNode {
  const source = useDataSource();
  const { playback } = source;
  useRobots(); // re-rendered when robots come and go: the capabilities below follow
  const players = useLogPlayers();
  const [player, choose] = useChosenPlayer(players, params.robot);
  const timeline = useLogTimeline(player?.robot, player?.file);
  const gameTimeline = useGameTimeline(player?.robot, player?.game?.join(','));
  const seek = useSeek(playback, player?.robot);
  const [frameText, setFrameText] = useState('');
  const [editing, setEditing] = useState(false);
  const current = player?.current ?? -1;
  // The field follows playback except while the user types a frame number into it.
  useEffect(() => {
    if (!editing) setFrameText(current < 0 ? '' : String(current));
  }, [current, editing]);

  if (players === undefined)
    return <EmptyState testId="log-player-empty">Asking the host for replayed logs…</EmptyState>;
  if (!player && params.robot !== undefined && source.capabilities(params.robot).live) {
    return (
      <EmptyState testId="log-player-empty">
        {params.robot} is live: it has no recording to seek in. Record it with <code>log start</code>,{' '}
        <code>log stop</code> and <code>log save &lt;file&gt;</code>, then open the file with{' '}
        <code>sl &lt;name&gt; &lt;file&gt;</code>.
      </EmptyState>
    );
  }
  if (!player) {
    return (
      <EmptyState testId="log-player-empty">
        No log is open. Open one in the console with <code>sl &lt;name&gt; &lt;file&gt;</code> (e.g.{' '}
        <code>sl replay robot1</code> opens config/Logs/robot1.log), or run a .con script that does with Ctrl+O. Record
        one first with <code>log start</code>, <code>log stop</code> and <code>log save &lt;file&gt;</code> on a robot.
      </EmptyState>
    );
  }

  // Failures (the log was closed meanwhile) show as the state the host pushes next.
  const run = (action: PlaybackAction): void => void playback.control(player.robot, action).catch(() => undefined);
  const playing = player.state === 'playing';
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.ctrlKey || e.metaKey || e.altKey || ownsKeys(e.target)) return;
    const action = actionForKey(e.key, playing);
    if (!action) return;
    e.preventDefault();
    run(action);
  };
  const goto = (): void => {
    const n = Number(frameText);
    if (frameText.trim() !== '' && Number.isInteger(n) && n >= 0) seek(Math.min(n, player.frameCount - 1));
  };

  return (
    <div
      className="robot-view log-player"
      {...keyboardSurface(
        `Log player of ${player.robot}: Space plays or pauses, Left/Right step a frame, Up/Down an image, PageUp/PageDown 100 frames, Home stops, End repeats`,
      )}
      onKeyDown={onKeyDown}
      data-testid="log-player"
    >
      <div className="view-toolbar">
        {players.length > 1 && params.robot === undefined && (
          <select
            value={player.robot}
            onChange={(e) => choose(e.target.value)}
            aria-label="Replayed robot"
            data-testid="log-robot"
          >
            {players.map((p) => (
              <option key={p.robot} value={p.robot}>
                {p.robot}
              </option>
            ))}
          </select>
        )}
        <span className="log-file" title={player.file}>
          {player.robot} · {player.file}
        </span>
        <span className="spacer" />
        <span className="status" data-testid="log-status">
          {player.state} · frame {Math.max(0, current)} / {player.frameCount} · {timeText(player)}
          {player.thread ? ` · ${player.thread}` : ''}
          {player.image ? ' · image' : ''}
          {player.damaged > 0 ? ` · ${player.damaged} damaged frames` : ''}
        </span>
      </div>
      {player.game && gameTimeline && (
        <GameTimeline
          timeline={gameTimeline}
          time={player.gameTime}
          players={players.filter((p) => player.game!.includes(p.robot))}
          onSeek={(time) => void playback.seekGame(player.robot, time).catch(() => undefined)}
        />
      )}
      <Timeline frameCount={player.frameCount} current={current} markers={timeline?.markers ?? []} onSeek={seek} />
      <div className="view-toolbar log-controls">
        <button
          type="button"
          onClick={() => run({ kind: playing ? 'pause' : 'play' })}
          title="Play / pause (Space)"
          aria-pressed={playing}
          data-testid="log-play"
        >
          {playing ? '❚❚' : '►'}
        </button>
        {BUTTONS.map((b) => (
          <button
            type="button"
            key={b.id}
            onClick={() => run(b.action)}
            title={b.title}
            aria-label={b.title}
            data-testid={`log-${b.id}`}
          >
            {b.symbol}
          </button>
        ))}
        <button
          type="button"
          onClick={() => run({ kind: 'loop', loop: !player.loop })}
          title="Loop at the end"
          aria-pressed={player.loop}
          data-testid="log-loop"
        >
          Loop
        </button>
        <label>
          Speed{' '}
          <select
            value={String(player.speed)}
            onChange={(e) => run({ kind: 'speed', speed: e.target.value === 'max' ? 'max' : Number(e.target.value) })}
            data-testid="log-speed"
          >
            {(player.game ? GAME_SPEEDS : SPEEDS).map((s) => (
              <option key={String(s)} value={String(s)}>
                {s === 'max' ? 'max' : `${s}×`}
              </option>
            ))}
          </select>
        </label>
        <label>
          Frame{' '}
          <input
            className="log-frame"
            data-testid="log-frame"
            inputMode="numeric"
            value={frameText}
            onChange={(e) => {
              setEditing(true);
              setFrameText(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              goto();
              setEditing(false);
            }}
            onFocus={() => setEditing(true)}
            onBlur={() => setEditing(false)}
            aria-label="Frame number (Enter goes there)"
          />
        </label>
      </div>
      <VariantPanel robot={player.robot} current={current} frameCount={player.frameCount} seek={seek} />
      <div className="view-body log-help">
        Keys while this view has focus: <kbd>Space</kbd> play/pause · <kbd>Home</kbd> stop · <kbd>End</kbd> repeat ·{' '}
        <kbd>←</kbd>/<kbd>→</kbd> frame · <kbd>↑</kbd>/<kbd>↓</kbd> image · <kbd>PgUp</kbd>/<kbd>PgDn</kbd> 100 frames.
        Marks above the slider: <span className="legend gameState">game state</span>{' '}
        <span className="legend gameController">GameController</span>{' '}
        <span className="legend annotation">annotation</span> (click one to go there).
      </div>
    </div>
  );
}
