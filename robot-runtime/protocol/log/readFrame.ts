/**
 * @file Reading one frame of an opened log at its indexed offset: only that frame's bytes are read. Message ids
 * are renumbered to ours by name; a damaged message ends the frame's messages with an error naming the frame
 * and the byte, and the next frame is unaffected because frames are found through the index.
 */
import { StreamError } from '../binary/StreamError';
import type { Message } from '../messageQueue/Message';
import { frameThreadName } from '../messageQueue/frames';
import { MESSAGE_HEADER_SIZE } from '../messageQueue/queueFormat';
import { MessageID } from '../messages/MessageIDs';
import type { LogStructure } from './openLog';

/** One frame of a log. */
export interface LogFrame {
  /** 0-based frame number. */
  index: number;
  thread: string;
  /** The messages between the frame markers, in our numbering; messages with unknown ids are left out. */
  messages: Message[];
  /** Whether the index marks this frame as holding a camera image. */
  image: boolean;
  /** Bytes of the frame in the file. */
  size: number;
  /**
   * The frame's bytes as the file holds them (a view, valid as long as the payloads are), so a writer that copies
   * whole frames need not read them again.
   */
  bytes?: Uint8Array;
  /** The first problem in the frame; the messages before it are in `messages`. */
  error?: StreamError;
}

/** The absolute start and end of frame `i` in `log.source`. */
export function frameRange(log: LogStructure, i: number): { start: number; end: number } {
  const offsets = log.index.frameOffsets;
  if (!(i >= 0 && i < offsets.length)) throw new RangeError(`frame ${i} is not in 0..${offsets.length - 1}`);
  const start = log.bodyStart + offsets[i]!;
  const end = log.bodyStart + (i + 1 < offsets.length ? offsets[i + 1]! : log.index.usedSize);
  return { start, end };
}

/**
 * Reads frame `i` (0-based). Throws RangeError for a frame number outside the log. With `transient`, the payloads
 * may be views into a buffer the source reuses (`ByteSource.readTransient`): valid until the next transient read.
 */
export function readFrame(log: LogStructure, i: number, transient = false): LogFrame {
  const { start, end } = frameRange(log, i);
  const source = log.source;
  const bytes =
    transient && source.readTransient ? source.readTransient(start, end - start) : source.read(start, end - start);
  return parseFrame(log, i, bytes, start);
}

/** Parses the bytes of frame `i` (read from `start` in the file). */
export function parseFrame(log: LogStructure, i: number, bytes: Uint8Array, start: number): LogFrame {
  const frame: LogFrame = {
    index: i,
    thread: '',
    messages: [],
    image: log.index.imageFrames[i] === 1,
    size: bytes.length,
    bytes,
  };
  const table = log.idTable;
  let pos = 0;
  let begun = false;
  while (pos < bytes.length) {
    if (bytes.length - pos < MESSAGE_HEADER_SIZE) {
      frame.error = new StreamError(`frame ${i}: message header cut off`, start + pos);
      break;
    }
    const logId = bytes[pos]!;
    const size = bytes[pos + 1]! | (bytes[pos + 2]! << 8) | (bytes[pos + 3]! << 16);
    const payloadStart = pos + MESSAGE_HEADER_SIZE;
    if (payloadStart + size > bytes.length) {
      frame.error = new StreamError(
        `frame ${i}: message id ${logId} declares ${size} bytes, only ${bytes.length - payloadStart} left in the frame`,
        start + pos,
      );
      break;
    }
    const payload = bytes.subarray(payloadStart, payloadStart + size);
    const id = table[logId] ?? 0;
    pos = payloadStart + size;
    if (!begun) {
      if (id !== MessageID.idFrameBegin) {
        frame.error = new StreamError(`frame ${i} does not start with idFrameBegin`, start);
        break;
      }
      begun = true;
      frame.thread = frameThreadName(payload);
      continue;
    }
    if (id === MessageID.idFrameFinished) return frame;
    if (id !== MessageID.undefined) frame.messages.push({ id, payload });
  }
  frame.error ??= new StreamError(`frame ${i} has no idFrameFinished`, start + pos);
  return frame;
}
