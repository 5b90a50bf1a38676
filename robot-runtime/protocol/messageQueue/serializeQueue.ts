import type { Message } from './Message';
import { QUEUE_HEADER_SIZE, checkMessage, messagesSize, writeMessage, writeQueueHeader } from './queueFormat';

/**
 * Serializes `messages` into one queue (header + messages) in a single allocation. Throws RangeError for an id
 * that is not a byte or a payload larger than 2^24-1 bytes: the caller built an impossible message.
 */
export function serializeQueue(messages: readonly Message[]): Uint8Array {
  for (const m of messages) checkMessage(m.id, m.payload.length);
  const size = messagesSize(messages);
  const bytes = new Uint8Array(QUEUE_HEADER_SIZE + size);
  writeQueueHeader(bytes, 0, size);
  let offset = QUEUE_HEADER_SIZE;
  for (const m of messages) offset = writeMessage(bytes, offset, m.id, m.payload);
  return bytes;
}

/**
 * Joins the message areas of several queues into one queue (the same messages in order), in one allocation.
 * `bodies` are message areas without their 8-byte headers.
 */
export function joinQueueBodies(bodies: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const b of bodies) size += b.length;
  const bytes = new Uint8Array(QUEUE_HEADER_SIZE + size);
  writeQueueHeader(bytes, 0, size);
  let offset = QUEUE_HEADER_SIZE;
  for (const b of bodies) {
    bytes.set(b, offset);
    offset += b.length;
  }
  return bytes;
}
