/**
 * @file The console's only view of a robot: messages out, messages in, and whether the link is up. A remote robot
 * (TCP debug link), a simulated robot (in-process queues) and a log replay all fit behind it, so one console
 * implementation drives them all. It lives in the protocol layer so that the simulator's in-process link and
 * the IDE's connections implement the same contract.
 */
import type { Message } from '../messageQueue/Message';

/** Whether messages can flow: `connecting` (handshake pending), `connected`, or `disconnected` (for good or until reconnect). */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

/**
 * A bidirectional message link to one robot. Message ids are in this program's numbering (any renumbering for
 * another framework version happens inside the connection). The console pulls received messages in its
 * `update()`, which keeps it deterministic when a simulator steps it, and free of callbacks re-entering it.
 */
export interface RobotConnection {
  /** Queues messages for the robot, in order; a connection that is not yet up keeps them until it is. */
  send(messages: readonly Message[]): void;
  /** Every message received since the previous call, in arrival order (empty when nothing arrived). */
  receive(): Message[];
  /** The link's current state. */
  readonly state: ConnectionState;
  /** Why the link is down, when it is (shown to the user). */
  readonly error?: string;
}

/**
 * An in-memory RobotConnection: the console's messages go to `deliver` (an in-process robot's Debug thread, which
 * sees them before its next frame) or, without one, are recorded in `sent`; the robot (or a test) hands the
 * console messages by calling `push`. The one pipe between a console and an in-process robot (simulator, log
 * replay) and the tests' stand-in for a robot.
 */
export class MemoryConnection implements RobotConnection {
  /** Everything sent without a `deliver`, in order (never cleared automatically, so tests can inspect it). */
  readonly sent: Message[] = [];
  private inbox: Message[] = [];
  state: ConnectionState = 'connected';
  error?: string;

  /** @param deliver receives the console's messages at once instead of `sent` (nothing is kept then). */
  constructor(private readonly deliver?: (messages: readonly Message[]) => void) {}

  send(messages: readonly Message[]): void {
    if (this.deliver) this.deliver(messages);
    else for (const m of messages) this.sent.push(m);
  }

  receive(): Message[] {
    const received = this.inbox;
    this.inbox = [];
    return received;
  }

  /** Delivers messages to the console (they are returned by the next `receive()`). */
  push(...messages: Message[]): void {
    for (const m of messages) this.inbox.push(m);
  }

  /** Returns and forgets what was sent so far (the `sent` array is emptied). */
  takeSent(): Message[] {
    return this.sent.splice(0, this.sent.length);
  }
}
