/**
 * @file A RobotConnection over the TCP debug link (a remote robot). The client pushes received queues; this
 * adapter buffers them until the console pulls, which keeps the console's processing in its own update cycle.
 */
import type { DebugLinkClient, DebugLinkClientState } from '../../transport/DebugLinkClient';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import type { ConnectionState, RobotConnection } from '@robot-runtime/protocol/link/RobotConnection';

/** Received messages kept at most while the console does not pull (a stalled console must not eat all memory). */
const MAX_BUFFERED_MESSAGES = 200_000;

function mapState(state: DebugLinkClientState): ConnectionState {
  switch (state) {
    case 'ready':
      return 'connected';
    case 'connecting':
    case 'handshaking':
      return 'connecting';
    default:
      return 'disconnected';
  }
}

/** Adapts a DebugLinkClient to the console's RobotConnection. */
export class DebugLinkConnection implements RobotConnection {
  private inbox: Message[] = [];
  private lastError: string | undefined;
  /** Messages dropped because the console did not keep up. */
  dropped = 0;
  private readonly unsubscribe: (() => void)[];

  constructor(readonly client: DebugLinkClient) {
    this.unsubscribe = [
      client.on('messages', (messages) => {
        for (const m of messages) {
          if (this.inbox.length >= MAX_BUFFERED_MESSAGES) {
            this.dropped++;
            continue;
          }
          // Payloads are views into the packet; copy so that kept data does not pin whole packets.
          this.inbox.push({ id: m.id, payload: m.payload.slice() });
        }
      }),
      client.on('error', (error) => {
        this.lastError = error.message;
      }),
      client.on('state', ({ state, detail }) => {
        // A link that is up again has no error; the next outage reports its own reason.
        if (state === 'ready') this.lastError = undefined;
        else if (state === 'disconnected' && detail) this.lastError ??= detail;
      }),
    ];
  }

  get state(): ConnectionState {
    return mapState(this.client.state);
  }

  get error(): string | undefined {
    return this.lastError;
  }

  send(messages: readonly Message[]): void {
    if (messages.length > 0) this.client.send(messages);
  }

  receive(): Message[] {
    const out = this.inbox;
    this.inbox = [];
    return out;
  }

  /** Stops listening to the client (it is not closed). */
  dispose(): void {
    for (const u of this.unsubscribe) u();
  }
}
