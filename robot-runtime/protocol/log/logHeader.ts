/**
 * @file The chunks before a log's message data (formats §3.1): settings, message id names, type info, then the
 * terminal data chunk. They are small (the type info is the largest, some hundred kB), so they are read through a
 * window that grows until the chunks fit, never the whole file.
 */
import { InBinary } from '../binary/InBinary';
import { StreamError } from '../binary/StreamError';
import { QUEUE_HEADER_SIZE, readQueueHeader } from '../messageQueue/queueFormat';
import { readTypeInfo } from '../typeInfo/stream';
import type { TypeInfo } from '../typeInfo/TypeInfo';
import type { ByteSource } from './ByteSource';
import { LogChunk } from './chunks';
import { readMessageIdsChunk } from './messageIdsChunk';
import { readSettingsChunk, type LogSettings } from './settingsChunk';

/** Where the message data of a log is. */
export type LogData =
  /** An uncompressed queue whose 8-byte header is at `queueOffset`. */
  | { kind: 'uncompressed'; queueOffset: number }
  /** Snappy blocks starting at `offset` (just after the chunk id). */
  | { kind: 'compressed'; offset: number }
  /** No data chunk (the file ends or is malformed before it). */
  | { kind: 'none' };

/** What the chunks before the data say. */
export interface LogHeader {
  settings?: LogSettings;
  /** The message id names as numbered in the log, when it has a message-ids chunk. */
  messageIdNames?: string[];
  typeInfo?: TypeInfo;
  /** The type info chunk's bytes (to write the same type info into an edited copy). */
  typeInfoBytes?: Uint8Array;
  data: LogData;
  /** Why reading stopped before a data chunk, when it did (or what was damaged, when the data was recovered). */
  error?: StreamError;
  /**
   * Set when header chunks were damaged and the message data was found past them: where, and which header
   * contents were lost with the damage (readers then fall back to their own message ids and type info).
   */
  recovered?: { dataAt: number; lost: string[] };
}

const FIRST_WINDOW = 256 * 1024;
/** Header chunks larger than this are taken as corrupt (a damaged count), so a bad header never reads a whole big file. */
const MAX_WINDOW = 64 * 1024 * 1024;

/**
 * Reads the header chunks of `source`. Never throws for malformed input: the problem is in `error`. When a header
 * chunk is damaged (a length or count no longer fits), the message data behind it is still found (the first data
 * chunk that fits the file's size), together with what the undamaged chunks in front of it said.
 */
export function readLogHeader(source: ByteSource): LogHeader {
  const limit = Math.min(MAX_WINDOW, source.size);
  for (let window = Math.min(FIRST_WINDOW, limit); ; window = Math.min(window * 4, limit)) {
    const bytes = source.read(0, window);
    const result = parseHeader(bytes, 0);
    // A chunk cut off by the window (not by the file) is read again with a larger window.
    if (result.header.error && result.truncated && window < limit) continue;
    const data = result.header.data;
    // A log cut off (its queue declares more than the file has) is no damage when its data starts like data.
    if (
      !result.header.error &&
      (dataFits(source, bytes, data, false) ||
        (data.kind === 'uncompressed' && startsWithFrame(source, bytes, data.queueOffset)))
    )
      return result.header;
    return recoverData(source, bytes, result) ?? result.header;
  }
}

/** Compressed blocks followed to check that they end with the file; a log with more is not recognized by them. */
const MAX_CHECKED_BLOCKS = 1 << 16;

/** Header chunks as their contents are called in reports. */
const CONTENTS = [
  ['settings', 'settings'],
  ['messageIdNames', 'message ids'],
  ['typeInfo', 'type info'],
] as const;

/**
 * Most positions tried when looking for the intact header chunks in front of recovered data: each try reads
 * chunks up to the data at most, so this bounds the recovery's work by a multiple of the header's size.
 */
const MAX_HEADER_TRIES = 4096;

/**
 * Finds the message data behind damaged header chunks, then what the intact chunks in front of it say. The data
 * chunk is the first position where a data chunk fits the file (dataFits): the real one precedes all message
 * data, so a look-alike inside the data is never reached; it is found even when the index behind it is damaged
 * (the index is then rebuilt by a scan). The header contents come from the first position whose chunks lead
 * exactly to it.
 */
function recoverData(source: ByteSource, bytes: Uint8Array, damaged: ParsedHeader): LogHeader | undefined {
  const trusted = { ...damaged.header };
  // The chunk read last before an unknown chunk id had a wrong length itself: what it said is not trusted.
  if (damaged.lastChunk !== undefined && !damaged.truncated) delete trusted[damaged.lastChunk];
  type DataChunk = Exclude<LogData, { kind: 'none' }>;
  let data: DataChunk | undefined;
  for (let at = 1; at < bytes.length && !data; at++) {
    const id = bytes[at];
    const candidate: DataChunk | undefined =
      id === LogChunk.uncompressed
        ? { kind: 'uncompressed', queueOffset: at + 1 }
        : id === LogChunk.compressed
          ? { kind: 'compressed', offset: at + 1 }
          : undefined;
    if (candidate && dataFits(source, bytes, candidate, true)) data = candidate;
  }
  if (!data) return undefined;
  const dataAt = data.kind === 'uncompressed' ? data.queueOffset - 1 : data.offset - 1;
  // Chunks are read only up to the data chunk: the message data behind it is no header.
  const head = bytes.subarray(0, dataAt + 1);
  let found: LogHeader | undefined;
  for (let at = 1, tries = 0; at < dataAt && tries < MAX_HEADER_TRIES && !found; at++) {
    if (!couldStartChunk(head, at)) continue;
    tries++;
    const parsed = parseHeader(head, at).header;
    if (!parsed.error && parsed.data.kind !== 'none') found = parsed;
  }
  const header: LogHeader = {
    settings: trusted.settings ?? found?.settings,
    messageIdNames: trusted.messageIdNames ?? found?.messageIdNames,
    typeInfo: trusted.typeInfo ?? found?.typeInfo,
    typeInfoBytes: trusted.typeInfo ? trusted.typeInfoBytes : found?.typeInfoBytes,
    data,
    error: damaged.header.error ?? new StreamError('the header chunks do not lead to the message data', 0),
  };
  header.recovered = { dataAt, lost: CONTENTS.filter(([key]) => header[key] === undefined).map(([, name]) => name) };
  return header;
}

/**
 * Whether a header chunk may start at `at` (a cheap test before reading it): a settings chunk starts with its
 * version 1, a type info chunk with a count of primitives that is small or carries B-Human's "unified" flag.
 */
function couldStartChunk(bytes: Uint8Array, at: number): boolean {
  const id = bytes[at];
  if (id === LogChunk.messageIds) return true;
  if (at + 5 > bytes.length) return false;
  const word = new DataView(bytes.buffer, bytes.byteOffset + at + 1, 4).getUint32(0, true);
  if (id === LogChunk.settings) return word === 1;
  if (id === LogChunk.typeInfo) return (word & 0x7fffffff) <= 0xffff;
  return false;
}

/** `length` bytes at `offset` of the file, from the window already read when it holds them. */
function readAt(source: ByteSource, bytes: Uint8Array, offset: number, length: number): Uint8Array {
  return offset + length <= bytes.length ? bytes.subarray(offset, offset + length) : source.read(offset, length);
}

/**
 * Whether a data chunk fits the file: an uncompressed queue that starts with a frame marker and whose declared
 * size ends exactly at the file's end or at an index chunk (its contents may be damaged: a scan replaces them),
 * or that says "size unknown"; compressed blocks that end with the file. `bytes` is the start of the file as far
 * as it was read (checks read from it, not from the source, where they can).
 */
function dataFits(source: ByteSource, bytes: Uint8Array, data: LogData, needFrame: boolean): boolean {
  if (data.kind === 'none') return false;
  if (data.kind === 'compressed') {
    // The blocks' sizes must chain exactly to the end of the file (B-Human's blocks are megabytes: few of them).
    let at = data.offset;
    for (let blocks = 0; at + 4 <= source.size && blocks < MAX_CHECKED_BLOCKS; blocks++) {
      const size = readAt(source, bytes, at, 4);
      at += 4 + new DataView(size.buffer, size.byteOffset, 4).getUint32(0, true);
    }
    return at === source.size;
  }
  const queue = readAt(source, bytes, data.queueOffset, QUEUE_HEADER_SIZE);
  if (queue.length < QUEUE_HEADER_SIZE) return false;
  const declared = readQueueHeader(queue, 0, data.queueOffset).size;
  if (needFrame && !startsWithFrame(source, bytes, data.queueOffset)) return false;
  if (declared === undefined) return true;
  const end = data.queueOffset + QUEUE_HEADER_SIZE + declared;
  return end === source.size || (end < source.size && readAt(source, bytes, end, 1)[0] === LogChunk.indices);
}

/**
 * Whether the queue at `queueOffset` starts with a frame marker (a message whose payload is exactly a short
 * thread name), as every log's data does; a queue too short to tell counts as one.
 */
function startsWithFrame(source: ByteSource, window: Uint8Array, queueOffset: number): boolean {
  const bytes = readAt(source, window, queueOffset + QUEUE_HEADER_SIZE, 8 + MAX_THREAD_NAME);
  if (bytes.length < 8) return true;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const size = view.getUint32(0, true) >>> 8;
  const nameLength = view.getUint32(4, true);
  if (size !== 4 + nameLength || nameLength === 0 || nameLength > MAX_THREAD_NAME) return false;
  for (let i = 8; i < Math.min(bytes.length, 8 + nameLength); i++)
    if (bytes[i]! < 0x20 || bytes[i]! > 0x7e) return false;
  return true;
}

/** Longest thread name a frame marker is recognized with. */
const MAX_THREAD_NAME = 64;

/** The result of reading chunks from one position. */
interface ParsedHeader {
  header: LogHeader;
  /** The error is the window's (or the file's) end. */
  truncated: boolean;
  /** What the chunk read last (completely) filled in. */
  lastChunk?: (typeof CONTENTS)[number][0];
}

function parseHeader(bytes: Uint8Array, start: number): ParsedHeader {
  const header: LogHeader = { data: { kind: 'none' } };
  const inp = new InBinary(bytes, start);
  let lastChunk: ParsedHeader['lastChunk'];
  try {
    while (!inp.atEnd) {
      const at = inp.offset;
      const chunk = inp.uint8();
      switch (chunk) {
        case LogChunk.settings:
          header.settings = readSettingsChunk(inp);
          lastChunk = 'settings';
          break;
        case LogChunk.messageIds:
          header.messageIdNames = readMessageIdsChunk(inp);
          lastChunk = 'messageIdNames';
          break;
        case LogChunk.typeInfo: {
          const typeInfoStart = inp.offset;
          header.typeInfo = readTypeInfo(inp);
          header.typeInfoBytes = bytes.slice(typeInfoStart, inp.offset);
          lastChunk = 'typeInfo';
          break;
        }
        case LogChunk.uncompressed:
          header.data = { kind: 'uncompressed', queueOffset: inp.offset };
          return { header, truncated: false, lastChunk };
        case LogChunk.compressed:
          header.data = { kind: 'compressed', offset: inp.offset };
          return { header, truncated: false, lastChunk };
        default:
          header.error = new StreamError(`unknown log chunk id ${chunk}`, at);
          return { header, truncated: false, lastChunk };
      }
    }
    header.error = new StreamError('the log ends before its message data', inp.offset);
    return { header, truncated: true, lastChunk };
  } catch (e) {
    header.error =
      e instanceof StreamError ? e : new StreamError(e instanceof Error ? e.message : String(e), inp.offset);
    return { header, truncated: true, lastChunk };
  }
}
