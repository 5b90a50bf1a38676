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
import { readIndexChunk } from './logIndex';
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
 * chunk is damaged (a length or count no longer fits), the message data behind it is still found: the chunks are
 * read again from each later position where a chunk could start, and the first reading that reaches a data chunk
 * consistent with the file's size is kept, together with what the undamaged chunks said.
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
      (dataPlausible(source, data) || (data.kind === 'uncompressed' && startsWithFrame(source, data.queueOffset)))
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

/** Reads the chunks again from each later position; the first reading that reaches plausible data wins. */
function recoverData(source: ByteSource, bytes: Uint8Array, damaged: ParsedHeader): LogHeader | undefined {
  const trusted = { ...damaged.header };
  // The chunk read last before an unknown chunk id had a wrong length itself: what it said is not trusted.
  if (damaged.lastChunk !== undefined && !damaged.truncated) delete trusted[damaged.lastChunk];
  // Where data chunks that fit the file could start; without one there is nothing to recover (and no work).
  const dataChunks = new Set<number>();
  let lastDataChunk = -1;
  for (let at = 1; at < bytes.length; at++) {
    const id = bytes[at];
    const data: LogData | undefined =
      id === LogChunk.uncompressed
        ? { kind: 'uncompressed', queueOffset: at + 1 }
        : id === LogChunk.compressed
          ? { kind: 'compressed', offset: at + 1 }
          : undefined;
    if (
      data &&
      dataPlausible(source, data) &&
      (data.kind === 'compressed' || startsWithFrame(source, data.queueOffset))
    ) {
      dataChunks.add(at);
      lastDataChunk = at;
    }
  }
  for (let at = 1; at <= lastDataChunk; at++) {
    if (bytes[at]! > LogChunk.settings) continue; // no chunk id
    const found = parseHeader(bytes, at).header;
    if (found.error || found.data.kind === 'none') continue;
    const dataAt = found.data.kind === 'uncompressed' ? found.data.queueOffset - 1 : found.data.offset - 1;
    if (!dataChunks.has(dataAt)) continue;
    const header: LogHeader = {
      settings: trusted.settings ?? found.settings,
      messageIdNames: trusted.messageIdNames ?? found.messageIdNames,
      typeInfo: trusted.typeInfo ?? found.typeInfo,
      typeInfoBytes: trusted.typeInfo ? trusted.typeInfoBytes : found.typeInfoBytes,
      data: found.data,
      error: damaged.header.error ?? new StreamError('the header chunks do not lead to the message data', 0),
    };
    header.recovered = { dataAt, lost: CONTENTS.filter(([key]) => header[key] === undefined).map(([, name]) => name) };
    return header;
  }
  return undefined;
}

/**
 * Whether a data chunk fits the file: an uncompressed queue whose declared size ends exactly at the file's end or
 * at an index chunk describing that size, or that says "size unknown"; compressed blocks that end with the file.
 */
function dataPlausible(source: ByteSource, data: LogData): boolean {
  if (data.kind === 'none') return false;
  if (data.kind === 'compressed') {
    // The blocks' sizes must chain exactly to the end of the file (B-Human's blocks are megabytes: few of them).
    let at = data.offset;
    for (let blocks = 0; at + 4 <= source.size && blocks < MAX_CHECKED_BLOCKS; blocks++) {
      const size = source.read(at, 4);
      at += 4 + new DataView(size.buffer, size.byteOffset, 4).getUint32(0, true);
    }
    return at === source.size;
  }
  const bytes = source.read(data.queueOffset, QUEUE_HEADER_SIZE);
  if (bytes.length < QUEUE_HEADER_SIZE) return false;
  const declared = readQueueHeader(bytes, 0, data.queueOffset).size;
  if (declared === undefined) return true;
  const end = data.queueOffset + QUEUE_HEADER_SIZE + declared;
  if (end === source.size) return true;
  if (end > source.size || source.read(end, 1)[0] !== LogChunk.indices || source.size - end > MAX_WINDOW) return false;
  try {
    return readIndexChunk(source.read(end, source.size - end), end).usedSize === declared;
  } catch {
    return false;
  }
}

/**
 * Whether the queue at `queueOffset` starts with a frame marker (a message whose payload is exactly a short
 * thread name), as every log's data does; a queue too short to tell counts as one.
 */
function startsWithFrame(source: ByteSource, queueOffset: number): boolean {
  const bytes = source.read(queueOffset + QUEUE_HEADER_SIZE, 8 + MAX_THREAD_NAME);
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
