import { InBinary } from '../binary';
import { MessageID } from '../messages/MessageIDs';
import type { Message } from './Message';

/** The messages one thread produced in one frame, without the idFrameBegin/idFrameFinished markers. */
export interface Frame {
  thread: string;
  messages: Message[];
}

/** A message list split at its frame markers. */
export interface SplitFrames {
  /** Complete frames in order. */
  frames: Frame[];
  /** A frame begun but not finished at the end of the list (a log cut off while recording, a queue in progress). */
  incomplete?: Frame;
  /** Frames interrupted by another idFrameBegin before their idFrameFinished; kept so no data is silently lost. */
  interrupted: Frame[];
  /** Messages outside every frame (stray finishes included), in order. */
  outside: Message[];
}

/**
 * The thread name in an idFrameBegin/idFrameFinished payload: a length-prefixed string; very old logs used a single
 * character per process, which is returned as a one-letter name. Malformed payloads yield ''.
 */
export function frameThreadName(payload: Uint8Array): string {
  if (payload.length === 1) return String.fromCharCode(payload[0]!);
  try {
    const input = new InBinary(payload);
    const name = input.string();
    return input.atEnd ? name : '';
  } catch {
    return '';
  }
}

/**
 * Splits `messages` into frames. A finish closes the open frame whatever name it carries (the begin's name is
 * authoritative); ids are compared in our numbering, so remap foreign messages first.
 */
export function splitFrames(messages: Iterable<Message>): SplitFrames {
  const result: SplitFrames = { frames: [], interrupted: [], outside: [] };
  let open: Frame | undefined;
  for (const m of messages) {
    if (m.id === MessageID.idFrameBegin) {
      if (open) result.interrupted.push(open);
      open = { thread: frameThreadName(m.payload), messages: [] };
    } else if (m.id === MessageID.idFrameFinished) {
      if (open) result.frames.push(open);
      else result.outside.push(m);
      open = undefined;
    } else if (open) {
      open.messages.push(m);
    } else {
      result.outside.push(m);
    }
  }
  if (open) result.incomplete = open;
  return result;
}
