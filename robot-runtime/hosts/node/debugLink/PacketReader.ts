import type { OnReadOpts } from 'node:net';
import { StreamError } from '@robot-runtime/protocol/binary';
import {
  MAX_RECEIVE_PACKET_SIZE,
  MAX_SEND_PACKET_SIZE,
  PACKET_HEADER_SIZE,
} from '@robot-runtime/protocol/messages/debugLink/packets';

/** What a PacketReader reports. */
export interface PacketReaderHandlers {
  /** A whole packet (empty: a heartbeat). The payload is given away: the reader never writes into it again. */
  packet(payload: Uint8Array): void;
  /** One socket read was handled; `started` counts the non-empty packets whose size field it completed. */
  readDone(started: number): void;
  /** The stream became unreadable (a size field out of range) or a handler threw; nothing is reported after this. */
  failed(error: unknown): void;
}

/** Bytes of the buffer that size fields and small packets are read into. */
const SMALL_READ_BYTES = 64 * 1024;
/** With less room than this left in the small-read buffer, reading continues in a fresh one. */
const MIN_SMALL_READ_ROOM = 4 * 1024;
/**
 * A packet up to this size gets its whole buffer once its size field is read. Larger ones (only a misbehaving or
 * future robot sends them) grow as their data arrives, so a lying size field cannot make us allocate far ahead.
 */
const DEFAULT_EAGER_PACKET_BYTES = 2 * MAX_SEND_PACKET_SIZE;

/**
 * The debug link's one packet framer, used by both ends. Splits a socket's byte stream into length-prefixed
 * packets, reading straight into the memory the packets are delivered in (Node's `onread` option; a server's
 * accepted sockets, which cannot be given one, feed their 'data' chunks to `push`). A large packet (a camera image) is written once, by the kernel, into a
 * buffer of its own size, in reads as large as the socket allows; with 'data' events it would arrive as 64 KiB
 * chunks to be joined, a second copy of every byte. Reads never cross the end of a large packet. Size fields and
 * small packets share a small buffer that is only ever appended to, since views into it are handed out.
 */
export class PacketReader {
  /** Pass as the socket's `onread` option (only possible when the socket is created). */
  readonly onread: OnReadOpts;
  private failure = false;
  /** Bytes consumed so far; error offsets are positions in the whole stream. */
  private streamOffset = 0;
  private small = allocate(SMALL_READ_BYTES);
  /** Bytes read into `small`, and how many of them were consumed. */
  private smallFilled = 0;
  private smallConsumed = 0;
  /** Payload size of the packet being read, or -1 while its size field is incomplete. */
  private expected = -1;
  /** Non-empty packets whose size field the current read completed. */
  private started = 0;
  /** The buffer a large packet is read into, and its bytes so far; undefined while reading into `small`. */
  private large: Uint8Array | undefined;
  private largeFilled = 0;

  /**
   * @param maxPacketSize the largest packet accepted; may be changed later (e.g. raised when a waiting client
   *   becomes the console), which applies from the next size field on.
   */
  constructor(
    private readonly handlers: PacketReaderHandlers,
    public maxPacketSize = MAX_RECEIVE_PACKET_SIZE,
    private readonly eagerPacketBytes = DEFAULT_EAGER_PACKET_BYTES,
  ) {
    this.onread = { buffer: () => this.readTarget(), callback: (bytesRead) => this.consume(bytesRead) };
  }

  /**
   * Consumes bytes that arrived as a 'data' chunk: they are copied into the read targets as if read there, so
   * framing, limits and errors are the same as with `onread`.
   */
  push(chunk: Uint8Array): void {
    let offset = 0;
    while (offset < chunk.length && !this.failure) {
      const target = this.readTarget();
      const n = Math.min(target.length, chunk.length - offset);
      if (n === 0) break; // cannot happen: a target always has room; never spin
      target.set(chunk.subarray(offset, offset + n));
      offset += n;
      this.consume(n);
    }
  }

  /** Bytes of receive buffers this reader holds: the small buffer and a partly read large packet. */
  get bufferedBytes(): number {
    return this.small.length + (this.large?.length ?? 0);
  }

  /** Where the next read goes: the rest of the large packet, or the free part of the small buffer. */
  private readTarget(): Uint8Array {
    return this.large ? this.large.subarray(this.largeFilled) : this.small.subarray(this.smallFilled);
  }

  /** Handles `bytesRead` bytes just written into the last read target. */
  private consume(bytesRead: number): boolean {
    if (this.failure) return true;
    try {
      this.started = 0;
      if (this.large) this.consumeLarge(bytesRead);
      else this.consumeSmall(bytesRead);
      this.handlers.readDone(this.started);
    } catch (error) {
      // Nothing may escape into Node's read path, where it would be an uncaught exception.
      this.failure = true;
      this.handlers.failed(error);
    }
    return true;
  }

  private consumeLarge(bytesRead: number): void {
    const large = this.large!;
    this.largeFilled += bytesRead;
    if (this.largeFilled < large.length) return;
    if (large.length < this.expected) {
      this.large = allocate(Math.min(this.expected, 2 * large.length));
      this.large.set(large);
      return;
    }
    this.large = undefined;
    if (this.small.length - this.smallFilled < MIN_SMALL_READ_ROOM) this.continueInFreshSmallBuffer();
    this.finishPacket(large);
  }

  private consumeSmall(bytesRead: number): void {
    this.smallFilled += bytesRead;
    for (;;) {
      const available = this.smallFilled - this.smallConsumed;
      if (this.expected < 0) {
        if (available < PACKET_HEADER_SIZE) break;
        this.readSizeField();
      } else if (available >= this.expected) {
        const payload = this.small.subarray(this.smallConsumed, this.smallConsumed + this.expected);
        this.smallConsumed += this.expected;
        this.finishPacket(payload);
      } else break;
    }
    if (this.expected >= 0 && this.smallConsumed + this.expected > this.small.length) this.continueInLargeBuffer();
    else if (this.small.length - this.smallFilled < MIN_SMALL_READ_ROOM) this.continueInFreshSmallBuffer();
  }

  /** Reads the size field at the consumed position of `small`; throws when the stream cannot be re-synchronised. */
  private readSizeField(): void {
    const size = new DataView(
      this.small.buffer,
      this.small.byteOffset + this.smallConsumed,
      PACKET_HEADER_SIZE,
    ).getInt32(0, true);
    if (size < 0 || size > this.maxPacketSize)
      throw new StreamError(`packet size ${size} outside 0..${this.maxPacketSize}`, this.streamOffset);
    this.smallConsumed += PACKET_HEADER_SIZE;
    this.streamOffset += PACKET_HEADER_SIZE;
    this.expected = size;
    if (size > 0) this.started++;
  }

  /** The packet being read does not fit into `small`: move what arrived of it into a buffer of its own. */
  private continueInLargeBuffer(): void {
    const arrived = this.small.subarray(this.smallConsumed, this.smallFilled);
    this.large = allocate(Math.min(this.expected, Math.max(this.eagerPacketBytes, arrived.length)));
    this.large.set(arrived);
    this.largeFilled = arrived.length;
    this.smallConsumed = this.smallFilled;
  }

  /** Continues in a fresh small buffer, taking along the unconsumed rest (part of a size field or small packet). */
  private continueInFreshSmallBuffer(): void {
    const rest = this.small.subarray(this.smallConsumed, this.smallFilled);
    this.small = allocate(SMALL_READ_BYTES);
    this.small.set(rest);
    this.smallFilled = rest.length;
    this.smallConsumed = 0;
  }

  private finishPacket(payload: Uint8Array): void {
    this.streamOffset += this.expected;
    this.expected = -1;
    this.handlers.packet(payload);
  }
}

/**
 * Memory for received bytes. Uninitialised, as every byte handed out was written by a read first; a plain
 * Uint8Array rather than a Buffer, whose `slice` would make a view where listeners expect a copy.
 */
function allocate(size: number): Uint8Array {
  const buffer = Buffer.allocUnsafeSlow(size);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, size);
}
