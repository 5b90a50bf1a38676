/**
 * @file Writing logs in the chunk order B-Human's console saves them (formats §3.1): settings, message ids, type
 * info, the uncompressed queue, the index. The pieces are separate so that a host can stream a large log to disk
 * (header, frames, then patch the queue size and append the index) and the robot can write an open-ended one
 * (queue header "size unknown").
 */
import { OutBinary } from '../binary/OutBinary';
import type { Message } from '../messageQueue/Message';
import {
  MESSAGE_HEADER_SIZE,
  QUEUE_HEADER_SIZE,
  SIZE_UNKNOWN_MESSAGES,
  messageHeaderWord,
  messagesSize,
  writeQueueHeader,
} from '../messageQueue/queueFormat';
import { MessageID } from '../messages/MessageIDs';
import { LogChunk } from './chunks';
import { IndexBuilder } from './IndexBuilder';
import { writeIndexChunk, type LogIndex } from './logIndex';
import { writeMessageIdsChunk } from './messageIdsChunk';
import { writeSettingsChunk, type LogSettings } from './settingsChunk';

/** What goes before the data. */
export interface LogHeaderSpec {
  settings?: LogSettings;
  /** Message id names as numbered in the data (our table's names by default). */
  idNames: readonly string[];
  /** Serialized TypeInfo (omitted: no type info chunk). */
  typeInfo?: Uint8Array;
  /** Write the robot's "size unknown" queue header (a log appended to until it is closed). */
  sizeUnknown?: boolean;
}

/**
 * The bytes from the first chunk through the uncompressed chunk's queue header. The header says "size unknown"
 * or 0; patch it with `queueHeaderBytes(size)` at `length - 8` once the size is known.
 */
export function logHeaderBytes(spec: LogHeaderSpec): Uint8Array {
  const out = new OutBinary(1024 + (spec.typeInfo?.length ?? 0));
  if (spec.settings) writeSettingsChunk(out, spec.settings);
  writeMessageIdsChunk(out, spec.idNames);
  if (spec.typeInfo) {
    out.uint8(LogChunk.typeInfo);
    out.bytes(spec.typeInfo);
  }
  out.uint8(LogChunk.uncompressed);
  if (spec.sizeUnknown) {
    out.uint32(0xffffffff);
    out.uint32(0xffffffff);
  } else {
    out.uint32(0);
    out.uint32(0);
  }
  return out.toBytes();
}

/** An 8-byte queue header for `size` message bytes. */
export function queueHeaderBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(QUEUE_HEADER_SIZE);
  writeQueueHeader(bytes, 0, size);
  return bytes;
}

/** True when the 8 bytes are the "size unknown" marker. */
export function isSizeUnknownHeader(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 8 &&
    (new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true) & SIZE_UNKNOWN_MESSAGES) ===
      SIZE_UNKNOWN_MESSAGES
  );
}

const encoder = new TextEncoder();

/** Size of a frame's bytes as written by writeFrame. */
export function frameSize(thread: string, messages: readonly Message[]): number {
  return 2 * (MESSAGE_HEADER_SIZE + 4 + encoder.encode(thread).length) + messagesSize(messages);
}

/** Appends one frame: idFrameBegin(thread), the messages, idFrameFinished(thread). Ids are written as given. */
export function writeFrame(
  out: OutBinary,
  thread: string,
  messages: readonly Message[],
  ids = { begin: MessageID.idFrameBegin as number, finished: MessageID.idFrameFinished as number },
): void {
  const name = encoder.encode(thread);
  out.reserve(frameSize(thread, messages));
  out.uint32(messageHeaderWord(ids.begin, 4 + name.length));
  out.uint32(name.length);
  out.bytes(name);
  for (const m of messages) {
    out.uint32(messageHeaderWord(m.id, m.payload.length));
    out.bytes(m.payload);
  }
  out.uint32(messageHeaderWord(ids.finished, 4 + name.length));
  out.uint32(name.length);
  out.bytes(name);
}

/** One frame as bytes (see writeFrame). */
export function frameBytes(thread: string, messages: readonly Message[]): Uint8Array {
  const out = new OutBinary(frameSize(thread, messages));
  writeFrame(out, thread, messages);
  return out.toBytes();
}

/**
 * Adds one serialized frame (as frameBytes makes it) to an index being built; `offset` is where it starts
 * relative to the first message.
 */
export function indexFrameBytes(builder: IndexBuilder, bytes: Uint8Array, offset: number): void {
  let pos = 0;
  let first = true;
  while (pos + MESSAGE_HEADER_SIZE <= bytes.length) {
    const id = bytes[pos]!;
    const size = bytes[pos + 1]! | (bytes[pos + 2]! << 8) | (bytes[pos + 3]! << 16);
    const next = pos + MESSAGE_HEADER_SIZE + size;
    if (next > bytes.length) return;
    const at = pos;
    if (first) {
      const thread = new TextDecoder().decode(bytes.subarray(pos + 8, next));
      builder.beginFrame(offset, thread, next - pos, id);
      first = false;
    } else if (next === bytes.length) builder.finishFrame(offset + next, next - pos, id);
    else builder.message(id, next - pos, () => bytes.subarray(at + MESSAGE_HEADER_SIZE, next));
    pos = next;
  }
}

/** A complete log in memory: header, the frames, the patched queue size and the index. */
export function buildLog(
  spec: Omit<LogHeaderSpec, 'sizeUnknown'>,
  frames: Iterable<Uint8Array>,
  idTable?: ArrayLike<number>,
): { bytes: Uint8Array; index: LogIndex } {
  const header = logHeaderBytes(spec);
  const out = new OutBinary(header.length + 1024);
  out.bytes(header);
  const bodyStart = out.length;
  const builder = new IndexBuilder(idTable ?? identityTable());
  for (const frame of frames) {
    indexFrameBytes(builder, frame, out.length - bodyStart);
    out.bytes(frame);
  }
  const size = out.length - bodyStart;
  writeQueueHeader(out.buffer, bodyStart - QUEUE_HEADER_SIZE, size);
  const index = builder.build(spec.idNames.length);
  writeIndexChunk(out, index);
  return { bytes: out.toBytes(), index };
}

/** The id table of a log numbered like us. */
export function identityTable(): Uint8Array {
  return Uint8Array.from({ length: 256 }, (_, i) => i);
}
