import type { OutBinary } from '../binary';
import { MessageID } from '../messages/MessageIDs';
import { BoundedOutBinary, WriteLimitReached } from './BoundedOutBinary';
import type { Message } from './Message';
import { iterateQueue } from './parseQueue';
import {
  MAX_MESSAGE_PAYLOAD_SIZE,
  MESSAGE_HEADER_SIZE,
  QUEUE_HEADER_SIZE,
  checkMessage,
  messageHeaderWord,
  writeQueueHeader,
} from './queueFormat';

/**
 * Default capacity: what a robot's debug queue may hold so that one queue fits the robot's 6,000,000-byte send
 * buffer with room to spare (formats §2.1).
 */
export const DEFAULT_QUEUE_CAPACITY = 6_000_000 - 2000;

/** Why the last append was refused. */
export type DropReason = 'full' | 'tooLarge' | 'frameDropped';

interface OpenFrame {
  thread: string;
  /** Write position before idFrameBegin, for rollback. */
  start: number;
  /** Message count before idFrameBegin, for rollback. */
  count: number;
  /** Write position after idFrameBegin: nothing was added if it is still here at finish. */
  afterBegin: number;
  /** The frame could not begin (queue full): its messages are refused until finishFrame. */
  dropping: boolean;
}

const encoder = new TextEncoder();

/** Size of an idFrameBegin/idFrameFinished message for `thread` (header + uint32 length + UTF-8 bytes). */
function frameMessageSize(thread: string): number {
  return MESSAGE_HEADER_SIZE + 4 + encoder.encode(thread).length;
}

/**
 * An append-only message queue in B-Human's wire layout, stored already serialized so that sending or logging it
 * is one view of one buffer. The capacity bounds the message bytes (the header's size field); an append that would
 * pass it is refused and counted, the queue never grows past it. Frames (beginFrame/finishFrame) reserve room for
 * their closing message up front, so a full queue still yields well-formed frames.
 */
export class MessageQueue {
  /** Maximum message bytes (excluding the 8-byte queue header). */
  readonly capacity: number;
  /** Messages refused since construction (full, too large, or inside a frame that could not begin). */
  droppedMessages = 0;
  /** Why the most recent refusal happened. */
  lastDropReason: DropReason | undefined;

  private readonly out: BoundedOutBinary;
  private count = 0;
  private frame: OpenFrame | undefined;

  constructor(capacity = DEFAULT_QUEUE_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`invalid queue capacity ${capacity}`);
    this.capacity = capacity;
    this.out = new BoundedOutBinary(QUEUE_HEADER_SIZE + capacity, Math.min(QUEUE_HEADER_SIZE + capacity, 4096));
    this.clear();
  }

  /** Bytes of all messages (what the header's size field will say). */
  get size(): number {
    return this.out.length - QUEUE_HEADER_SIZE;
  }

  /** Number of messages in the queue. */
  get messageCount(): number {
    return this.count;
  }

  /** True when the queue holds no messages. */
  get isEmpty(): boolean {
    return this.count === 0;
  }

  /** The thread whose frame is open, or undefined between frames. */
  get openFrameThread(): string | undefined {
    return this.frame?.thread;
  }

  /** Removes all messages (and any open frame); keeps the allocated buffer for reuse. */
  clear(): void {
    this.out.limit = QUEUE_HEADER_SIZE + this.capacity;
    this.out.reset();
    this.out.uint32(0); // header placeholder, patched by bytes()
    this.out.uint32(0);
    this.count = 0;
    this.frame = undefined;
  }

  /** Appends a message with a copy of `payload`. Returns false (and counts the drop) if it does not fit. */
  append(id: number, payload: Uint8Array): boolean {
    checkMessage(id, 0);
    if (this.frame?.dropping) return this.drop('frameDropped');
    if (payload.length > MAX_MESSAGE_PAYLOAD_SIZE) return this.drop('tooLarge');
    if (this.out.length + MESSAGE_HEADER_SIZE + payload.length > this.out.limit) return this.drop('full');
    this.out.uint32(messageHeaderWord(id, payload.length));
    this.out.bytes(payload);
    this.count++;
    return true;
  }

  /**
   * Appends a message whose payload `fill` writes straight into the queue's buffer (no intermediate copy). `fill`
   * must only append to `out`. If it writes past the capacity or more than 2^24-1 bytes, the message is rolled back
   * and false is returned; other exceptions roll back too and propagate.
   */
  write(id: number, fill: (out: OutBinary) => void): boolean {
    checkMessage(id, 0);
    if (this.frame?.dropping) return this.drop('frameDropped');
    const start = this.out.length;
    try {
      this.out.uint32(0);
      fill(this.out);
    } catch (error) {
      this.out.length = start;
      if (error instanceof WriteLimitReached) return this.drop('full');
      throw error;
    }
    const payloadSize = this.out.length - start - MESSAGE_HEADER_SIZE;
    if (payloadSize > MAX_MESSAGE_PAYLOAD_SIZE) {
      this.out.length = start;
      return this.drop('tooLarge');
    }
    this.out.patchUint32(start, messageHeaderWord(id, payloadSize));
    this.count++;
    return true;
  }

  /**
   * Starts a frame of `thread`: appends idFrameBegin(thread) and reserves room for idFrameFinished. Returns false
   * when the queue is too full; the frame's messages are then refused until finishFrame. Frames do not nest.
   */
  beginFrame(thread: string): boolean {
    if (this.frame) throw new Error(`beginFrame('${thread}') while the frame of '${this.frame.thread}' is open`);
    const start = this.out.length;
    const reserve = frameMessageSize(thread);
    const fits = start + 2 * reserve <= this.out.limit;
    this.frame = { thread, start, count: this.count, afterBegin: start, dropping: !fits };
    if (!fits) return this.drop('full');
    this.appendString(MessageID.idFrameBegin, thread);
    this.frame.afterBegin = this.out.length;
    this.out.limit -= reserve;
    return true;
  }

  /**
   * Ends the frame of `thread`. A frame in which nothing was appended is rolled back (no empty frames reach logs
   * or the wire); otherwise idFrameFinished(thread) is appended into the reserved room. Returns true if the frame
   * was kept.
   */
  finishFrame(thread: string): boolean {
    const frame = this.frame;
    if (!frame) throw new Error(`finishFrame('${thread}') without an open frame`);
    if (frame.thread !== thread)
      throw new Error(`finishFrame('${thread}') while the frame of '${frame.thread}' is open`);
    this.frame = undefined;
    this.out.limit = QUEUE_HEADER_SIZE + this.capacity;
    if (frame.dropping) return false;
    if (this.out.length === frame.afterBegin) {
      this.out.length = frame.start;
      this.count = frame.count;
      return false;
    }
    this.appendString(MessageID.idFrameFinished, thread);
    return true;
  }

  /** The serialized queue (header + messages) as a view of the internal buffer, valid until the next change. */
  bytes(): Uint8Array {
    const view = this.out.view8();
    writeQueueHeader(view, 0, this.size);
    return view;
  }

  /** A copy of the serialized queue. */
  toBytes(): Uint8Array {
    return this.bytes().slice();
  }

  /** The messages in order; payloads are views valid until the next change. */
  messages(): IterableIterator<Message> {
    return iterateQueue(this.bytes());
  }

  private appendString(id: number, text: string): void {
    this.write(id, (out) => out.string(text));
  }

  private drop(reason: DropReason): false {
    this.droppedMessages++;
    this.lastDropReason = reason;
    return false;
  }
}
