/**
 * @file The real network's team traffic for the monitor: one TeamMonitorSource per team the user switched on
 * (port 10000 + team on every interface; tests bind loopback and free ports), each decoding in the team's format,
 * and while any team is listened to, the GameController port, whose packets (SPL or HSL) give the budgets.
 */
import type { GameControlPacket } from '@robot-runtime/protocol/gameController/gameControlPacket';
import { GameControllerListener } from '../../network/GameControllerListener';
import { TeamMonitorSource } from '../../network/TeamMonitorSource';
import type { ContentCodec } from '@robot-runtime/protocol/teamMessage/contentCodec';
import type { MonitoredGameControllerInfo, TeamListening, TeamMessageFormat } from '@app/ipc/teamMonitor';
import type { TrafficPart } from './SimulationTraffic';
import { robotInfo } from './toWire';

/** Where to listen. */
export interface NetworkTrafficOptions {
  /** Address to bind (default every interface, as a monitor next to the field needs). */
  readonly bindAddress?: string;
  /** Port of a team (default 10000 + team; tests return 0 for a free port). */
  readonly port?: (team: number) => number | undefined;
  /** The GameController port (default 3838; tests 0 for a free port). */
  readonly gameControllerPort?: number;
}

interface Listener {
  readonly source: TeamMonitorSource;
  readonly format: TeamMessageFormat;
}

/** The team ports being listened on. */
export class NetworkTraffic {
  private readonly listeners = new Map<number, Listener>();
  private gameController: GameControllerListener | undefined;
  /** Why the GameController port could not be opened (the team ports still work). */
  private gameControllerProblem: string | undefined;

  constructor(
    private readonly codec: ContentCodec | undefined,
    private readonly options: NetworkTrafficOptions = {},
  ) {}

  /** Starts listening on `team`'s port (again with another format: a fresh start). Rejects when the port cannot be bound. */
  async listen(team: number, format: TeamMessageFormat): Promise<TeamListening> {
    await this.stop(team);
    const port = this.options.port?.(team);
    const source = await TeamMonitorSource.open({
      teams: [team],
      codec: this.codec,
      formats: { [team]: format },
      ...(this.options.bindAddress !== undefined ? { bindAddress: this.options.bindAddress } : {}),
      ...(port !== undefined ? { ports: { [team]: port } } : {}),
    });
    this.listeners.set(team, { source, format });
    await this.openGameController();
    return { team, port: source.port(team)!, format };
  }

  /** The GameController port's listener, opened with the first team port. */
  get gameControllerListener(): GameControllerListener | undefined {
    return this.gameController;
  }

  private async openGameController(): Promise<void> {
    if (this.gameController) return;
    try {
      this.gameController = await GameControllerListener.open({
        ...(this.options.bindAddress !== undefined ? { bindAddress: this.options.bindAddress } : {}),
        ...(this.options.gameControllerPort !== undefined ? { port: this.options.gameControllerPort } : {}),
        onPacket: (packet) => this.budgetsFrom(packet),
      });
      this.gameControllerProblem = undefined;
    } catch (e) {
      this.gameControllerProblem = `cannot listen on the GameController port: ${(e as Error).message}`;
    }
  }

  /** The GameController's remaining message budgets go to every team's monitor. */
  private budgetsFrom(packet: GameControlPacket): void {
    for (const { source } of this.listeners.values())
      for (const t of packet.data.teams) source.monitor.setBudget(t.teamNumber, t.messageBudget);
  }

  /** The network's GameController as the monitor frame shows it (none heard: nothing). */
  gameControllerInfo(): MonitoredGameControllerInfo[] {
    const heard = this.gameController?.heard();
    if (!heard?.latest) return [];
    return [
      {
        source: 'network',
        protocol: heard.latest.protocol,
        state: heard.latest.state,
        packets: heard.packets.spl + heard.packets.hsl,
        refused: heard.refused.size + heard.refused.header + heard.refused.version,
        address: heard.latest.address,
        sinceHeard: Math.max(0, performance.now() - heard.latest.at),
      },
    ];
  }

  /** Why the GameController port is not listened on, if it could not be opened. */
  get problem(): string | undefined {
    return this.gameControllerProblem;
  }

  /** Stops listening on `team`'s port; false when it was not listened on. */
  async stop(team: number): Promise<boolean> {
    const listener = this.listeners.get(team);
    if (!listener) return false;
    this.listeners.delete(team);
    await listener.source.close();
    if (this.listeners.size === 0) {
      const gameController = this.gameController;
      this.gameController = undefined;
      await gameController?.close();
    }
    return true;
  }

  /** Stops every listener. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.listeners.keys()].map((team) => this.stop(team)));
  }

  /** The ports listened on, by team. */
  listening(): TeamListening[] {
    return [...this.listeners]
      .sort(([a], [b]) => a - b)
      .map(([team, l]) => ({ team, port: l.source.port(team)!, format: l.format }));
  }

  /** Everything heard on the network so far. */
  part(): TrafficPart {
    const part = { robots: [] as TrafficPart['robots'], teams: [] as TrafficPart['teams'], violations: 0 };
    for (const { source } of this.listeners.values()) {
      const snapshot = source.snapshot();
      for (const r of snapshot.robots) {
        const budget = snapshot.budgets.find((b) => b.team === r.team)?.remaining;
        part.robots.push(
          robotInfo(r, snapshot.at, {
            source: 'network',
            name: `${r.team}/${r.player} ${r.address}`,
            mirrored: false,
            budgetRemaining: budget,
          }),
        );
      }
      part.teams.push(
        ...snapshot.budgets.map((b) => ({
          source: 'network' as const,
          team: b.team,
          used: b.used,
          remaining: b.remaining,
        })),
      );
      part.violations += snapshot.violations;
    }
    return part;
  }
}
