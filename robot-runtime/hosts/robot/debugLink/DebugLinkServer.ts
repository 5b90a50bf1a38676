import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { parseExactQueue } from '../../../protocol/messageQueue/parseQueue';
import type { Message } from '../../../protocol/messageQueue/Message';
import { OutgoingQueueBuffer } from '../../../protocol/messageQueue/OutgoingQueueBuffer';
import { QUEUE_HEADER_SIZE } from '../../../protocol/messageQueue/queueFormat';
import { serializeQueue } from '../../../protocol/messageQueue/serializeQueue';
import { numOfDataMessageIDs } from '../../../protocol/messages/MessageIDs';
import { handshakeReplyMessage, isHandshakeRequest } from '../../../protocol/messages/debugLink/handshake';
import { DEBUG_LINK_PORT, MAX_RECEIVE_PACKET_SIZE, MAX_SEND_PACKET_SIZE } from '../../../protocol/messages/debugLink/packets';
import type { DebugLinkError } from '../../node/debugLink/DebugLinkError';
import { Emitter } from '../../../core/events/Emitter';
import { StreamError } from '../../../protocol/binary';
import { PacketReader } from '../../node/debugLink/PacketReader';
import { peerName, writePacketParts } from '../../node/debugLink/writePacket';

/** Configuration of a DebugLinkServer; every field has the robot's default. */
export interface DebugLinkServerOptions {
  /** Address to listen on; default all interfaces (a robot is reached over the network). */
  host?: string;
  /** TCP port; default 9999. Use 0 to let the OS choose (tests). */
  port?: number;
  /** The count announced in the handshake answer; default numOfDataMessageIDs (90). */
  numOfDataMessageIDs?: number;
  /** Largest packet accepted from the console; default 64 MiB. */
  maxReceivePacketSize?: number;
  /** Bound of outgoing message bytes waiting for permission to send; default a robot's send buffer. */
  maxPendingBytes?: number;
}

/** A console connection, for connect/disconnect events. */
export interface DebugLinkPeer {
  /** host:port of the console. */
  peer: string;
}

/** Events of a DebugLinkServer. */
export type DebugLinkServerEvents = {
  /** A console connected (any previous one was dropped first). */
  connect: DebugLinkPeer;
  /** The console went away, or was replaced by a new one. */
  disconnect: DebugLinkPeer & { reason: string };
  /** The console asked for our numbering; the answer goes out with the next packet. */
  handshake: DebugLinkPeer;
  /** A valid queue arrived: its bytes and its messages (views into `bytes`, handshake message removed). */
  queue: { readonly bytes: Uint8Array; readonly messages: Message[] };
  /** Something went wrong; the server keeps running. */
  error: DebugLinkError;
};

/** Counters for diagnostics and tests. */
export interface DebugLinkServerStats {
  packetsReceived: number;
  heartbeatsReceived: number;
  packetsSent: number;
}

/** One console connection and its flow-control state. */
interface Connection {
  socket: Socket;
  peer: string;
  reader: PacketReader;
  /** Something arrived since our last send, so we may send (the console paces the robot). */
  maySend: boolean;
  /** The console asked for the handshake answer and has not got it yet. */
  handshakePending: boolean;
  closed: boolean;
}

/**
 * The robot's end of the debug link: a TCP server for one console at a time (a new console replaces the old one).
 * The robot is the receiver of B-Human's handshake: it answers the console's id-0 request with its
 * numOfDataMessageIDs, and it sends only after it heard from the console since its last send. Queues handed to
 * `send` meanwhile are coalesced into the next packet, bounded by dropping the oldest. Consoles come and go without
 * affecting the robot; malformed input ends in an error event (and a closed connection if the framing is lost),
 * never in an exception.
 */
export class DebugLinkServer {
  /** Counters since start. */
  readonly stats: DebugLinkServerStats = { packetsReceived: 0, heartbeatsReceived: 0, packetsSent: 0 };
  private readonly events: Emitter<DebugLinkServerEvents>;
  private readonly options: Required<DebugLinkServerOptions>;
  private readonly pending: OutgoingQueueBuffer;
  private readonly handshakeReply: Uint8Array;
  private server: Server | undefined;
  private connection: Connection | undefined;

  constructor(options: DebugLinkServerOptions = {}) {
    this.options = {
      host: options.host ?? '0.0.0.0',
      port: options.port ?? DEBUG_LINK_PORT,
      numOfDataMessageIDs: options.numOfDataMessageIDs ?? numOfDataMessageIDs,
      maxReceivePacketSize: options.maxReceivePacketSize ?? MAX_RECEIVE_PACKET_SIZE,
      maxPendingBytes: options.maxPendingBytes ?? MAX_SEND_PACKET_SIZE - QUEUE_HEADER_SIZE,
    };
    this.pending = new OutgoingQueueBuffer(this.options.maxPendingBytes);
    // Kept as a message area (no queue header) so it can lead the next coalesced packet.
    this.handshakeReply = serializeQueue([handshakeReplyMessage(this.options.numOfDataMessageIDs)]).subarray(QUEUE_HEADER_SIZE);
    this.events = new Emitter<DebugLinkServerEvents>((error, event) => {
      if (event !== 'error') this.reportError({ kind: 'listener', message: `a '${String(event)}' listener threw: ${describe(error)}` });
    });
  }

  /** Adds an event listener; returns a function that removes it. */
  on<K extends keyof DebugLinkServerEvents>(event: K, listener: (payload: DebugLinkServerEvents[K]) => void): () => void {
    return this.events.on(event, listener);
  }

  /** True while a console is connected. */
  get isConnected(): boolean {
    return this.connection !== undefined;
  }

  /** Outgoing queues dropped so far (oldest dropped for room, or refused). */
  get droppedQueues(): number {
    return this.pending.droppedQueues;
  }

  /** Starts listening; resolves with the bound address (the port is useful when 0 was asked for). */
  start(): Promise<AddressInfo> {
    if (this.server) return Promise.reject(new Error('DebugLinkServer already started'));
    const server = createServer({ noDelay: true }, (socket) => this.accept(socket));
    this.server = server;
    return new Promise<AddressInfo>((resolve, reject) => {
      const onListenError = (error: Error) => {
        this.server = undefined;
        reject(error);
      };
      server.once('error', onListenError);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', onListenError);
        server.on('error', (error) => this.reportError({ kind: 'socket', message: `server: ${error.message}` }));
        resolve(server.address() as AddressInfo);
      });
    });
  }

  /** Stops listening and drops the console, if any. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (this.connection) this.drop(this.connection, 'server stopped');
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Hands a serialized queue to the link. It is sent with the next packet the console allows; returns false when
   * no console is connected (nobody asked for the data, so it is discarded) or the queue was refused. With `owned`
   * the caller hands the buffer over (it will not reuse it), which saves a copy.
   */
  send(queue: Uint8Array, owned = false): boolean {
    const connection = this.connection;
    if (!connection) return false;
    const droppedBefore = this.pending.droppedQueues;
    const refusal = this.pending.add(queue, owned);
    if (refusal) {
      const why = refusal.reason === 'tooLarge' ? `${refusal.size} message bytes exceed the bound of ${this.pending.maxBytes}` : refusal.message;
      this.reportError({ kind: 'outgoing', message: `outgoing queue refused: ${why}`, peer: connection.peer });
      return false;
    }
    if (this.pending.droppedQueues > droppedBefore) {
      this.reportError({ kind: 'outgoing', message: `dropped ${this.pending.droppedQueues - droppedBefore} waiting queue(s) to make room`, peer: connection.peer });
    }
    this.flush(connection);
    return true;
  }

  private accept(socket: Socket): void {
    if (this.connection) this.drop(this.connection, 'replaced by a new connection');
    // The handlers run only once data arrives, after `connection` exists.
    const reader = new PacketReader(
      {
        packet: (payload) => this.onPacket(connection, payload),
        readDone: () => undefined,
        failed: (error) => this.failed(connection, error),
      },
      this.options.maxReceivePacketSize,
    );
    const connection: Connection = { socket, peer: peerName(socket), reader, maySend: false, handshakePending: false, closed: false };
    this.connection = connection;
    socket.on('data', (chunk: Buffer) => this.receive(connection, chunk));
    socket.on('error', (error) => this.reportError({ kind: 'socket', message: error.message, peer: connection.peer }));
    socket.on('close', () => this.drop(connection, 'connection closed'));
    this.events.emit('connect', { peer: connection.peer });
  }

  private receive(connection: Connection, chunk: Uint8Array): void {
    if (connection.closed) return;
    try {
      connection.reader.push(chunk);
      if (!connection.closed) this.flush(connection);
    } catch (error) {
      // Defensive: nothing above should throw, but an exception here must not escape into the event loop.
      this.reportError({ kind: 'socket', message: `receive failed: ${describe(error)}`, peer: connection.peer });
      this.drop(connection, 'internal error');
    }
  }

  /** The stream became unreadable (a size field out of range) or handling a packet threw: the link is dropped. */
  private failed(connection: Connection, error: unknown): void {
    if (error instanceof StreamError) this.reportError({ kind: 'framing', message: error.message, offset: error.offset, peer: connection.peer });
    else this.reportError({ kind: 'socket', message: `receive failed: ${describe(error)}`, peer: connection.peer });
    this.drop(connection, error instanceof StreamError ? 'framing error' : 'internal error');
  }

  private onPacket(connection: Connection, payload: Uint8Array): void {
    if (connection.closed) return;
    connection.maySend = true;
    if (payload.length === 0) {
      this.stats.heartbeatsReceived++;
      return;
    }
    this.stats.packetsReceived++;
    const parsed = parseExactQueue(payload);
    if (parsed.error) {
      const { message, offset } = parsed.error;
      this.reportError({ kind: 'malformedQueue', message: `packet dropped: ${message}`, offset, peer: connection.peer });
      return;
    }
    const messages = parsed.messages.filter((m) => !isHandshakeRequest(m));
    if (messages.length < parsed.messages.length) {
      connection.handshakePending = true;
      this.events.emit('handshake', { peer: connection.peer });
    }
    if (messages.length > 0) this.events.emit('queue', { bytes: payload, messages });
  }

  /** Sends everything waiting (handshake answer first) if the console has allowed us to. */
  private flush(connection: Connection): void {
    if (connection.closed || !connection.maySend || this.connection !== connection) return;
    const queue = this.pending.takeParts(connection.handshakePending ? this.handshakeReply : undefined);
    if (!queue) return;
    connection.maySend = false;
    connection.handshakePending = false;
    writePacketParts(connection.socket, queue.size, queue.parts);
    this.stats.packetsSent++;
  }

  private drop(connection: Connection, reason: string): void {
    if (connection.closed) return;
    connection.closed = true;
    connection.socket.destroy();
    if (this.connection === connection) {
      this.connection = undefined;
      this.pending.clear(); // data was produced for this console's requests; a new console starts fresh
    }
    this.events.emit('disconnect', { peer: connection.peer, reason });
  }

  private reportError(error: DebugLinkError): void {
    this.events.emit('error', error);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
