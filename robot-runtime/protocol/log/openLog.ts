/**
 * @file Opens a log for random access: header chunks, then the frame index — read from the index chunk when the
 * log has a valid one (O(1) in the log's length), otherwise built by a scan. Never throws for malformed input:
 * a log cut off at any byte opens up to its last complete frame, and what was wrong is listed in `problems`.
 */
import { readQueueHeader, QUEUE_HEADER_SIZE } from '../messageQueue/queueFormat';
import { buildMessageIdRemap, type MessageIdRemapTable } from '../messages/messageIdRemap';
import { MESSAGE_ID_ENUM, messageIdNames } from '../messages/MessageIDs';
import { StreamError } from '../binary/StreamError';
import { MemorySource, type ByteSource } from './ByteSource';
import { LogChunk } from './chunks';
import { decompressChunk } from './compressed';
import { parseLogFileName } from './fileName';
import { readLogHeader, type LogHeader } from './logHeader';
import { readIndexChunk, type LogIndex } from './logIndex';
import { runSteps, scanFrames, scanFrameSteps, type ScanResult } from './scanFrames';
import type { LogSettings } from './settingsChunk';

/** How the index was obtained. */
export type IndexSource = 'file' | 'scanned';

/** A log opened for random access. */
export interface LogStructure {
  header: LogHeader;
  /** Settings from the settings chunk, else parsed from the file name, else undefined. */
  settings?: LogSettings;
  /** Where frames are read from: the file itself, or memory for a compressed log. */
  source: ByteSource;
  /** Absolute offset in `source` of the first message. */
  bodyStart: number;
  index: LogIndex;
  indexSource: IndexSource;
  /**
   * Bytes of complete messages from the first one on: the queue's real size. More than `index.usedSize` when
   * the log ends inside a frame; those bytes are kept (as B-Human keeps them) but are no frame to play.
   */
  dataSize: number;
  /** The messages after the last complete frame, when the log ends inside a frame. */
  trailing?: { thread: string; messages: number; bytes: number };
  /** The log's message id names (its own, or ours when it has none). */
  idNames: readonly string[];
  /** Log id -> our id (unknown names map to 0). */
  idTable: MessageIdRemapTable;
  /** Names in the log's id chunk that we do not know. */
  unknownIdNames: string[];
  /** True when the queue header says "size unknown" (a robot log that was not closed or not yet indexed). */
  sizeUnknown: boolean;
  /** Offset of the 8-byte queue header in the file (uncompressed logs), for repairing it. */
  queueOffset?: number;
  /** Everything that was not as it should be, as readable lines. */
  problems: string[];
}

/** Options of openLog. */
export interface OpenLogOptions {
  /** The file's name, to recover settings from a robot log name when the settings chunk is missing. */
  fileName?: string;
}

/** Opens `source` as a log (see the file comment). */
export function openLog(source: ByteSource, options: OpenLogOptions = {}): LogStructure {
  return runSteps(openLogSteps(source, options));
}

/** openLog in steps: a scan yields after every megabyte (scanFrameSteps), so a host can let other work run. */
export function* openLogSteps(source: ByteSource, options: OpenLogOptions = {}): Generator<void, LogStructure> {
  const header = readLogHeader(source);
  const problems: string[] = [];
  if (header.error) problems.push(`header: ${header.error.message}`);
  if (header.recovered) {
    const { dataAt, lost } = header.recovered;
    // What stands in for each lost content.
    const instead: Record<string, string> = {
      settings: 'the settings come from the file name, if it has them',
      'message ids': 'the current message ids are used',
      'type info': 'the current type info is used',
    };
    problems.push(
      `header: damaged; the message data was found at byte ${dataAt}${lost.length ? `; lost: ${lost.join(', ')} (${lost.map((l) => instead[l] ?? l).join('; ')})` : ''}`,
    );
  }
  // Without an id chunk, the ids of the TypeInfo's MessageID enum (as a robot announces them), else ours.
  const idNames = header.messageIdNames ?? header.typeInfo?.enums.get(MESSAGE_ID_ENUM) ?? messageIdNames;
  const { table: idTable, unknownNames } = buildMessageIdRemap(idNames);
  const settings =
    header.settings ?? (options.fileName ? stripIdentifier(parseLogFileName(options.fileName)) : undefined);
  const base = { header, settings, idNames, idTable, unknownIdNames: unknownNames, problems };

  if (header.data.kind === 'compressed') {
    const { body, error } = decompressChunk(source, header.data.offset);
    if (error) problems.push(`compressed data: ${error.message}`);
    const memory = new MemorySource(body);
    const scan = yield* scanFrameSteps(memory, 0, body.length, idTable, idNames.length);
    if (scan.stoppedAt)
      problems.push(
        `data ends inside a message at byte ${scan.stoppedAt.offset} of the decompressed data: ${scan.stoppedAt.reason}`,
      );
    return { ...base, ...scanned(scan), source: memory, bodyStart: 0, sizeUnknown: false };
  }
  if (header.data.kind === 'none') {
    return {
      ...base,
      source,
      bodyStart: 0,
      index: emptyIndex(),
      indexSource: 'scanned',
      dataSize: 0,
      sizeUnknown: false,
    };
  }

  const queueOffset = header.data.queueOffset;
  const bodyStart = queueOffset + QUEUE_HEADER_SIZE;
  let declared: number | undefined;
  try {
    declared = readQueueHeader(source.read(queueOffset, QUEUE_HEADER_SIZE), 0, queueOffset).size;
  } catch (e) {
    problems.push(`queue header: ${(e as StreamError).message}`);
    return {
      ...base,
      source,
      bodyStart,
      index: emptyIndex(),
      indexSource: 'scanned',
      dataSize: 0,
      sizeUnknown: false,
      queueOffset,
    };
  }
  const sizeUnknown = declared === undefined;
  if (declared !== undefined && bodyStart + declared < source.size) {
    const indexAt = bodyStart + declared;
    const fromFile = readIndexAt(source, indexAt, declared, problems);
    if (fromFile) {
      // Messages after the last complete frame (kept by B-Human's repair): read only that tail to describe them.
      const tail =
        fromFile.usedSize < declared
          ? scanFrames(source, bodyStart + fromFile.usedSize, bodyStart + declared, idTable).trailing
          : undefined;
      const result: LogStructure = {
        ...base,
        source,
        bodyStart,
        index: fromFile,
        indexSource: 'file',
        dataSize: declared,
        sizeUnknown,
        queueOffset,
      };
      if (tail) result.trailing = tail;
      return result;
    }
  } else if (declared === undefined) {
    problems.push('the queue size is unknown (a robot log that was not indexed yet): scanned');
  } else if (bodyStart + declared > source.size) {
    problems.push(
      `the log is truncated: the queue declares ${declared} bytes, ${Math.max(0, source.size - bodyStart)} present`,
    );
  } else {
    problems.push('the log has no index: scanned');
  }
  const end = declared === undefined ? source.size : Math.min(source.size, bodyStart + declared);
  const scan = yield* scanFrameSteps(source, bodyStart, end, idTable, idNames.length);
  if (scan.stoppedAt)
    problems.push(`data ends inside a message at byte ${scan.stoppedAt.offset}: ${scan.stoppedAt.reason}`);
  return { ...base, ...scanned(scan), source, bodyStart, sizeUnknown, queueOffset };
}

/** The parts of a LogStructure a scan provides. */
function scanned(scan: ScanResult): Pick<LogStructure, 'index' | 'indexSource' | 'dataSize' | 'trailing'> {
  return scan.trailing
    ? { index: scan.index, indexSource: 'scanned', dataSize: scan.dataSize, trailing: scan.trailing }
    : { index: scan.index, indexSource: 'scanned', dataSize: scan.dataSize };
}

/** An index larger than this is taken as garbage after the queue (it would describe tens of millions of frames). */
const MAX_INDEX_BYTES = 256 * 1024 * 1024;

function readIndexAt(source: ByteSource, at: number, declared: number, problems: string[]): LogIndex | undefined {
  if (source.size - at > MAX_INDEX_BYTES) {
    problems.push(`${source.size - at} bytes after the queue are too many for an index: scanned`);
    return undefined;
  }
  const bytes = source.read(at, source.size - at);
  if (bytes[0] !== LogChunk.indices) {
    problems.push(`${source.size - at} bytes after the queue are no index chunk: scanned`);
    return undefined;
  }
  try {
    const index = readIndexChunk(bytes, at);
    if (index.usedSize > declared)
      throw new StreamError(`index used size ${index.usedSize} exceeds the queue's ${declared} bytes`, at);
    return index;
  } catch (e) {
    problems.push(`index: ${e instanceof Error ? e.message : String(e)}: scanned`);
    return undefined;
  }
}

function stripIdentifier(parsed: (LogSettings & { identifier: string }) | undefined): LogSettings | undefined {
  if (!parsed) return undefined;
  const { headName, bodyName, playerNumber, location, scenario } = parsed;
  return { headName, bodyName, playerNumber, location, scenario };
}

/** An index without frames. */
export function emptyIndex(): LogIndex {
  return {
    usedSize: 0,
    frameOffsets: new Float64Array(0),
    imageFrames: new Uint8Array(0),
    threads: [],
    annotations: [],
  };
}
