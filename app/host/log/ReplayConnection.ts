/**
 * @file The in-process link between a robot console and a replayed robot. Whenever the console pulls messages,
 * the replay is advanced first, so a console updated by a timer (CLI, IDE) or by a test plays the log without
 * a thread or timer of its own.
 */
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import type { ConnectionState, RobotConnection } from '@robot-runtime/protocol/link/RobotConnection';

/** What the connection drives. */
export interface ReplayEndpoint {
  /** Handles messages from the console (routed through the robot's Debug hub). */
  receiveFromConsole(messages: readonly Message[]): void;
  /** Plays what is due now. */
  advance(): void;
}

/** A RobotConnection to a robot living in this process. */
export class ReplayConnection implements RobotConnection {
  state: ConnectionState = 'connected';
  error?: string;
  private inbox: Message[] = [];
  private endpoint: ReplayEndpoint | undefined;

  /** Connects the robot side (set once the robot exists). */
  attach(endpoint: ReplayEndpoint): void {
    this.endpoint = endpoint;
  }

  send(messages: readonly Message[]): void {
    this.endpoint?.receiveFromConsole(messages);
  }

  receive(): Message[] {
    this.endpoint?.advance();
    const received = this.inbox;
    this.inbox = [];
    return received;
  }

  /** Called by the robot: messages for the console. */
  deliver(messages: readonly Message[]): void {
    for (const m of messages) this.inbox.push(m);
  }

  /** Ends the link (the robot was removed). */
  close(): void {
    this.state = 'disconnected';
    this.endpoint = undefined;
  }
}
