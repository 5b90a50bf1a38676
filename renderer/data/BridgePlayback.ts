/**
 * @file Log playback over the bridge: the replayed robots' states (asked once, then pushed by the host while they
 * change) and the typed playback calls.
 */
import type { PitchsideBridge } from '../../app/ipc/bridge';
import type { LogPlayerState, LogTimeline, PlaybackAction, StopOnAnnotation } from '../../app/ipc/logPlayer';
import type { GameTimeline } from '../../app/ipc/gameTimeline';
import type { LogVariants } from '../../app/ipc/logVariants';
import type { PlaybackSource, Unsubscribe } from './DataSource';

/** The bridge-backed playback source. */
export class BridgePlayback implements PlaybackSource {
  private list: readonly LogPlayerState[] | undefined;
  private readonly listeners = new Set<(players: readonly LogPlayerState[]) => void>();

  constructor(private readonly bridge: PitchsideBridge) {
    bridge.on('pitchside:log.state', (state) => this.set(state.players));
    // A host without replays answers with none (or not at all): the views say how to open a log then.
    bridge.invoke('pitchside:log.players', {}).then(
      (r) => this.list ?? this.set(r.players),
      () => this.list ?? this.set([]),
    );
  }

  players(): readonly LogPlayerState[] | undefined {
    return this.list;
  }

  onPlayers(listener: (players: readonly LogPlayerState[]) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  timeline(robot: string): Promise<LogTimeline> {
    return this.bridge.invoke('pitchside:log.timeline', { robot });
  }

  async control(robot: string, action: PlaybackAction): Promise<LogPlayerState> {
    return this.replace(await this.bridge.invoke('pitchside:log.control', { robot, action }));
  }

  async stopOnAnnotation(robot: string, settings: StopOnAnnotation): Promise<LogPlayerState> {
    return this.replace(await this.bridge.invoke('pitchside:log.stopOnAnnotation', { robot, ...settings }));
  }

  gameTimeline(robot: string): Promise<GameTimeline> {
    return this.bridge.invoke('pitchside:game.timeline', { robot });
  }

  seekGame(robot: string, time: number): Promise<{ readonly time: number }> {
    return this.bridge.invoke('pitchside:game.seek', { robot, time });
  }

  variants(robot: string, tracks: boolean): Promise<LogVariants> {
    return this.bridge.invoke('pitchside:log.variants', { robot, tracks });
  }

  /** Shows an answered state at once (the host's next state event confirms it). */
  private replace(state: LogPlayerState): LogPlayerState {
    if (this.list) this.set(this.list.map((p) => (p.robot === state.robot ? state : p)));
    return state;
  }

  private set(players: readonly LogPlayerState[]): void {
    this.list = players;
    for (const l of this.listeners) l(players);
  }
}
