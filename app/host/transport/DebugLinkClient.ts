import type { Socket } from 'node:net';
import { Emitter } from '@robot-runtime/core/events/Emitter';
import type { DebugLinkError } from '@robot-runtime/hosts/node/debugLink/DebugLinkError';
import { peerName, writePacket } from '@robot-runtime/hosts/node/debugLink/writePacket';
import { StreamError } from '@robot-runtime/protocol/binary';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { OutgoingQueueBuffer } from '@robot-runtime/protocol/messageQueue/OutgoingQueueBuffer';
import { parseExactQueue } from '@robot-runtime/protocol/messageQueue/parseQueue';
import { QUEUE_HEADER_SIZE } from '@robot-runtime/protocol/messageQueue/queueFormat';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';
import { encodeDebugRequest } from '@robot-runtime/protocol/messages/DebugRequest';
import { RequestNames } from '@robot-runtime/protocol/debugMessages/requestNames';
import { MESSAGE_ID_ENUM, MessageID, numOfDataMessageIDs } from '@robot-runtime/protocol/messages/MessageIDs';
import { typeInfoFromBytes } from '@robot-runtime/protocol/typeInfo/stream';
import { handshakeRequestQueue, readHandshakeReply } from '@robot-runtime/protocol/messages/debugLink/handshake';
import { IdRenumbering } from '@robot-runtime/protocol/messages/debugLink/idRenumbering';
import {
  DEBUG_LINK_PORT,
  HEARTBEAT_PACKET,
  MAX_RECEIVE_PACKET_SIZE,
  MAX_SEND_PACKET_SIZE,
} from '@robot-runtime/protocol/messages/debugLink/packets';
import { connectWithRetry } from './connectWithRetry';
import { PacketReader } from '@robot-runtime/hosts/node/debugLink/PacketReader';

/** Configuration of a DebugLinkClient. */
export interface DebugLinkClientOptions {
  /** Our data-section length (what ids are renumbered against); default numOfDataMessageIDs (90). */
  numOfDataMessageIDs?: number;
  /** Largest packet accepted from the robot; default 64 MiB. */
  maxReceivePacketSize?: number;
  /** Bound of message bytes queued before the link is ready; oldest queues are dropped beyond it. */
  maxPendingBytes?: number;
  /** How long to wait for the handshake answer before assuming the robot numbers ids like we do; default 1000 ms. */
  handshakeTimeoutMs?: number;
  /**
   * Drop the robot's data messages (representations, stopwatches, images …) until its TypeInfo arrives; default
   * true. A robot may still be sending what an earlier console asked for, and only the TypeInfo tells how the
   * robot numbers its data ids (a team fork numbers them differently).
   */
  holdDataUntilTypeInfo?: boolean;
  /** How long after the handshake data waits for the TypeInfo before it is matched by position; default 5000 ms. */
  typeInfoTimeoutMs?: number;
}

/** Options of DebugLinkClient.connect. */
export interface DebugLinkConnectOptions {
  /** How long to keep trying to connect; default 1000 ms. */
  timeoutMs?: number;
  /** Pause between connection attempts; default 50 ms. */
  retryDelayMs?: number;
}

/** Options of DebugLinkClient.close. */
export interface DebugLinkCloseOptions {
  /** Longest wait for the farewell (disableAll) to be flushed before the socket is destroyed; default 1000 ms. */
  lingerMs?: number;
}

/** Connection states, in the order a connection goes through them. */
export type DebugLinkClientState = 'disconnected' | 'connecting' | 'handshaking' | 'ready' | 'closing';

/** Events of a DebugLinkClient. */
export type DebugLinkClientEvents = {
  /** The state changed; `detail` says why when it is not obvious (e.g. the reason of a disconnect). */
  state: { readonly state: DebugLinkClientState; readonly detail?: string };
  /** The robot answered the handshake. */
  handshake: { remoteNumOfDataMessageIDs: number; offset: number };
  /** A queue arrived, renumbered into our ids; payloads are views into the received packet. */
  messages: Message[];
  /** Something went wrong; the client never throws from socket handlers. */
  error: DebugLinkError;
};

/** Counters for diagnostics and tests. */
export interface DebugLinkClientStats {
  packetsReceived: number;
  packetsSent: number;
  heartbeatsSent: number;
  /** Received messages without a counterpart in our numbering. */
  messagesDroppedIncoming: number;
  /** Messages we wanted to send that have no counterpart in the robot's numbering. */
  messagesDroppedOutgoing: number;
  /** Data messages dropped because they arrived before the robot's TypeInfo (leftovers of an earlier console). */
  messagesBeforeTypeInfo: number;
}

/**
 * The console's end of the debug link (B-Human's handshake "sender"). It connects to a robot, retrying for about
 * a second, sends the id-0 handshake, learns the robot's numOfDataMessageIDs and renumbers infrastructure ids in
 * both directions. Data ids are matched by name once the robot's TypeInfo (its `MessageID` enum) has arrived;
 * data before it is dropped quietly. It paces the robot: every packet from the robot is acknowledged with our
 * waiting messages, or with a heartbeat when there are none. Once ready, sends go out at once; earlier ones wait
 * (bounded).
 */
export class DebugLinkClient {
  /** Counters since construction. */
  readonly stats: DebugLinkClientStats = {
    packetsReceived: 0,
    packetsSent: 0,
    heartbeatsSent: 0,
    messagesDroppedIncoming: 0,
    messagesDroppedOutgoing: 0,
    messagesBeforeTypeInfo: 0,
  };
  private readonly events: Emitter<DebugLinkClientEvents>;
  private readonly local: number;
  private readonly maxReceivePacketSize: number;
  private readonly handshakeTimeoutMs: number;
  private readonly holdDataUntilTypeInfo: boolean;
  private readonly typeInfoTimeoutMs: number;
  /** Whether this connection's TypeInfo arrived (or was given up on): data passes from then on. */
  private typeInfoKnown = false;
  /** When the link became ready (ms, performance.now), for the TypeInfo timeout. */
  private readyAt = 0;
  private readonly pending: OutgoingQueueBuffer;
  private currentState: DebugLinkClientState = 'disconnected';
  private socket: Socket | undefined;
  /** Reads the packets of `socket`. */
  private reader: PacketReader | undefined;
  private peer = '';
  private ids: IdRenumbering | undefined;
  private handshakeTimer: ReturnType<typeof setTimeout> | undefined;
  /** Settles the promise of connect() once the link is ready or lost. */
  private settleConnect: ((ready: boolean) => void) | undefined;
  /** Bumped by close() so a connect() in progress knows it was abandoned. */
  private generation = 0;

  constructor(options: DebugLinkClientOptions = {}) {
    this.local = options.numOfDataMessageIDs ?? numOfDataMessageIDs;
    this.maxReceivePacketSize = options.maxReceivePacketSize ?? MAX_RECEIVE_PACKET_SIZE;
    this.handshakeTimeoutMs = options.handshakeTimeoutMs ?? 1000;
    this.holdDataUntilTypeInfo = options.holdDataUntilTypeInfo ?? true;
    this.typeInfoTimeoutMs = options.typeInfoTimeoutMs ?? 5000;
    this.pending = new OutgoingQueueBuffer(options.maxPendingBytes ?? MAX_SEND_PACKET_SIZE - QUEUE_HEADER_SIZE);
    this.events = new Emitter<DebugLinkClientEvents>((error, event) => {
      if (event !== 'error')
        this.reportError({ kind: 'listener', message: `a '${String(event)}' listener threw: ${describe(error)}` });
    });
  }

  /** Adds an event listener; returns a function that removes it. */
  on<K extends keyof DebugLinkClientEvents>(
    event: K,
    listener: (payload: DebugLinkClientEvents[K]) => void,
  ): () => void {
    return this.events.on(event, listener);
  }

  /** The connection state. */
  get state(): DebugLinkClientState {
    return this.currentState;
  }

  /** How ids are renumbered, once the handshake is done. */
  get renumbering(): IdRenumbering | undefined {
    return this.ids;
  }

  /**
   * Connects to the robot at host:port, retrying until `timeoutMs`, and performs the handshake. Resolves true when
   * the link is ready, false when no connection could be made or it was lost or closed before becoming ready (an
   * error event says why). Never rejects.
   */
  async connect(host: string, port = DEBUG_LINK_PORT, options: DebugLinkConnectOptions = {}): Promise<boolean> {
    if (this.currentState !== 'disconnected') {
      this.reportError({ kind: 'socket', message: `connect(${host}:${port}) while ${this.currentState}` });
      return false;
    }
    const generation = ++this.generation;
    this.setState('connecting', `${host}:${port}`);
    const reader = this.createReader();
    const outcome = await connectWithRetry(host, port, {
      ...options,
      onread: reader.onread,
      cancelled: () => generation !== this.generation,
    });
    if (generation !== this.generation) {
      outcome.socket?.destroy();
      return false;
    }
    if (!outcome.socket) {
      this.reportError({ kind: 'socket', message: `No connection to ${host}:${port} established: ${outcome.error}` });
      this.setState('disconnected', outcome.error);
      return false;
    }
    return this.adopt(outcome.socket, reader);
  }

  /**
   * Sends messages (in our numbering) or a serialized queue to the robot. Before the link is ready they wait
   * (bounded). Returns false when disconnected or the input was refused (an error event says why).
   */
  send(queue: readonly Message[] | Uint8Array): boolean {
    if (this.currentState === 'disconnected' || this.currentState === 'closing') return false;
    let bytes: Uint8Array;
    try {
      bytes = queue instanceof Uint8Array ? queue : serializeQueue(queue);
    } catch (error) {
      this.reportError({ kind: 'outgoing', message: describe(error), peer: this.peer });
      return false;
    }
    const refusal = this.pending.add(bytes);
    if (refusal) {
      const why =
        refusal.reason === 'tooLarge'
          ? `${refusal.size} message bytes exceed the bound of ${this.pending.maxBytes}`
          : refusal.message;
      this.reportError({ kind: 'outgoing', message: `outgoing queue refused: ${why}`, peer: this.peer });
      return false;
    }
    if (this.currentState === 'ready') this.sendPending();
    return true;
  }

  /** Sends one debug request (idDebugRequest: name + enable). */
  sendDebugRequest(name: string, enable: boolean): boolean {
    return this.send([{ id: MessageID.idDebugRequest, payload: encodeDebugRequest({ name, enable }) }]);
  }

  /**
   * Says goodbye and closes: sends DebugRequest("disableAll") so the robot stops producing debug output nobody
   * reads, lets it drain for at most `lingerMs`, then closes. Resolves once the socket is gone.
   */
  async close(options: DebugLinkCloseOptions = {}): Promise<void> {
    this.generation++;
    const socket = this.socket;
    if (!socket) {
      if (this.currentState !== 'disconnected') this.setState('disconnected', 'closed');
      return;
    }
    if (this.currentState === 'ready' || this.currentState === 'handshaking') {
      // Before the answer we cannot know the robot's numbering; assume ours, as the handshake timeout does.
      this.ids ??= new IdRenumbering(this.local, this.local);
      this.pending.clear();
      this.sendDebugRequest(RequestNames.disableAll, true);
      this.sendPending();
    }
    this.setState('closing');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const linger = new Promise<void>((resolve) => setTimeout(resolve, options.lingerMs ?? 1000).unref());
    socket.end();
    await Promise.race([closed, linger]);
    socket.destroy();
    await closed;
  }

  private adopt(socket: Socket, reader: PacketReader): Promise<boolean> {
    this.socket = socket;
    this.reader = reader;
    this.peer = peerName(socket);
    this.ids = undefined;
    this.typeInfoKnown = !this.holdDataUntilTypeInfo;
    const ready = new Promise<boolean>((resolve) => (this.settleConnect = resolve));
    socket.on('error', (error) => this.reportError({ kind: 'socket', message: error.message, peer: this.peer }));
    socket.on('close', () => this.lost(socket, 'connection closed'));
    this.setState('handshaking', this.peer);
    this.write(handshakeRequestQueue());
    this.handshakeTimer = setTimeout(() => {
      this.reportError({
        kind: 'handshake',
        message: `no handshake answer within ${this.handshakeTimeoutMs} ms; assuming the robot numbers ids like we do`,
        peer: this.peer,
      });
      this.becomeReady(this.local);
      this.sendPending(); // no robot packet to piggyback on
    }, this.handshakeTimeoutMs);
    return ready;
  }

  /**
   * A reader for the sockets of one connect(); the socket is created with it, since Node only takes `onread` then.
   * Until the socket is adopted, what it reports is ignored (a robot does not speak first).
   */
  private createReader(): PacketReader {
    const reader: PacketReader = new PacketReader(
      {
        packet: (payload) => {
          if (reader === this.reader) this.onPacket(payload);
        },
        readDone: (started) => {
          // Acknowledge once per read, as soon as a robot packet has begun to arrive: the robot's permission to send
          // is a flag, not a counter, and granting it early lets its next packet overlap with this one's transfer
          // (the flow-control rule only says the robot must have heard from us since its last send).
          if (started > 0 && reader === this.reader && this.currentState !== 'closing') this.acknowledge();
        },
        failed: (error) => {
          if (reader !== this.reader) return;
          if (error instanceof StreamError)
            this.reportError({ kind: 'framing', message: error.message, offset: error.offset, peer: this.peer });
          else this.reportError({ kind: 'socket', message: `receive failed: ${describe(error)}`, peer: this.peer });
          this.socket?.destroy();
        },
      },
      this.maxReceivePacketSize,
    );
    return reader;
  }

  private onPacket(payload: Uint8Array): void {
    // Only the robot's real packets are acknowledged by receive(); a heartbeat from the peer needs no answer (answering
    // heartbeats with heartbeats would ping-pong forever).
    if (payload.length === 0) return;
    this.stats.packetsReceived++;
    const parsed = parseExactQueue(payload);
    if (parsed.error) {
      this.reportError({
        kind: 'malformedQueue',
        message: `packet dropped: ${parsed.error.message}`,
        offset: parsed.error.offset,
        peer: this.peer,
      });
      return;
    }
    let messages = parsed.messages;
    const answerIndex = messages.findIndex((m) => readHandshakeReply(m) !== undefined);
    if (answerIndex >= 0) {
      if (this.currentState === 'handshaking') this.becomeReady(readHandshakeReply(messages[answerIndex]!)!);
      messages = messages.filter((_, i) => i !== answerIndex);
    }
    const ids = this.ids ?? new IdRenumbering(this.local, this.local);
    const waited = performance.now() - this.readyAt;
    if (!this.typeInfoKnown && this.currentState === 'ready' && waited > this.typeInfoTimeoutMs) {
      this.typeInfoKnown = true;
      const message = `no type info within ${this.typeInfoTimeoutMs} ms; data ids are matched by position`;
      this.reportError({ kind: 'handshake', message, peer: this.peer });
    }
    // One by one, in order: a TypeInfo changes how the data messages after it are numbered.
    const out: Message[] = [];
    for (const m of messages) {
      const id = ids.toLocal(m.id);
      if (id === undefined) {
        this.stats.messagesDroppedIncoming++;
        continue;
      }
      if (id === MessageID.idTypeInfo) this.learnIds(ids, m.payload);
      else if (!this.typeInfoKnown && isRepresentationData(id)) {
        this.stats.messagesBeforeTypeInfo++;
        continue;
      }
      out.push(id === m.id ? m : { id, payload: m.payload });
    }
    if (out.length > 0) this.events.emit('messages', out);
  }

  /** Takes the robot's data id names from the `MessageID` enum of its TypeInfo, when it has one. */
  private learnIds(ids: IdRenumbering, payload: Uint8Array): void {
    this.typeInfoKnown = true;
    try {
      const names = typeInfoFromBytes(payload).enums.get(MESSAGE_ID_ENUM);
      if (names) ids.useRemoteNames(names);
    } catch (error) {
      // The console reports a malformed TypeInfo; data ids then stay matched by position.
      const message = `type info unreadable, data ids are matched by position: ${describe(error)}`;
      this.reportError({ kind: 'malformedQueue', message, peer: this.peer });
    }
  }

  private becomeReady(remote: number): void {
    if (this.currentState !== 'handshaking') return;
    clearTimeout(this.handshakeTimer);
    this.ids = new IdRenumbering(remote, this.local);
    this.readyAt = performance.now();
    this.setState('ready', this.peer);
    this.events.emit('handshake', { remoteNumOfDataMessageIDs: remote, offset: this.ids.offset });
    this.settleConnect?.(true);
    this.settleConnect = undefined;
  }

  /** Answers a robot packet: with waiting messages if the link is ready, else with a heartbeat. */
  private acknowledge(): void {
    if (this.currentState === 'ready' && !this.pending.isEmpty) this.sendPending();
    else if (this.socket && !this.socket.destroyed) {
      this.socket.write(HEARTBEAT_PACKET);
      this.stats.heartbeatsSent++;
    }
  }

  /** Sends everything waiting as one queue in the robot's numbering. */
  private sendPending(): void {
    const queue = this.pending.take();
    if (!queue || !this.ids) return;
    const renumbered = this.ids.messagesToRemote(parseExactQueue(queue).messages);
    if (renumbered.dropped > 0) {
      this.stats.messagesDroppedOutgoing += renumbered.dropped;
      this.reportError({
        kind: 'outgoing',
        message: `${renumbered.dropped} message(s) have no id in the robot's numbering`,
        peer: this.peer,
      });
    }
    if (renumbered.messages.length > 0) this.write(serializeQueue(renumbered.messages));
  }

  private write(queue: Uint8Array): void {
    if (!this.socket || this.socket.destroyed) return;
    writePacket(this.socket, queue);
    this.stats.packetsSent++;
  }

  private lost(socket: Socket, reason: string): void {
    if (socket !== this.socket) return;
    this.socket = undefined;
    this.reader = undefined;
    clearTimeout(this.handshakeTimer);
    this.pending.clear();
    this.setState('disconnected', reason);
    this.settleConnect?.(false);
    this.settleConnect = undefined;
  }

  private setState(state: DebugLinkClientState, detail?: string): void {
    if (state === this.currentState) return;
    this.currentState = state;
    this.events.emit('state', { state, detail });
  }

  private reportError(error: DebugLinkError): void {
    this.events.emit('error', error);
  }
}

/** Data ids that carry robot data rather than framing (idFrameBegin/idFrameFinished) or infrastructure. */
function isRepresentationData(id: number): boolean {
  return id > MessageID.idFrameFinished && id < numOfDataMessageIDs;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
