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

/** The timeline of `robot`'s log (asked again when the robot or its log changes). */
export function useLogTimeline(robot: string | undefined, file: string | undefined): LogTimeline | undefined {
  const { playback } = useDataSource();
  const [timeline, setTimeline] = useState<LogTimeline | undefined>(undefined);
  useEffect(() => {
    setTimeline(undefined);
    if (robot === undefined) return undefined;
    let live = true;
    playback.timeline(robot).then(
      (t) => live && setTimeline(t),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [playback, robot, file]);
  return timeline;
}

/** The timeline of the game `robot` is replayed in, when it is (asked again when the game's robots change). */
export function useGameTimeline(robot: string | undefined, game: string | undefined): GameTimeline | undefined {
  const { playback } = useDataSource();
  const [timeline, setTimeline] = useState<GameTimeline | undefined>(undefined);
  useEffect(() => {
    setTimeline(undefined);
    if (robot === undefined || game === undefined) return undefined;
    let live = true;
    playback.gameTimeline(robot).then(
      (t) => live && setTimeline(t),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [playback, robot, game]);
  return timeline;
}
