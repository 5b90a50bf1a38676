import type { Message } from '../../messageQueue/Message';
import { serializeQueue } from '../../messageQueue/serializeQueue';
import { MessageID, numOfDataMessageIDs } from '../MessageIDs';
import { encodePacket } from './packets';

/**
 * The debug-link handshake (formats §2.1). The console's first packet is a queue with one empty message of id 0;
 * the robot answers with a message of id 0 whose single payload byte is its numOfDataMessageIDs, from which the
 * console derives how to renumber infrastructure ids.
 */

/** The console's handshake queue: one empty message with id 0. */
export function handshakeRequestQueue(): Uint8Array {
  return serializeQueue([{ id: MessageID.idNumOfDataMessageIDs, payload: new Uint8Array(0) }]);
}

/** The console's complete first packet (length prefix + handshake queue), 16 bytes. */
export function handshakeRequestPacket(): Uint8Array {
  return encodePacket(handshakeRequestQueue());
}

/** True for the message that asks the robot for its numbering. */
export function isHandshakeRequest(message: Message): boolean {
  return message.id === MessageID.idNumOfDataMessageIDs && message.payload.length === 0;
}

/** The robot's answer as a message: id 0 with one byte, `count` data ids (0..255). */
export function handshakeReplyMessage(count = numOfDataMessageIDs): Message {
  if (!Number.isInteger(count) || count < 0 || count > 255)
    throw new RangeError(`numOfDataMessageIDs ${count} is not a byte`);
  return { id: MessageID.idNumOfDataMessageIDs, payload: Uint8Array.of(count) };
}

/** The remote's numOfDataMessageIDs if `message` is a handshake answer, else undefined. */
export function readHandshakeReply(message: Message): number | undefined {
  return message.id === MessageID.idNumOfDataMessageIDs && message.payload.length === 1
    ? message.payload[0]
    : undefined;
}
