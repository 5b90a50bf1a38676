import { OutBinary } from '../binary/OutBinary';
import { StreamError } from '../binary/StreamError';
import { payloadReader } from './payload';
import { decodeTextItems, encodeTextItems } from './textItems';

/** Bit 31 of the leading number marks the current format (no frame number follows). */
const CURRENT_FORMAT_BIT = 0x80000000;

/** Payload of idAnnotation (formats §3.6). */
export interface Annotation {
  /** The sending thread's running annotation counter (31 bits). */
  number: number;
  name: string;
  description: string;
  /** Only in the legacy format: the frame the annotation belongs to. */
  frame?: number;
}

/** Encodes the current format: `uint32 number|0x80000000`, then OutText `name description`. */
export function encodeAnnotation(annotation: Annotation): Uint8Array {
  const text = encodeTextItems([annotation.name, annotation.description]);
  const out = new OutBinary(4 + text.length);
  out.uint32((annotation.number & 0x7fffffff) | CURRENT_FORMAT_BIT);
  out.bytes(text);
  return out.toBytes();
}

/**
 * Decodes both formats: with bit 31 set the text follows the number; without it (legacy) a uint32 frame comes
 * first. The first text item is the name; the others, concatenated, the description.
 */
export function decodeAnnotation(payload: Uint8Array, baseOffset = 0): Annotation {
  const inp = payloadReader(payload, baseOffset);
  const head = inp.uint32();
  const legacy = (head & CURRENT_FORMAT_BIT) === 0;
  const frame = legacy ? inp.uint32() : undefined;
  const textAt = inp.offset;
  const items = decodeTextItems(inp.bytesView(inp.remaining), baseOffset + textAt);
  if (items.length === 0) throw new StreamError('annotation without a name', baseOffset + textAt);
  const annotation: Annotation = { number: head & 0x7fffffff, name: items[0]!, description: items.slice(1).join('') };
  if (frame !== undefined) annotation.frame = frame;
  return annotation;
}
