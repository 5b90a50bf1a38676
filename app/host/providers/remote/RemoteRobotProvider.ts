/**
 * @file Remote robots: `sc <name> <host>[:<port>]` opens a console to a robot's debug link (TCP 9999, formats
 * §1.3). B-Human's form without an address waits for the robot to connect; that server side is not offered yet
 * and the command says so. A link that drops (Wi-Fi, a restarted robot) is retried with backoff until it is back
 * or the user disconnects with `dc`; the robot's console, and with it every view, survives the outage, and `sc`
 * for a known robot at the same address reconnects that console at once.
 */
import type { DebugLinkConnection } from '../../console/connections/DebugLinkConnection';
import { debugLinkConsole } from '../../console/debugLinkConsole';
import type { ConsoleFiles } from '../../console/files';
import type { RobotConsole } from '../../console/RobotConsole';
import type { CommandArgs } from '@app/ipc/consoleLine';
import type { DebugLinkClient } from '../../transport/DebugLinkClient';
import type { GlobalCommand } from '../../console/commands/types';
import type { ConsoleProvider, ProviderHost } from '../../session/ConsoleProvider';

/** The debug link's TCP port. */
const DEBUG_LINK_PORT = 9999;

/** One robot: its link, its console, and the reconnect schedule while the link is down. */
interface RemoteRobot {
  readonly client: DebugLinkClient;
  readonly connection: DebugLinkConnection;
  readonly console: RobotConsole;
  readonly host: string;
  readonly port: number;
  /** Whether the link was ever up (a first `sc` that fails removes the robot again). */
  everConnected: boolean;
  /** Set by `dc` and on disposal: the link stays down. */
  closedByUser: boolean;
  /** Attempts made since the link went down. */
  attempts: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Stops listening to the client. */
  unlisten: () => void;
}

/** Options of the provider. */
export interface RemoteRobotProviderOptions {
  readonly files?: ConsoleFiles;
  readonly configRoot?: string;
  /** How long `sc` keeps trying to connect (ms). */
  readonly connectTimeoutMs?: number;
  /** First pause (ms) before reconnecting a lost link; it doubles per failed attempt. Default 250 ms. */
  readonly reconnectDelayMs?: number;
  /** Longest pause (ms) between reconnect attempts. Default 5000 ms. */
  readonly maxReconnectDelayMs?: number;
}

/** Parses `host`, `host:port` or `[v6]:port`; undefined when malformed. */
export function parseAddress(text: string): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:\s]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match) return undefined;
  const port = match[2] === undefined ? DEBUG_LINK_PORT : Number(match[2]);
  if (port < 1 || port > 65535) return undefined;
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

/** The pause before reconnect attempt `attempt` (0-based): doubling from `first`, capped at `max`. */
export function reconnectDelay(attempt: number, first: number, max: number): number {
  return Math.min(max, first * 2 ** Math.min(attempt, 20));
}

/** Provides robots connected over the debug link. */
export class RemoteRobotProvider implements ConsoleProvider {
  /** The remote-robot area of the console: `sc`, `dc`. */
  readonly commands: readonly GlobalCommand[];
  private host: ProviderHost | undefined;
  private readonly robots = new Map<string, RemoteRobot>();

  constructor(private readonly options: RemoteRobotProviderOptions = {}) {
    const words = (args: CommandArgs): string[] => args.rest().map((t) => t.text);
    this.commands = [
      {
        name: 'sc',
        scope: 'global',
        usage: 'sc <name> <a.b.c.d>[:<port>]',
        summary: 'Connect a console to a robot over its debug link (TCP port 9999 unless given).',
        run: (args) => this.connectCommand(words(args)),
      },
      // Pitchside's addition (the Robots panel's Disconnect): closes the link, the robot stays listed for `sc` again;
      // `dc` on a robot whose link is down (also while it waits to retry) removes it from the list.
      {
        name: 'dc',
        scope: 'global',
        usage: 'dc <name>',
        summary: 'Disconnect a remote robot (it stays listed; sc connects it again); remove one whose link is down.',
        args: { args: [[{ names: 'robots' }]] },
        run: (args) => this.disconnectCommand(words(args)),
      },
    ];
  }

  start(host: ProviderHost): void {
    this.host = host;
    host.controller.commands.register(this.commands);
  }

  async dispose(): Promise<void> {
    const robots = [...this.robots.values()];
    this.robots.clear();
    await Promise.all(robots.map((r) => this.shutDown(r)));
  }

  private connectCommand(words: readonly string[]): void {
    const host = this.host;
    if (!host) return;
    if (words.length === 1) {
      host.print('Error: waiting for a robot to connect is not supported yet; give its address: sc <name> <a.b.c.d>');
      return;
    }
    const address = words.length === 2 ? parseAddress(words[1]!) : undefined;
    if (!address || !/^[A-Za-z0-9_.-]+$/.test(words[0]!)) {
      host.print(`Syntax Error: ${this.commands[0]!.usage}`);
      return;
    }
    const known = this.robots.get(words[0]!);
    if (known && known.host === address.host && known.port === address.port) void this.reconnect(known);
    else void this.connect(words[0]!, address.host, address.port);
  }

  private disconnectCommand(words: readonly string[]): void {
    const host = this.host;
    if (!host) return;
    if (words.length !== 1) {
      host.print(`Syntax Error: ${this.commands[1]!.usage}`);
      return;
    }
    const name = words[0]!;
    const robot = this.robots.get(name);
    if (!robot) {
      host.print(`Error: ${name} is not a remote robot`);
      return;
    }
    if (robot.client.state === 'disconnected') {
      this.robots.delete(name);
      void this.shutDown(robot);
      host.removeRobot(name);
      host.print(`Removed ${name}.`);
      return;
    }
    robot.closedByUser = true;
    clearTimeout(robot.retryTimer);
    void robot.client.close({ lingerMs: 100 }).then(() => host.print(`Disconnected from ${name}.`));
  }

  private async connect(name: string, address: string, port: number): Promise<void> {
    const host = this.host!;
    const old = this.robots.get(name);
    if (old) {
      this.robots.delete(name);
      await this.shutDown(old);
    }
    const { client, connection, console } = debugLinkConsole(name, this.options);
    const robot: RemoteRobot = {
      client,
      connection,
      console,
      host: address,
      port,
      everConnected: false,
      closedByUser: false,
      attempts: 0,
      retryTimer: undefined,
      unlisten: () => undefined,
    };
    robot.unlisten = client.on('state', ({ state }) => {
      if (state === 'ready') robot.everConnected = true;
      else if (state === 'disconnected' && robot.everConnected && !robot.closedByUser) this.scheduleReconnect(robot);
    });
    this.robots.set(name, robot);
    // Typed lines run directly (not as a start script); they still wait for polling to finish.
    console.endOfStartScript();
    const selectedBefore = [...host.controller.selection];
    host.addRobot({ console, kind: 'remote', address: `${address}:${port}` });
    host.print(`Connecting to ${name} at ${address}:${port}...`);
    const ok = await client.connect(address, port, { timeoutMs: this.options.connectTimeoutMs ?? 3000 });
    if (this.robots.get(name) !== robot) return; // replaced meanwhile
    if (ok) {
      host.print(`Connected to ${name}.`);
      return;
    }
    // A robot that never answered is no robot: remove it and give the selection back.
    host.print(`Error: no connection to ${address}:${port}${connection.error ? `: ${connection.error}` : ''}`);
    this.robots.delete(name);
    await this.shutDown(robot);
    host.removeRobot(name);
    const stillThere = selectedBefore.filter((n) => host.controller.robotConsole(n) !== undefined);
    if (stillThere.length > 0) host.controller.execute(`robot ${stillThere.join(' ')}`);
  }

  /** Connects a known robot's link again now (the Robots panel's Reconnect, or `sc` with the same address). */
  private async reconnect(robot: RemoteRobot): Promise<void> {
    const host = this.host!;
    clearTimeout(robot.retryTimer);
    robot.retryTimer = undefined;
    robot.closedByUser = false;
    if (robot.client.state === 'ready') {
      host.print(`${robot.console.name} is connected.`);
      return;
    }
    if (robot.client.state !== 'disconnected') return; // an attempt is under way
    host.print(`Reconnecting to ${robot.console.name} at ${robot.host}:${robot.port}...`);
    await this.attempt(robot, this.options.connectTimeoutMs ?? 3000);
  }

  private scheduleReconnect(robot: RemoteRobot): void {
    if (robot.retryTimer !== undefined || this.robots.get(robot.console.name) !== robot) return;
    const delay = reconnectDelay(
      robot.attempts,
      this.options.reconnectDelayMs ?? 250,
      this.options.maxReconnectDelayMs ?? 5000,
    );
    if (robot.attempts === 0)
      this.host?.print(
        `Reconnecting to ${robot.console.name} at ${robot.host}:${robot.port} (retrying with backoff; dc ${robot.console.name} stops)...`,
      );
    robot.retryTimer = setTimeout(() => {
      robot.retryTimer = undefined;
      void this.attempt(robot, 1000);
    }, delay);
    robot.retryTimer.unref?.();
  }

  /** One connection attempt; a failure schedules the next one unless the user gave up on the robot. */
  private async attempt(robot: RemoteRobot, timeoutMs: number): Promise<void> {
    if (robot.client.state !== 'disconnected' || robot.closedByUser) return;
    robot.attempts++;
    const ok = await robot.client.connect(robot.host, robot.port, { timeoutMs });
    if (this.robots.get(robot.console.name) !== robot || robot.closedByUser) return;
    if (ok) {
      robot.attempts = 0;
      this.host?.print(`Reconnected to ${robot.console.name}.`);
    } else this.scheduleReconnect(robot);
  }

  private async shutDown(robot: RemoteRobot): Promise<void> {
    robot.closedByUser = true;
    clearTimeout(robot.retryTimer);
    robot.unlisten();
    robot.connection.dispose();
    await robot.client.close({ lingerMs: 100 });
  }
}
