/**
 * @file Builds a log's index by walking its messages (formats §3.4, "on first open"): used when a log has no index,
 * an index of another version, or the robot's "size unknown" header. Only message headers, frame markers and
 * annotations are read, through large sequential blocks. A trailing incomplete frame (a log cut off while
 * recording, or a truncated copy) is no frame of the index, but its complete messages are counted in the
 * statistics and belong to the queue's data, as in B-Human.
 */
import { MESSAGE_HEADER_SIZE } from '../messageQueue/queueFormat';
import { frameThreadName } from '../messageQueue/frames';
import { MessageID } from '../messages/MessageIDs';
import { BlockReader, type ByteSource } from './ByteSource';
import { IndexBuilder } from './IndexBuilder';
import type { LogIndex } from './logIndex';

/** The index found by a scan, and where (absolute offset) the well-formed data ended if it ended early. */
export interface ScanResult {
  index: LogIndex;
  /** Bytes of complete messages from the first one on (the queue's size); more than usedSize after a cut-off frame. */
  dataSize: number;
  /** The messages after the last complete frame, when the log ends inside a frame. */
  trailing?: { thread: string; messages: number; bytes: number };
  /** Why the scan stopped before `end`: a message cut off or claiming more bytes than are left. */
  stoppedAt?: { offset: number; reason: string };
}

/** Bytes scanned between two yields of scanFrameSteps. */
export const SCAN_STEP_BYTES = 1024 * 1024;

/**
 * Scans the messages in `[bodyStart, end)` of `source`. `idTable` maps the log's ids to ours; `idCount` is the
 * number of ids the log names (statistics list at least that many).
 */
export function scanFrames(
  source: ByteSource,
  bodyStart: number,
  end: number,
  idTable: ArrayLike<number>,
  idCount = 0,
): ScanResult {
  return runSteps(scanFrameSteps(source, bodyStart, end, idTable, idCount));
}

/** Runs a stepwise computation to its end. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** scanFrames in steps: yields after every SCAN_STEP_BYTES scanned, so a host can let other work run between. */
export function* scanFrameSteps(
  source: ByteSource,
  bodyStart: number,
  end: number,
  idTable: ArrayLike<number>,
  idCount = 0,
): Generator<void, ScanResult> {
  const reader = new BlockReader(source);
  const builder = new IndexBuilder(idTable);
  let pos = bodyStart;
  let stoppedAt: ScanResult['stoppedAt'];
  let nextStep = bodyStart + SCAN_STEP_BYTES;
  while (pos < end) {
    if (pos >= nextStep) {
      yield;
      nextStep = pos + SCAN_STEP_BYTES;
    }
    if (end - pos < MESSAGE_HEADER_SIZE) {
      stoppedAt = { offset: pos, reason: 'message header cut off' };
      break;
    }
    const h = reader.read(pos, MESSAGE_HEADER_SIZE);
    const logId = h[0]!;
    const size = h[1]! | (h[2]! << 8) | (h[3]! << 16);
    const next = pos + MESSAGE_HEADER_SIZE + size;
    if (next > end) {
      stoppedAt = {
        offset: pos,
        reason: `message id ${logId} declares ${size} bytes, only ${end - pos - MESSAGE_HEADER_SIZE} left`,
      };
      break;
    }
    const id = idTable[logId] ?? 0;
    const messageSize = MESSAGE_HEADER_SIZE + size;
    const at = pos;
    if (id === MessageID.idFrameBegin)
      builder.beginFrame(
        pos - bodyStart,
        frameThreadName(reader.read(pos + MESSAGE_HEADER_SIZE, size)),
        messageSize,
        logId,
      );
    else if (id === MessageID.idFrameFinished) builder.finishFrame(next - bodyStart, messageSize, logId);
    else builder.message(logId, messageSize, () => reader.read(at + MESSAGE_HEADER_SIZE, size));
    pos = next;
  }
  const trailing = builder.trailing;
  const result: ScanResult = { index: builder.build(idCount), dataSize: pos - bodyStart };
  if (trailing) result.trailing = trailing;
  if (stoppedAt) result.stoppedAt = stoppedAt;
  return result;
}
