/**
 * @file Remote robots: `sc <name> <host>[:<port>]` opens a console to a robot's debug link (TCP 9999, facts
 * §1.3). B-Human's form without an address waits for the robot to connect; that server side is not offered yet
 * and the command says so.
 */
import { DebugLinkConnection } from '../../console/connections/DebugLinkConnection';
import type { ConsoleFiles } from '../../console/files';
import { RobotConsole } from '../../console/RobotConsole';
import { DebugLinkClient } from '../../transport/DebugLinkClient';
import type { ConsoleProvider, ProvidedCommand, ProviderHost } from '../../session/ConsoleProvider';

/** The debug link's TCP port. */
const DEBUG_LINK_PORT = 9999;

/** One connected (or connecting) robot. */
interface RemoteRobot {
  readonly client: DebugLinkClient;
  readonly connection: DebugLinkConnection;
}

/** Options of the provider. */
export interface RemoteRobotProviderOptions {
  readonly files?: ConsoleFiles;
  readonly configRoot?: string;
  /** How long `sc` keeps trying to connect (ms). */
  readonly connectTimeoutMs?: number;
}

/** Parses `host`, `host:port` or `[v6]:port`; undefined when malformed. */
export function parseAddress(text: string): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:\s]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match) return undefined;
  const port = match[2] === undefined ? DEBUG_LINK_PORT : Number(match[2]);
  if (port < 1 || port > 65535) return undefined;
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

/** Provides robots connected over the debug link. */
export class RemoteRobotProvider implements ConsoleProvider {
  readonly commands: readonly ProvidedCommand[];
  private host: ProviderHost | undefined;
  private readonly robots = new Map<string, RemoteRobot>();

  constructor(private readonly options: RemoteRobotProviderOptions = {}) {
    this.commands = [
      { name: 'sc', usage: 'sc <name> <a.b.c.d>[:<port>]', run: (words) => this.connectCommand(words) },
      // Pitchside's addition (the Robots panel's Disconnect): closes the link, the robot stays listed for `sc` again.
      { name: 'dc', usage: 'dc <name>', run: (words) => this.disconnectCommand(words) },
    ];
  }

  start(host: ProviderHost): void {
    this.host = host;
  }

  async dispose(): Promise<void> {
    const closing = [...this.robots.values()].map(async (r) => {
      r.connection.dispose();
      await r.client.close({ lingerMs: 100 });
    });
    this.robots.clear();
    await Promise.all(closing);
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
    void this.connect(words[0]!, address.host, address.port);
  }

  private disconnectCommand(words: readonly string[]): void {
    const host = this.host;
    if (!host) return;
    if (words.length !== 1) {
      host.print(`Syntax Error: ${this.commands[1]!.usage}`);
      return;
    }
    const robot = this.robots.get(words[0]!);
    if (!robot) {
      host.print(`Error: ${words[0]} is not a connected remote robot`);
      return;
    }
    void robot.client.close({ lingerMs: 100 }).then(() => host.print(`Disconnected from ${words[0]}.`));
  }

  private async connect(name: string, address: string, port: number): Promise<void> {
    const host = this.host!;
    await this.disconnect(name);
    const client = new DebugLinkClient();
    const connection = new DebugLinkConnection(client);
    this.robots.set(name, { client, connection });
    const robot = new RobotConsole(name, connection, { files: this.options.files, configRoot: this.options.configRoot, requestRobotName: true });
    // Typed lines run directly (not as a start script); they still wait for polling to finish.
    robot.endOfStartScript();
    host.addRobot({ console: robot, kind: 'remote', address: `${address}:${port}` });
    host.print(`Connecting to ${name} at ${address}:${port}...`);
    const ok = await client.connect(address, port, { timeoutMs: this.options.connectTimeoutMs ?? 3000 });
    if (this.robots.get(name)?.client !== client) return; // replaced meanwhile
    host.print(ok ? `Connected to ${name}.` : `Error: no connection to ${address}:${port}${connection.error ? `: ${connection.error}` : ''}`);
  }

  private async disconnect(name: string): Promise<void> {
    const old = this.robots.get(name);
    if (!old) return;
    this.robots.delete(name);
    old.connection.dispose();
    await old.client.close({ lingerMs: 100 });
  }
}
