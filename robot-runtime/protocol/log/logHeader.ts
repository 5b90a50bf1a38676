/**
 * @file The chunks before a log's message data (facts §3.1): settings, message id names, type info, then the
 * terminal data chunk. They are small (the type info is the largest, some hundred kB), so they are read through a
 * window that grows until the chunks fit, never the whole file.
 */
import { InBinary } from '../binary/InBinary';
import { StreamError } from '../binary/StreamError';
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
  /** Why reading stopped before a data chunk, when it did. */
  error?: StreamError;
}

const FIRST_WINDOW = 256 * 1024;
/** Header chunks larger than this are taken as corrupt (a damaged count), so a bad header never reads a whole big file. */
const MAX_WINDOW = 64 * 1024 * 1024;

/** Reads the header chunks of `source`. Never throws for malformed input: the problem is in `error`. */
export function readLogHeader(source: ByteSource): LogHeader {
  const limit = Math.min(MAX_WINDOW, source.size);
  for (let window = Math.min(FIRST_WINDOW, limit); ; window = Math.min(window * 4, limit)) {
    const bytes = source.read(0, window);
    const result = parseHeader(bytes);
    // A chunk cut off by the window (not by the file) is read again with a larger window.
    if (result.header.error && result.truncated && window < limit) continue;
    return result.header;
  }
}

function parseHeader(bytes: Uint8Array): { header: LogHeader; truncated: boolean } {
  const header: LogHeader = { data: { kind: 'none' } };
  const inp = new InBinary(bytes);
  try {
    while (!inp.atEnd) {
      const at = inp.offset;
      const chunk = inp.uint8();
      switch (chunk) {
        case LogChunk.settings:
          header.settings = readSettingsChunk(inp);
          break;
        case LogChunk.messageIds:
          header.messageIdNames = readMessageIdsChunk(inp);
          break;
        case LogChunk.typeInfo: {
          const start = inp.offset;
          header.typeInfo = readTypeInfo(inp);
          header.typeInfoBytes = bytes.slice(start, inp.offset);
          break;
        }
        case LogChunk.uncompressed:
          header.data = { kind: 'uncompressed', queueOffset: inp.offset };
          return { header, truncated: false };
        case LogChunk.compressed:
          header.data = { kind: 'compressed', offset: inp.offset };
          return { header, truncated: false };
        default:
          header.error = new StreamError(`unknown log chunk id ${chunk}`, at);
          return { header, truncated: false };
      }
    }
    header.error = new StreamError('the log ends before its message data', inp.offset);
    return { header, truncated: true };
  } catch (e) {
    header.error = e instanceof StreamError ? e : new StreamError(e instanceof Error ? e.message : String(e), inp.offset);
    return { header, truncated: true };
  }
}
