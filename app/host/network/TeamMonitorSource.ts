/**
 * @file The team monitor's data source on the PC: listens on the team ports of the teams being watched
 * (10000 + team, shared with robots and other programs) and feeds a TeamMonitor; a view polls `snapshot()` at
 * display rate. The simulator's in-process network feeds the same TeamMonitor through `feed`.
 */
import { teamPort } from '@robot-runtime/protocol/teamMessage/bhumanHeader';
import { UdpEndpoint } from '@robot-runtime/hosts/node/UdpEndpoint';
import { TeamMonitor, type TeamMonitorOptions, type TeamMonitorSnapshot } from './TeamMonitor';

/** Settings. */
export interface TeamMonitorSourceOptions extends TeamMonitorOptions {
  teams: number[];
  /** Address to bind (default all interfaces; tests 127.0.0.1). */
  bindAddress?: string;
  /** Port per team (default 10000 + team; tests pick free ports with 0). */
  ports?: Record<number, number>;
}

/** Listens and monitors. */
export class TeamMonitorSource {
  private readonly started = performance.now();

  private constructor(
    readonly monitor: TeamMonitor,
    private readonly endpoints: Map<number, UdpEndpoint>,
  ) {}

  /** Opens one socket per team. */
  static async open(options: TeamMonitorSourceOptions): Promise<TeamMonitorSource> {
    const monitor = new TeamMonitor(options);
    const endpoints = new Map<number, UdpEndpoint>();
    try {
      for (const team of options.teams) {
        const endpoint = await UdpEndpoint.open({
          port: options.ports?.[team] ?? teamPort(team),
          address: options.bindAddress,
          reuseAddress: true,
        });
        endpoint.on('packet', (bytes, from) =>
          monitor.feed(team, bytes, `${from.address}:${from.port}`, performance.now()),
        );
        endpoint.on('error', () => {
          // A receive error loses one datagram; the monitor shows the gap as a lower rate.
        });
        endpoints.set(team, endpoint);
      }
    } catch (e) {
      await Promise.all([...endpoints.values()].map((x) => x.close()));
      throw e;
    }
    return new TeamMonitorSource(monitor, endpoints);
  }

  /** The port listened on for `team`. */
  port(team: number): number | undefined {
    return this.endpoints.get(team)?.port;
  }

  /** The current state (times in ms since the source opened). */
  snapshot(): TeamMonitorSnapshot {
    return this.monitor.snapshot(performance.now());
  }

  /** Milliseconds since the source opened. */
  get uptime(): number {
    return performance.now() - this.started;
  }

  /** Closes every socket. */
  async close(): Promise<void> {
    await Promise.all([...this.endpoints.values()].map((e) => e.close()));
  }
}
