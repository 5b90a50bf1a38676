import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { parseExactQueue } from '@robot-runtime/protocol/messageQueue/parseQueue';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { OutgoingQueueBuffer } from '@robot-runtime/protocol/messageQueue/OutgoingQueueBuffer';
import { QUEUE_HEADER_SIZE } from '@robot-runtime/protocol/messageQueue/queueFormat';
import { serializeQueue } from '@robot-runtime/protocol/messageQueue/serializeQueue';
import { numOfDataMessageIDs } from '@robot-runtime/protocol/messages/MessageIDs';
import { handshakeReplyMessage, isHandshakeRequest } from '@robot-runtime/protocol/messages/debugLink/handshake';
import {
  DEBUG_LINK_PORT,
  MAX_RECEIVE_PACKET_SIZE,
  MAX_SEND_PACKET_SIZE,
} from '@robot-runtime/protocol/messages/debugLink/packets';
import type { DebugLinkError } from '../../node/debugLink/DebugLinkError';
import { Emitter } from '@robot-runtime/core/events/Emitter';
import { StreamError } from '@robot-runtime/protocol/binary';
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
  /**
   * Bytes the console's socket may hold unsent before the robot stops sending to it (back-pressure); default a
   * robot's send buffer, so at most two packets wait in the socket.
   */
  maxUnsentBytes?: number;
  /** A console that leaves the socket above maxUnsentBytes this long (ms) does not read and is dropped; default 10 s. */
  readStallTimeoutMs?: number;
  /**
   * How long (ms) the connected console has to answer the robot once a second client wants the link; only a
   * console that stays silent (gone without closing) is replaced. Default 2 s.
   */
  takeoverProbeMs?: number;
  /** How long (ms) a second client may wait to send its first packet before it is closed; default 5 s. */
  candidateTimeoutMs?: number;
}

/**
 * Clients that may wait for the link at once. More arrive than that only in a flood: the one that has waited longest
 * without answering the robot makes room, so silent or scripted clients cannot keep a console out.
 */
export const MAX_WAITING = 8;
/** Packets (and bytes) a waiting second client may send before the takeover is decided; more close it. */
const MAX_CANDIDATE_PACKETS = 16;
/** Bytes a waiting client may send in all, and so the largest packet it may announce (its partial packet's bound). */
export const MAX_CANDIDATE_BYTES = 1 << 20;

/**
 * The largest packet taken for an answer to a waiting client's probe: a console that waits has little to say (a
 * heartbeat, a few requests), while a script's large second packet, still arriving, would pass for one.
 */
const MAX_ANSWER_BYTES = 4096;
/** An empty queue: a real packet (not a heartbeat), which a console answers, so it proves the console is there. */
const PROBE_PAYLOAD = new Uint8Array(QUEUE_HEADER_SIZE);

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
  /** Set while the socket holds too much unsent data: fires when the console has not read it in time. */
  stallTimer?: NodeJS.Timeout;
  /** A second client waiting to take over: its packets so far, kept until the takeover is decided. */
  held?: Uint8Array[];
  heldBytes?: number;
  /** Closes a waiting second client that says nothing, or decides its takeover. */
  timer?: NodeJS.Timeout;
  /** The connected console has been asked for a sign of life on behalf of a waiting second client. */
  probed?: boolean;
  /** Reads from the socket so far: an answer comes in a later read than the packet it answers. */
  reads: number;
  /** The read in which a waiting client's first packet came and it was sent a probe, to see whether it answers. */
  probedInRead?: number;
  /** A waiting client answered its probe: it reads and replies, so it goes first when the link becomes free. */
  answered?: boolean;
}

/**
 * The robot's end of the debug link: a TCP server for one console at a time. A second client does not evict a
 * working console: it waits while the console is asked for a sign of life, and takes over only when none comes.
 * Waiting clients are probed too; one that answers like a console goes before one that does not.
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
  /** Clients waiting to take over, in arrival order (at most MAX_WAITING). */
  private readonly waiting: Connection[] = [];
  /** Decides a takeover once the console had its time to answer a probe. */
  private takeoverTimer: NodeJS.Timeout | undefined;

  constructor(options: DebugLinkServerOptions = {}) {
    this.options = {
      host: options.host ?? '0.0.0.0',
      port: options.port ?? DEBUG_LINK_PORT,
      numOfDataMessageIDs: options.numOfDataMessageIDs ?? numOfDataMessageIDs,
      maxReceivePacketSize: options.maxReceivePacketSize ?? MAX_RECEIVE_PACKET_SIZE,
      maxPendingBytes: options.maxPendingBytes ?? MAX_SEND_PACKET_SIZE - QUEUE_HEADER_SIZE,
      maxUnsentBytes: options.maxUnsentBytes ?? MAX_SEND_PACKET_SIZE,
      readStallTimeoutMs: options.readStallTimeoutMs ?? 10_000,
      takeoverProbeMs: options.takeoverProbeMs ?? 2000,
      candidateTimeoutMs: options.candidateTimeoutMs ?? 5000,
    };
    this.pending = new OutgoingQueueBuffer(this.options.maxPendingBytes);
    // Kept as a message area (no queue header) so it can lead the next coalesced packet.
    this.handshakeReply = serializeQueue([handshakeReplyMessage(this.options.numOfDataMessageIDs)]).subarray(
      QUEUE_HEADER_SIZE,
    );
    this.events = new Emitter<DebugLinkServerEvents>((error, event) => {
      if (event !== 'error')
        this.reportError({ kind: 'listener', message: `a '${String(event)}' listener threw: ${describe(error)}` });
    });
  }

  /** Adds an event listener; returns a function that removes it. */
  on<K extends keyof DebugLinkServerEvents>(
    event: K,
    listener: (payload: DebugLinkServerEvents[K]) => void,
  ): () => void {
    return this.events.on(event, listener);
  }

  /** True while a console is connected. */
  get isConnected(): boolean {
    return this.connection !== undefined;
  }

  /** Bytes waiting in the console's socket (written, not yet taken by the kernel); bounded by back-pressure. */
  get unsentBytes(): number {
    return this.connection?.socket.writableLength ?? 0;
  }

  /**
   * Receive buffers held for all clients (partial packets, and what waiting clients sent): at most
   * `maxReceivePacketSize` for the console plus MAX_CANDIDATE_BYTES twice for each of MAX_WAITING waiting clients
   * (their packet being read and the ones kept), plus 64 KiB of small read buffer per client.
   */
  get heldReceiveBytes(): number {
    let bytes = 0;
    for (const c of [...this.waiting, ...(this.connection ? [this.connection] : [])])
      bytes += c.reader.bufferedBytes + (c.heldBytes ?? 0);
    return bytes;
  }

  /** Message bytes waiting for permission to send. */
  get pendingBytes(): number {
    return this.pending.pendingBytes;
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
    clearTimeout(this.takeoverTimer);
    for (const waiting of [...this.waiting]) this.drop(waiting, 'server stopped');
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
      const why =
        refusal.reason === 'tooLarge'
          ? `${refusal.size} message bytes exceed the bound of ${this.pending.maxBytes}`
          : refusal.message;
      this.reportError({ kind: 'outgoing', message: `outgoing queue refused: ${why}`, peer: connection.peer });
      return false;
    }
    if (this.pending.droppedQueues > droppedBefore) {
      this.reportError({
        kind: 'outgoing',
        message: `dropped ${this.pending.droppedQueues - droppedBefore} waiting queue(s) to make room`,
        peer: connection.peer,
      });
    }
    this.flush(connection);
    return true;
  }

  private accept(socket: Socket): void {
    if (this.connection && this.waiting.length >= MAX_WAITING) {
      // A flood of connections costs little and evicts no console: the longest-waiting client that has not
      // answered makes room; when all that wait have answered, the newcomer is refused.
      const unproven = this.waiting.find((w) => !w.answered);
      if (unproven) this.drop(unproven, 'more clients wait than the robot keeps; this one had not answered');
      else {
        this.reportError({
          kind: 'socket',
          message: `refused a connection: a console is connected and ${MAX_WAITING} others wait`,
          peer: peerName(socket),
        });
        socket.on('error', () => {});
        socket.destroy();
        return;
      }
    }
    // The handlers run only once data arrives, after `connection` exists.
    const reader = new PacketReader(
      {
        packet: (payload) => {
          if (connection.held) this.holdCandidatePacket(connection, payload);
          else this.onPacket(connection, payload);
        },
        readDone: () => undefined,
        failed: (error) => this.failed(connection, error),
      },
      // A client that has to wait may not send more than MAX_CANDIDATE_BYTES in all, so it may not announce a
      // larger packet either: nine clients each reading a 64 MiB packet would hold 576 MiB.
      this.connection ? MAX_CANDIDATE_BYTES : this.options.maxReceivePacketSize,
    );
    const connection: Connection = {
      socket,
      peer: peerName(socket),
      reader,
      maySend: false,
      handshakePending: false,
      closed: false,
      reads: 0,
    };
    socket.on('data', (chunk: Buffer) => this.receive(connection, chunk));
    socket.on('error', (error) => this.reportError({ kind: 'socket', message: error.message, peer: connection.peer }));
    socket.on('close', () => this.drop(connection, 'connection closed'));
    socket.on('drain', () => this.drained(connection));
    if (this.connection) {
      connection.held = [];
      connection.heldBytes = 0;
      connection.timer = setTimeout(
        () => this.drop(connection, 'a console is connected; this client sent nothing'),
        this.options.candidateTimeoutMs,
      );
      this.waiting.push(connection);
      return;
    }
    this.promote(connection);
  }

  /** Makes `connection` the console (a first client, or a waiting one whose predecessor did not answer). */
  private promote(connection: Connection): void {
    clearTimeout(connection.timer);
    connection.timer = undefined;
    const held = connection.held ?? [];
    connection.held = undefined;
    removeFrom(this.waiting, connection);
    connection.reader.maxPacketSize = this.options.maxReceivePacketSize;
    this.connection = connection;
    this.events.emit('connect', { peer: connection.peer });
    for (const payload of held) this.onPacket(connection, payload);
    this.flush(connection);
    // Others that spoke still wait: the new console has to show it is there, or the next one takes over.
    if (!connection.closed && this.waiting.some((w) => w.held?.length)) this.probeConsole();
  }

  /** The waiting client that gets a free link: the first that answered like a console, else the first that spoke. */
  private nextInLine(): Connection | undefined {
    return this.waiting.find((w) => w.answered) ?? this.waiting.find((w) => w.held?.length);
  }

  /** A waiting client sent a packet: kept, and the console is asked whether it is still there. */
  private holdCandidatePacket(connection: Connection, payload: Uint8Array): void {
    const held = connection.held!;
    connection.heldBytes = (connection.heldBytes ?? 0) + payload.length;
    if (held.length >= MAX_CANDIDATE_PACKETS || connection.heldBytes > MAX_CANDIDATE_BYTES) {
      this.drop(connection, 'a console is connected; this client sent too much while waiting');
      return;
    }
    held.push(payload.slice());
    clearTimeout(connection.timer); // it spoke: the takeover decides now, not its silence
    connection.timer = undefined;
    if (held.length === 1) {
      // A console sends one packet and answers what it is sent; a script that only sends does not (its second
      // packet was on its way already), and it waits behind those that answer.
      connection.probedInRead = connection.reads;
      writePacketParts(connection.socket, PROBE_PAYLOAD.length, [PROBE_PAYLOAD]);
    } else if (held.length === 2)
      connection.answered = connection.reads > connection.probedInRead! && payload.length <= MAX_ANSWER_BYTES;
    if (!this.connection) {
      this.promote(connection);
      return;
    }
    this.probeConsole();
  }

  /** Asks the console for a sign of life on behalf of the waiting clients; a takeover follows if none comes. */
  private probeConsole(): void {
    const current = this.connection;
    if (!current || current.probed) return;
    current.probed = true;
    // A console answers every packet, so a probe shows whether it is there; one that owes an answer already
    // (it was sent something and has not replied yet) is given the same time.
    if (current.maySend) {
      current.maySend = false;
      writePacketParts(current.socket, PROBE_PAYLOAD.length, [PROBE_PAYLOAD]);
      this.stats.packetsSent++;
    }
    clearTimeout(this.takeoverTimer);
    this.takeoverTimer = setTimeout(() => {
      this.takeoverTimer = undefined;
      const silent = this.connection;
      if (silent?.probed) this.drop(silent, 'did not answer while another client waited; replaced');
      else if (!silent) this.promoteNext();
    }, this.options.takeoverProbeMs);
  }

  /** Gives a free link to the next waiting client in line, if one has spoken. */
  private promoteNext(): void {
    const next = this.connection ? undefined : this.nextInLine();
    if (next) this.promote(next);
  }

  /** The console showed a sign of life: waiting clients that asked for the link are turned away. */
  private heardFrom(connection: Connection): void {
    if (!connection.probed) return;
    connection.probed = false;
    clearTimeout(this.takeoverTimer);
    this.takeoverTimer = undefined;
    for (const waiting of [...this.waiting])
      if (waiting.held?.length) this.drop(waiting, 'another console is connected and answering');
  }

  private receive(connection: Connection, chunk: Uint8Array): void {
    if (connection.closed) return;
    connection.reads++;
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
    if (error instanceof StreamError)
      this.reportError({ kind: 'framing', message: error.message, offset: error.offset, peer: connection.peer });
    else this.reportError({ kind: 'socket', message: `receive failed: ${describe(error)}`, peer: connection.peer });
    this.drop(connection, error instanceof StreamError ? 'framing error' : 'internal error');
  }

  private onPacket(connection: Connection, payload: Uint8Array): void {
    if (connection.closed) return;
    connection.maySend = true;
    this.heardFrom(connection);
    if (payload.length === 0) {
      this.stats.heartbeatsReceived++;
      return;
    }
    this.stats.packetsReceived++;
    const parsed = parseExactQueue(payload);
    if (parsed.error) {
      const { message, offset } = parsed.error;
      this.reportError({
        kind: 'malformedQueue',
        message: `packet dropped: ${message}`,
        offset,
        peer: connection.peer,
      });
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
    if (connection.socket.writableLength > this.options.maxUnsentBytes) {
      // The console does not read what it was sent: nothing more goes out (what waits stays bounded by dropping
      // the oldest), and a console that keeps it that way is dropped.
      connection.stallTimer ??= setTimeout(
        () => this.drop(connection, 'the console does not read what it is sent'),
        this.options.readStallTimeoutMs,
      );
      return;
    }
    const queue = this.pending.takeParts(connection.handshakePending ? this.handshakeReply : undefined);
    if (!queue) return;
    connection.maySend = false;
    connection.handshakePending = false;
    writePacketParts(connection.socket, queue.size, queue.parts);
    this.stats.packetsSent++;
  }

  /** The socket took what waited: the console reads again. */
  private drained(connection: Connection): void {
    clearTimeout(connection.stallTimer);
    connection.stallTimer = undefined;
    this.flush(connection);
  }

  private drop(connection: Connection, reason: string): void {
    if (connection.closed) return;
    connection.closed = true;
    clearTimeout(connection.stallTimer);
    clearTimeout(connection.timer);
    connection.held = undefined;
    connection.socket.destroy();
    if (removeFrom(this.waiting, connection)) {
      this.reportError({ kind: 'socket', message: `closed a second client: ${reason}`, peer: connection.peer });
      return;
    }
    if (this.connection === connection) {
      this.connection = undefined;
      this.pending.clear(); // data was produced for this console's requests; a new console starts fresh
    }
    this.events.emit('disconnect', { peer: connection.peer, reason });
    // A client that waited and has spoken takes the free place at once.
    if (this.connection === undefined) {
      clearTimeout(this.takeoverTimer);
      this.takeoverTimer = undefined;
      this.promoteNext();
    }
  }

  private reportError(error: DebugLinkError): void {
    this.events.emit('error', error);
  }
}

/** Removes `item` from `list`; true if it was there. */
function removeFrom<T>(list: T[], item: T): boolean {
  const index = list.indexOf(item);
  if (index >= 0) list.splice(index, 1);
  return index >= 0;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
