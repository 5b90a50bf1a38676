import { StreamError } from '../binary';
import type { Message } from './Message';

/** Bytes of the queue header: uint32 sizeLow, then uint32 (messages: bits 0-27, sizeHigh: bits 28-31). */
export const QUEUE_HEADER_SIZE = 8;

/** Bytes of a message header: uint8 id, then the payload size as 24-bit little-endian. */
export const MESSAGE_HEADER_SIZE = 4;

/** Largest payload a 24-bit size field can describe. */
export const MAX_MESSAGE_PAYLOAD_SIZE = 0xffffff;

/** The `messages` field value that means "size unknown, read to the end" (robot logs being written). */
export const SIZE_UNKNOWN_MESSAGES = 0x0fffffff;

/** Largest body size the header can describe (36 bits). */
export const MAX_QUEUE_BODY_SIZE = 2 ** 36 - 1;

/** What a queue header says. `size` is undefined for the "size unknown" marker. */
export interface QueueHeader {
  size: number | undefined;
  /** The raw `messages` field: 0 in current writers, a count in some older ones; informational only. */
  messages: number;
}

/** Writes a queue header describing `size` body bytes at `offset` of `target` (messages written as 0). */
export function writeQueueHeader(target: Uint8Array, offset: number, size: number): void {
  const view = new DataView(target.buffer, target.byteOffset + offset, QUEUE_HEADER_SIZE);
  const high = Math.floor(size / 2 ** 32);
  view.setUint32(0, size >>> 0, true);
  view.setUint32(4, (high << 28) >>> 0, true);
}

/** Reads the queue header at `offset`; throws StreamError (offset + baseOffset) when fewer than 8 bytes remain. */
export function readQueueHeader(bytes: Uint8Array, offset = 0, baseOffset = 0): QueueHeader {
  if (bytes.length - offset < QUEUE_HEADER_SIZE) {
    throw new StreamError(
      `truncated queue header: need ${QUEUE_HEADER_SIZE} bytes, ${Math.max(0, bytes.length - offset)} left`,
      baseOffset + offset,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, QUEUE_HEADER_SIZE);
  const low = view.getUint32(0, true);
  const word = view.getUint32(4, true);
  const messages = word & SIZE_UNKNOWN_MESSAGES;
  if (messages === SIZE_UNKNOWN_MESSAGES) return { size: undefined, messages };
  return { size: (word >>> 28) * 2 ** 32 + low, messages };
}

/** The little-endian uint32 value of a message header (id in byte 0, size in bytes 1-3). */
export function messageHeaderWord(id: number, payloadSize: number): number {
  return (id | (payloadSize << 8)) >>> 0;
}

/** Bytes `messages` take in a queue or frame: each one's header and payload. */
export function messagesSize(messages: readonly Message[]): number {
  let size = 0;
  for (const m of messages) size += MESSAGE_HEADER_SIZE + m.payload.length;
  return size;
}

/**
 * Writes message `id` with `payload` at `offset` of `target` (the header as messageHeaderWord's little-endian
 * bytes, then the payload); returns the offset after it. The caller made room (see messagesSize).
 */
export function writeMessage(target: Uint8Array, offset: number, id: number, payload: Uint8Array): number {
  const size = payload.length;
  target[offset] = id;
  target[offset + 1] = size & 0xff;
  target[offset + 2] = (size >>> 8) & 0xff;
  target[offset + 3] = (size >>> 16) & 0xff;
  target.set(payload, offset + MESSAGE_HEADER_SIZE);
  return offset + MESSAGE_HEADER_SIZE + size;
}

/**
 * Throws RangeError for a message no queue can hold: an id that is not a byte, or a payload larger than the 24-bit
 * size field (pass 0 when the size is not known yet). Such a message is the caller's bug, not bad input.
 */
export function checkMessage(id: number, payloadSize: number): void {
  if (!Number.isInteger(id) || id < 0 || id > 255) throw new RangeError(`message id ${id} is not a byte`);
  if (payloadSize > MAX_MESSAGE_PAYLOAD_SIZE)
    throw new RangeError(`message id ${id}: payload of ${payloadSize} bytes exceeds 2^24-1`);
}
