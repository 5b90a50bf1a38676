/**
 * @file How a console talks to a simulated robot over the TCP debug link, each robot on its own port (`npm run
 * console -- localhost:<port>`). It carries the same message queues to and from the robot's Debug thread
 * (DebugHub) as the in-process link (a MemoryConnection delivering to the hub), so a simulated robot is debugged
 * like a remote one.
 */
import type { DebugHub } from '@robot-runtime/core/debug/DebugHub';
import { DebugLinkServer } from '@robot-runtime/hosts/robot/debugLink/DebugLinkServer';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';

/** The TCP debug link of one simulated robot. */
export class TcpRobotLink {
  private readonly server: DebugLinkServer;

  constructor(
    hub: () => DebugHub,
    private readonly port: number,
    host = '127.0.0.1',
    log: (line: string) => void = () => {},
  ) {
    this.server = new DebugLinkServer({ host, port });
    this.server.on('queue', ({ messages }) => hub().receive(messages));
    this.server.on('error', (error) => log(`debug link ${port}: ${error.message}`));
  }

  /** Starts listening; resolves with the bound port. */
  async start(): Promise<number> {
    return (await this.server.start()).port;
  }

  /** Sends a queue while a console is connected (otherwise nobody asked for it). */
  push(messages: readonly Message[]): void {
    if (this.server.isConnected) this.server.send(serializeQueue([...messages]), true);
  }

  /** Stops listening. */
  stop(): Promise<void> {
    return this.server.stop();
  }

  /** The port asked for. */
  get requestedPort(): number {
    return this.port;
  }
}
