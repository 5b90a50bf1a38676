import { parseExactQueue } from './parseQueue';
import { QUEUE_HEADER_SIZE, writeQueueHeader } from './queueFormat';
import { joinQueueBodies } from './serializeQueue';

/** A queue as parts to be written one after another (no joined copy): a fresh queue header, then message areas. */
export interface QueueParts {
  /** Total bytes of all parts. */
  size: number;
  parts: Uint8Array[];
}

/** Why OutgoingQueueBuffer.add refused a queue. */
export type AddRefusal = { reason: 'malformed'; message: string } | { reason: 'tooLarge'; size: number };

/**
 * Serialized queues waiting for a chance to be sent (the debug link may only send when the other side allows it).
 * Waiting queues are coalesced into one queue when taken. Memory is bounded by `maxBytes` of message data: when a
 * new queue does not fit, the oldest waiting queues are dropped (newest data wins) and counted.
 */
export class OutgoingQueueBuffer {
  /** Queues dropped to make room, or refused as malformed or larger than the bound. */
  droppedQueues = 0;
  /** Copies of the waiting queues, headers included, so a lone queue can be sent as it is. */
  private queues: Uint8Array[] = [];
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** Message bytes currently waiting. */
  get pendingBytes(): number {
    return this.bytes;
  }

  /** True when nothing waits. */
  get isEmpty(): boolean {
    return this.queues.length === 0;
  }

  /**
   * Adds a serialized queue. It is copied unless `owned` says the caller hands the buffer over and will not reuse
   * it (serializeQueue's output, for example). Returns undefined on success, or why it was refused: a malformed
   * queue, or one larger than the whole bound. Empty queues are accepted and ignored.
   */
  add(queue: Uint8Array, owned = false): AddRefusal | undefined {
    const parsed = parseExactQueue(queue);
    if (parsed.error) {
      this.droppedQueues++;
      return { reason: 'malformed', message: parsed.error.message };
    }
    const size = queue.length - QUEUE_HEADER_SIZE;
    if (size > this.maxBytes) {
      this.droppedQueues++;
      return { reason: 'tooLarge', size };
    }
    if (size === 0) return undefined;
    while (this.bytes + size > this.maxBytes) {
      this.bytes -= this.queues.shift()!.length - QUEUE_HEADER_SIZE;
      this.droppedQueues++;
    }
    this.queues.push(owned ? queue : queue.slice());
    this.bytes += size;
    return undefined;
  }

  /**
   * Removes and returns everything waiting as one serialized queue, preceded by the messages of `first` (a message
   * area without header, e.g. a handshake answer that must be sent first). Returns undefined when nothing waits
   * and `first` is empty.
   */
  take(first?: Uint8Array): Uint8Array | undefined {
    if (this.queues.length === 0 && !first?.length) return undefined;
    // The common case, one queue and nothing to put first, needs no second copy.
    const queue =
      this.queues.length === 1 && !first?.length ? this.queues[0]! : joinQueueBodies(this.bodiesAfter(first));
    this.clear();
    return queue;
  }

  /**
   * Like `take`, but as parts for a gathered write: the waiting data is not copied into one buffer, which matters
   * for megabytes of camera images per packet.
   */
  takeParts(first?: Uint8Array): QueueParts | undefined {
    if (this.queues.length === 0 && !first?.length) return undefined;
    const bodies = this.bodiesAfter(first);
    this.clear();
    let size = 0;
    for (const b of bodies) size += b.length;
    const header = new Uint8Array(QUEUE_HEADER_SIZE);
    writeQueueHeader(header, 0, size);
    return { size: QUEUE_HEADER_SIZE + size, parts: [header, ...bodies] };
  }

  /** Drops everything waiting without counting it (the link went away). */
  clear(): void {
    this.queues = [];
    this.bytes = 0;
  }

  private bodiesAfter(first: Uint8Array | undefined): Uint8Array[] {
    const bodies = this.queues.map((q) => q.subarray(QUEUE_HEADER_SIZE));
    return first?.length ? [first, ...bodies] : bodies;
  }
}
