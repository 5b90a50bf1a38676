import type { InBinary } from '../binary/InBinary';
import { OutBinary } from '../binary/OutBinary';
import { LogChunk } from './chunks';

/** Writes the message-ids chunk: id 2, uint8 count, then the names in id order. */
export function writeMessageIdsChunk(out: OutBinary, names: readonly string[]): void {
  if (names.length > 255) throw new RangeError(`${names.length} message id names do not fit the chunk's uint8 count`);
  out.uint8(LogChunk.messageIds);
  out.uint8(names.length);
  for (const name of names) out.string(name);
}

/** The message-ids chunk as bytes (chunk id included). */
export function messageIdsChunkBytes(names: readonly string[]): Uint8Array {
  const out = new OutBinary(16 * names.length + 2);
  writeMessageIdsChunk(out, names);
  return out.toBytes();
}

/** Reads the body of a message-ids chunk (after its id byte): the names as numbered in the log. */
export function readMessageIdsChunk(inp: InBinary): string[] {
  const n = inp.uint8();
  inp.need(n * 4, 'message id names');
  const names: string[] = [];
  for (let i = 0; i < n; i++) names.push(inp.string());
  return names;
}
