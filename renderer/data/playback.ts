/**
 * @file Replayed logs as the views see them (the log player and annotation views): the playback state of every
 * replayed robot, the one a view shows, and a log's timeline, all through the data source's playback.
 */
import { useEffect, useState } from 'react';
import type { GameTimeline } from '../../app/ipc/gameTimeline';
import type { LogPlayerState, LogTimeline } from '../../app/ipc/logPlayer';
import { useDataSource } from './DataSourceContext';

/** Every replayed robot's playback state; undefined until the host answered. */
export function useLogPlayers(): readonly LogPlayerState[] | undefined {
  const { playback } = useDataSource();
  const [players, setPlayers] = useState(playback.players());
  useEffect(() => {
    setPlayers(playback.players());
    return playback.onPlayers(setPlayers);
  }, [playback]);
  return players;
}

/**
 * The player to show: the one named by the view's parameters, else the one chosen in the view, else the first.
 * Returns it with the chooser's setter.
 */
export function useChosenPlayer(
  players: readonly LogPlayerState[] | undefined,
  fixed: string | undefined,
): [LogPlayerState | undefined, (robot: string) => void] {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const name = fixed ?? chosen;
  const player = players?.find((p) => p.robot === name) ?? (fixed === undefined ? players?.[0] : undefined);
  return [player, setChosen];
}

/**
 * What `ask` answers: asked again when `key` (what it asks) or `from` (whom) changes, undefined meanwhile and when
 * there is nothing to ask. `ask` itself is made anew on every render, so it is no dependency.
 */
function useAnswer<T>(ask: (() => Promise<T>) | undefined, from: unknown, key: string): T | undefined {
  const [answer, setAnswer] = useState<T | undefined>(undefined);
  useEffect(() => {
    setAnswer(undefined);
    if (!ask) return undefined;
    let live = true;
    ask().then(
      (a) => live && setAnswer(a),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [from, key]);
  return answer;
}

/** The timeline of `robot`'s log (asked again when the robot or its log changes). */
export function useLogTimeline(robot: string | undefined, file: string | undefined): LogTimeline | undefined {
  const { playback } = useDataSource();
  const ask = robot === undefined ? undefined : () => playback.timeline(robot);
  return useAnswer(ask, playback, JSON.stringify([robot, file]));
}

/** The timeline of the game `robot` is replayed in, when it is (asked again when the game's robots change). */
export function useGameTimeline(robot: string | undefined, game: string | undefined): GameTimeline | undefined {
  const { playback } = useDataSource();
  const ask = robot === undefined || game === undefined ? undefined : () => playback.gameTimeline(robot);
  return useAnswer(ask, playback, JSON.stringify([robot, game]));
}
