/**
 * @file Replayed logs as the renderer sees them (shared by the log player and annotation views): the playback
 * state of every replayed robot (asked once, then pushed by the host while it changes), a log's timeline, and
 * the `log …` console commands of one replayed robot.
 */
import { useEffect, useState } from 'react';
import type { PitchsideBridge } from '../../app/ipc/bridge';
import type { LogPlayerState, LogTimeline } from '../../app/ipc/logPlayer';
import { useServices } from './ServicesContext';
import { useBridgeEvent } from './useBridgeEvent';

/** Every replayed robot's playback state; undefined until the host answered. */
export function useLogPlayers(): readonly LogPlayerState[] | undefined {
  const { bridge } = useServices();
  const [players, setPlayers] = useState<readonly LogPlayerState[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    bridge.invoke('pitchside:log.players', {}).then(
      (r) => live && setPlayers((current) => current ?? r.players),
      () => live && setPlayers((current) => current ?? []),
    );
    return () => {
      live = false;
    };
  }, [bridge]);
  useBridgeEvent('pitchside:log.state', (state) => setPlayers(state.players));
  return players;
}

/**
 * The player to show: the one named by the view's parameters, else the one chosen in the view, else the first.
 * Returns it with the chooser's setter.
 */
export function useChosenPlayer(players: readonly LogPlayerState[] | undefined, fixed: string | undefined): [LogPlayerState | undefined, (robot: string) => void] {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const name = fixed ?? chosen;
  const player = players?.find((p) => p.robot === name) ?? (fixed === undefined ? players?.[0] : undefined);
  return [player, setChosen];
}

/** The timeline of `robot`'s log (asked again when the robot or its log changes). */
export function useLogTimeline(robot: string | undefined, file: string | undefined): LogTimeline | undefined {
  const { bridge } = useServices();
  const [timeline, setTimeline] = useState<LogTimeline | undefined>(undefined);
  useEffect(() => {
    setTimeline(undefined);
    if (robot === undefined) return undefined;
    let live = true;
    bridge.invoke('pitchside:log.timeline', { robot }).then(
      (t) => live && setTimeline(t),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [bridge, robot, file]);
  return timeline;
}

/** Runs a `log …` line (or any robot command) on `robot`'s console; failures show in the console. */
export function runLogCommand(bridge: PitchsideBridge, robot: string, line: string): Promise<void> {
  return bridge.invoke('pitchside:robot.run', { robot, line }).then(
    () => undefined,
    () => undefined,
  );
}
