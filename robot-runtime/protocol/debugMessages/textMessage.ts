import { decodeTextItems, encodeTextItems } from './textItems';

/**
 * Encodes an idText payload (OUTPUT_TEXT): OutText of the message as one item, so spaces and newlines survive.
 */
export function encodeTextMessage(text: string): Uint8Array {
  return encodeTextItems([text]);
}

/**
 * Decodes an idText payload. B-Human senders may stream several items (`"i: " << i`); they are concatenated with
 * quotes removed, which restores what the sender's expression printed.
 */
export function decodeTextMessage(payload: Uint8Array, baseOffset = 0): string {
  return decodeTextItems(payload, baseOffset).join('');
}
