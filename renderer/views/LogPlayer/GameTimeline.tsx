/**
 * @file The game timeline of a replayed game (`sml` of a game's logs): on the game clock, the GameController's
 * states, kick-offs, goals and penalties, every robot's falls and annotations, each in its own lane, over the team
 * messages per second; a cursor at the game time, and below it where each robot is. A click on a marker (or
 * anywhere on the track) seeks every robot of the game to that game time.
 */
import type { MouseEvent, ReactNode } from 'react';
import type { GameMarkerKind, GameTimeline as GameTimelineData } from '@app/ipc/gameTimeline';
import type { LogPlayerState } from '@app/ipc/logPlayer';

/** Props of the game timeline. */
export interface GameTimelineProps {
  readonly timeline: GameTimelineData;
  /** The game time now (ms), when known. */
  readonly time: number | undefined;
  /** The players of the game's robots. */
  readonly players: readonly LogPlayerState[];
  /** Seeks every robot to a game time (ms). */
  readonly onSeek: (time: number) => void;
}

/** The lane (top offset in px) of each kind of marker, and what the legend calls it. */
const LANES: Record<GameMarkerKind, { top: number; name: string }> = {
  gameState: { top: 0, name: 'game state' },
  kickOff: { top: 0, name: 'kick-off' },
  goal: { top: 0, name: 'goal' },
  penalty: { top: 16, name: 'penalty' },
  fall: { top: 28, name: 'fall' },
  annotation: { top: 40, name: 'annotation' },
};

/** Markers that carry their label on the track (the rest show it on hover). */
const LABELLED = new Set<GameMarkerKind>(['kickOff', 'goal']);

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The game timeline. */
export function GameTimeline({ timeline, time, players, onSeek }: GameTimelineProps): ReactNode {
  const { start, end, markers, teamMessages } = timeline;
  const span = Math.max(1, end - start);
  const left = (t: number): string => `${(100 * Math.min(Math.max(t - start, 0), span)) / span}%`;
  const peak = Math.max(1, ...teamMessages.counts);
  const onTrack = (e: MouseEvent<HTMLDivElement>): void => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width > 0) onSeek(Math.round(start + ((e.clientX - box.left) / box.width) * span));
  };
  const aligned =
    timeline.method === 'gameController'
      ? `clocks aligned by GameController packets on the clock of the ${timeline.reference}`
      : 'every log on its own time stamps (no GameController packets)';
  return (
    <div className="game-timeline" data-testid="game-timeline">
      <div className="game-summary" data-testid="game-summary">
        Game of {timeline.robots.length} robots{timeline.recording ? ` · ${timeline.recording}` : ''} · {aligned} · game
        time {time === undefined ? '–' : seconds(time)}
      </div>
      <div
        className="game-track"
        onClick={onTrack}
        data-testid="game-track"
        aria-label="Game timeline: a click seeks every robot there"
      >
        <svg
          className="game-density"
          viewBox={`0 0 ${teamMessages.counts.length} ${peak}`}
          preserveAspectRatio="none"
          data-testid="game-density"
          aria-label={`Team messages per ${teamMessages.binMs / 1000} s`}
        >
          {teamMessages.counts.map((n, i) =>
            n > 0 ? <rect key={i} x={i} y={peak - n} width={1} height={n} className="game-density-bar" /> : null,
          )}
        </svg>
        {markers.map((m, i) => (
          <button
            type="button"
            key={`${m.time}-${m.kind}-${i}`}
            // Labels of markers in the right quarter go to their left, so the track's edge does not cut them.
            className={`game-marker ${m.kind}${m.time - start > 0.75 * span ? ' flip' : ''}`}
            style={{ left: left(m.time), top: LANES[m.kind].top }}
            title={`${seconds(m.time)}: ${m.label}`}
            aria-label={`${LANES[m.kind].name} ${m.label} at ${seconds(m.time)}`}
            data-kind={m.kind}
            data-time={m.time}
            tabIndex={-1}
            onClick={(e) => {
              e.stopPropagation();
              onSeek(m.time);
            }}
          >
            {LABELLED.has(m.kind) ? <span className="game-marker-label">{m.label}</span> : null}
          </button>
        ))}
        {time !== undefined && <div className="game-cursor" style={{ left: left(time) }} data-testid="game-cursor" />}
      </div>
      <div className="game-axis">
        <span>{seconds(start)}</span>
        <span>{seconds(end)}</span>
      </div>
      <div className="game-legend">
        {(['gameState', 'kickOff', 'goal', 'penalty', 'fall', 'annotation'] as const).map((k) => (
          <span key={k} className={`legend ${k}`}>
            {LANES[k].name}
          </span>
        ))}
        <span className="legend teamMessages">team messages / s</span>
      </div>
      <table className="game-robots" data-testid="game-robots">
        <tbody>
          {timeline.robots.map((r) => {
            const p = players.find((x) => x.robot === r.robot);
            const at = p?.time === undefined ? undefined : p.time - r.offset;
            return (
              <tr key={r.robot} data-robot={r.robot}>
                <td>{r.robot}</td>
                <td>{p ? `frame ${Math.max(0, p.current)} / ${p.frameCount}` : '–'}</td>
                <td data-testid={`game-robot-time-${r.robot}`} data-time={at}>
                  {at === undefined ? '–' : `${(at / 1000).toFixed(3)} s`}
                </td>
                <td className="dim">
                  clock {r.offset >= 0 ? '+' : ''}
                  {r.offset} ms ({r.samples} packets)
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
