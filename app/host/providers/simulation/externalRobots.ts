/**
 * @file External robots in the IDE's simulation (a mixed game): the scene's robots named at the start run their
 * programs outside the IDE, served a NAO's boundary (LoLA, cameras, GameController, team port) in real time by the
 * simulator. Each one is listed among the robots as `external` once its program is connected, with a console on
 * its program's debug link (the one a team's program serves on the robot's address, as on a NAO), so its views
 * (images, drawings, data) work as a remote robot's do. The program's debug link opens after its start-up, so
 * the console keeps trying until it is there, and again after the program restarts.
 */
import type { DebugLinkConnection } from '../../console/connections/DebugLinkConnection';
import { debugLinkConsole } from '../../console/debugLinkConsole';
import type { ConsoleFiles } from '../../console/files';
import type { RobotConsole } from '../../console/RobotConsole';
import type { DebugLinkClient } from '../../transport/DebugLinkClient';
import type { ProviderHost } from '../../session/ConsoleProvider';
import { ExternalBoundary, type Simulation } from '@app/simulator/index';

/** Pause between attempts to reach a program's debug link (ms). */
const RETRY_MS = 500;

/** One external robot's console on its program's debug link. */
interface ExternalLink {
  readonly name: string;
  readonly host: string;
  readonly port: number;
  readonly client: DebugLinkClient;
  readonly connection: DebugLinkConnection;
  readonly console: RobotConsole;
  /** Whether its program is connected to LoLA (then its debug link is worth trying). */
  programConnected: boolean;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
}

/** What the external robots' consoles need. */
export interface ExternalRobotsOptions {
  readonly files?: ConsoleFiles;
  readonly configRoot?: string;
  /** Second byte of the robots' loopback addresses (127.<net>.<team>.<player>), as `npm run sim --net`. */
  readonly net?: number;
}

/** The external robots of one simulation: their boundary and their consoles. */
export class ExternalRobots {
  private readonly links: ExternalLink[] = [];
  private closed = false;

  private constructor(
    /** The NAO boundary the programs connect to. */
    readonly boundary: ExternalBoundary,
    private readonly host: ProviderHost,
    private readonly options: ExternalRobotsOptions,
  ) {}

  /** Serves the external robots of `sim` (built with `external`) in real time and prints where programs connect. */
  static async serve(sim: Simulation, host: ProviderHost, options: ExternalRobotsOptions): Promise<ExternalRobots> {
    const boundary = await ExternalBoundary.serve(sim, { net: options.net, report: (line) => host.print(line) });
    const robots = new ExternalRobots(boundary, host, options);
    for (const line of boundary.describe()) host.print(line);
    for (const r of boundary.robots) {
      r.lola.on('connected', () => robots.programConnected(r.name));
      r.lola.on('disconnected', () => robots.programGone(r.name));
    }
    return robots;
  }

  /** Names of the external robots. */
  get names(): string[] {
    return this.boundary.robots.map((r) => r.name);
  }

  /** Closes the consoles and the boundary (the programs lose LoLA, as a NAO switched off would). */
  async close(): Promise<void> {
    this.closed = true;
    for (const link of this.links.splice(0)) {
      clearTimeout(link.retryTimer);
      this.host.removeRobot(link.name);
      link.connection.dispose();
      await link.client.close({ lingerMs: 100 });
    }
    await this.boundary.close();
  }

  private programConnected(name: string): void {
    if (this.closed) return;
    const served = this.boundary.robots.find((r) => r.name === name)!;
    const { address, debugPort } = served.endpoints!;
    let link = this.links.find((l) => l.name === name);
    if (!link) {
      const { client, connection, console } = debugLinkConsole(name, this.options);
      console.endOfStartScript();
      link = {
        name,
        host: address,
        port: debugPort,
        client,
        connection,
        console,
        programConnected: true,
        retryTimer: undefined,
      };
      this.links.push(link);
      this.host.addRobot({ console, kind: 'external', address: `${address}:${debugPort}` });
    }
    link.programConnected = true;
    void this.attach(link);
  }

  private programGone(name: string): void {
    const link = this.links.find((l) => l.name === name);
    if (!link) return;
    link.programConnected = false;
    clearTimeout(link.retryTimer);
    link.retryTimer = undefined;
  }

  /** Connects the console to the program's debug link, trying again while the program runs and the link is not up. */
  private async attach(link: ExternalLink): Promise<void> {
    if (this.closed || !link.programConnected || link.client.state !== 'disconnected') return;
    if (await link.client.connect(link.host, link.port, { timeoutMs: 1000 })) {
      this.host.print(`${link.name}: console on its program's debug link ${link.host}:${link.port}`);
      return;
    }
    if (this.closed || !link.programConnected) return;
    link.retryTimer = setTimeout(() => {
      link.retryTimer = undefined;
      void this.attach(link);
    }, RETRY_MS);
    link.retryTimer.unref?.();
  }
}
