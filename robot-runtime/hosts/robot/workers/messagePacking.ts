/**
 * @file Debug messages cross the worker boundary as one transferred ArrayBuffer per batch (never copied,
 * never JSON): uint32 count, then per message uint32 id, uint32 size and the payload.
 */
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';

/** Packs `messages` into one buffer that can be transferred with postMessage. */
export function packMessages(messages: readonly Message[]): ArrayBuffer {
  let size = 4;
  for (const m of messages) size += 8 + m.payload.length;
  const buffer = new ArrayBuffer(size);
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  view.setUint32(0, messages.length, true);
  let offset = 4;
  for (const m of messages) {
    view.setUint32(offset, m.id, true);
    view.setUint32(offset + 4, m.payload.length, true);
    bytes.set(m.payload, offset + 8);
    offset += 8 + m.payload.length;
  }
  return buffer;
}

/** The messages of a packed buffer; payloads are views into it. Throws on a malformed buffer. */
export function unpackMessages(buffer: ArrayBuffer): Message[] {
  const view = new DataView(buffer);
  const count = view.getUint32(0, true);
  if (count > (buffer.byteLength - 4) / 8) throw new RangeError(`packed messages: count ${count} exceeds the buffer`);
  const out: Message[] = [];
  let offset = 4;
  for (let i = 0; i < count; i++) {
    const id = view.getUint32(offset, true);
    const size = view.getUint32(offset + 4, true);
    if (offset + 8 + size > buffer.byteLength) throw new RangeError('packed messages: truncated payload');
    out.push({ id, payload: new Uint8Array(buffer, offset + 8, size) });
    offset += 8 + size;
  }
  return out;
}
