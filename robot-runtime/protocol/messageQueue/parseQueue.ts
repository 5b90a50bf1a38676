import { StreamError } from '../binary';
import type { Message } from './Message';
import { MESSAGE_HEADER_SIZE, QUEUE_HEADER_SIZE, readQueueHeader } from './queueFormat';

/** Where a queue starts within its input and what to add to offsets in error messages. */
export interface ParseQueueOptions {
  /** Index of the queue header within `bytes` (default 0). */
  start?: number;
  /** Position of `bytes` within a larger input (a file, a stream), added to every reported offset. */
  baseOffset?: number;
}

/** The outcome of parsing a queue: everything decoded before any problem, and the problem. */
export interface ParsedQueue {
  /** Messages in order; payloads are views into the input (no copies). */
  messages: Message[];
  /** Index in `bytes` just past the last byte that belongs to the queue (or that was read before an error). */
  end: number;
  /** True when the header carried the "size unknown" marker and the queue was read to the end of the input. */
  sizeUnknown: boolean;
  /** The first problem found, with the absolute offset where it is; undefined when the queue is well-formed. */
  error?: StreamError;
}

/** Bounds of a queue's message area within `bytes`. */
interface QueueBody {
  bodyStart: number;
  /** End of the message area as declared, clamped to the input. */
  bodyEnd: number;
  /** The declared end when it lies past the input (the queue is truncated), else undefined. */
  declaredEnd: number | undefined;
  sizeUnknown: boolean;
}

function queueBody(bytes: Uint8Array, start: number, baseOffset: number): QueueBody {
  const header = readQueueHeader(bytes, start, baseOffset);
  const bodyStart = start + QUEUE_HEADER_SIZE;
  if (header.size === undefined) return { bodyStart, bodyEnd: bytes.length, declaredEnd: undefined, sizeUnknown: true };
  const end = bodyStart + header.size;
  return end > bytes.length
    ? { bodyStart, bodyEnd: bytes.length, declaredEnd: end, sizeUnknown: false }
    : { bodyStart, bodyEnd: end, declaredEnd: undefined, sizeUnknown: false };
}

/**
 * Yields the messages of the serialized queue in `bytes`, lazily, as views into the input. Validates the header and
 * every message header; at the first malformed or truncated part it throws a StreamError naming the absolute
 * offset, after all messages before it were yielded. The iterator's return value is the index past the queue.
 */
export function* iterateQueue(
  bytes: Uint8Array,
  options: ParseQueueOptions = {},
): Generator<Message, number, undefined> {
  const start = options.start ?? 0;
  const baseOffset = options.baseOffset ?? 0;
  const body = queueBody(bytes, start, baseOffset);
  let offset = body.bodyStart;
  while (offset < body.bodyEnd) {
    if (body.bodyEnd - offset < MESSAGE_HEADER_SIZE) {
      throw new StreamError(
        `truncated message header: need ${MESSAGE_HEADER_SIZE} bytes, ${body.bodyEnd - offset} left in the queue`,
        baseOffset + offset,
      );
    }
    const id = bytes[offset]!;
    const size = bytes[offset + 1]! | (bytes[offset + 2]! << 8) | (bytes[offset + 3]! << 16);
    const payloadStart = offset + MESSAGE_HEADER_SIZE;
    if (payloadStart + size > body.bodyEnd) {
      throw new StreamError(
        `message id ${id} declares ${size} payload bytes, only ${body.bodyEnd - payloadStart} left in the queue`,
        baseOffset + offset,
      );
    }
    offset = payloadStart + size;
    yield { id, payload: bytes.subarray(payloadStart, offset) };
  }
  if (body.declaredEnd !== undefined) {
    throw new StreamError(
      `truncated queue: header declares ${body.declaredEnd - body.bodyStart} bytes, only ${bytes.length - body.bodyStart} present`,
      baseOffset + bytes.length,
    );
  }
  return offset;
}

/**
 * Parses a serialized queue completely. On malformed input it returns the messages decoded before the problem plus
 * the error (nothing before it is lost). Bytes after the declared size are not read; compare `end` with the input
 * length when the queue must fill it (a debug-link packet).
 */
export function parseQueue(bytes: Uint8Array, options: ParseQueueOptions = {}): ParsedQueue {
  const start = options.start ?? 0;
  const messages: Message[] = [];
  let sizeUnknown = false;
  let end = start;
  try {
    sizeUnknown = queueBody(bytes, start, options.baseOffset ?? 0).sizeUnknown;
    const it = iterateQueue(bytes, options);
    for (let r = it.next(); ; r = it.next()) {
      if (r.done) {
        end = r.value;
        break;
      }
      messages.push(r.value);
      end = r.value.payload.byteOffset - bytes.byteOffset + r.value.payload.length;
    }
    return { messages, end, sizeUnknown };
  } catch (error) {
    if (!(error instanceof StreamError)) throw error;
    return { messages, end, sizeUnknown, error };
  }
}

/**
 * Parses a queue that must fill `bytes` exactly and declare its size, as a queue in a debug-link packet must.
 * Trailing bytes and the "size unknown" marker (meaningful only in log files) are reported as errors.
 */
export function parseExactQueue(bytes: Uint8Array, options: Omit<ParseQueueOptions, 'start'> = {}): ParsedQueue {
  const parsed = parseQueue(bytes, options);
  if (parsed.error) return parsed;
  const baseOffset = options.baseOffset ?? 0;
  if (parsed.sizeUnknown)
    return { ...parsed, error: new StreamError('the "size unknown" marker is not allowed here', baseOffset + 4) };
  if (parsed.end !== bytes.length)
    return {
      ...parsed,
      error: new StreamError(`${bytes.length - parsed.end} bytes after the queue`, baseOffset + parsed.end),
    };
  return parsed;
}
