/**
 * @file How a console talks to a simulated robot: in-process (the IDE's console engine and tests) or over the
 * TCP debug link, each on its own port (`npm run console -- localhost:<port>`). Both carry the same message
 * queues to and from the robot's Debug thread (DebugHub), so a simulated robot is debugged like a remote one.
 */
import type { DebugHub } from '@robot-runtime/core/debug/DebugHub';
import { DebugLinkServer } from '@robot-runtime/hosts/robot/debugLink/DebugLinkServer';
import type { RobotConnection } from '@robot-runtime/protocol/link/RobotConnection';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';

/**
 * An in-process link: `send` hands messages to the robot's Debug thread at once (threads see them before their
 * next frame), `receive` drains what the robot sent.
 */
export class InProcessRobotConnection implements RobotConnection {
  readonly state = 'connected' as const;
  readonly error: string | undefined = undefined;
  private inbox: Message[] = [];

  constructor(private readonly hub: () => DebugHub) {}

  /** Messages from the console to the robot. */
  send(messages: readonly Message[]): void {
    this.hub().receive(messages);
  }

  /** Messages from the robot since the last call. */
  receive(): Message[] {
    const messages = this.inbox;
    this.inbox = [];
    return messages;
  }

  /** Called by the robot with each outgoing queue. */
  push(messages: readonly Message[]): void {
    for (const m of messages) this.inbox.push(m);
  }
}

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
