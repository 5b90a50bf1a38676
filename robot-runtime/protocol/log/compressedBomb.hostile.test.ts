import { describe, expect, it } from 'vitest';
import { OutBinary } from '../binary/OutBinary';
import { serializeQueue } from '../messageQueue/serializeQueue';
import { MessageID, messageIdNames, numOfDataMessageIDs } from '../messages/MessageIDs';
import { MemorySource } from './ByteSource';
import { compressedChunkBytes } from './compressed';
import { messageIdsChunkBytes } from './messageIdsChunk';
import { openLog } from './openLog';
import { testFrame } from './testLogs';
import { frameBytes } from './writeLog';

/** A serialized queue of test frames `from` to `to` (exclusive). */
function queue(from: number, to: number): Uint8Array {
  const frames = Array.from({ length: to - from }, (_, i) => testFrame(from + i));
  return serializeQueue(
    frames.flatMap((f) => {
      const marker = frameBytes(f.thread, []).subarray(4, 8 + f.thread.length);
      return [
        { id: MessageID.idFrameBegin, payload: marker },
        ...f.messages,
        { id: MessageID.idFrameFinished, payload: marker },
      ];
    }),
  );
}

describe('a compressed log block that declares more than its bytes can hold (issue 41, finding 1)', () => {
  it('is refused before its declared size is allocated; the blocks before it are kept', () => {
    const out = new OutBinary(1024);
    out.bytes(messageIdsChunkBytes(messageIdNames.slice(0, numOfDataMessageIDs)));
    const chunk = compressedChunkBytes([queue(0, 6), queue(6, 12)]);
    out.bytes(chunk);
    // Six bytes of Snappy: a varint preamble declaring 64 MB and a one-byte literal.
    const bombAt = out.length;
    out.uint32(6);
    out.bytes(Uint8Array.of(0x80, 0x80, 0x80, 0x20, 0x00, 0x41));
    out.bytes(compressedChunkBytes([queue(12, 18)]).subarray(1));
    const log = openLog(new MemorySource(out.toBytes()));
    expect(log.index.frameOffsets.length).toBe(12);
    expect(log.problems).toContain(
      `compressed data: compressed block of 6 bytes declares ${64 * 2 ** 20} bytes, more than Snappy can make of it (at byte ${bombAt})`,
    );
  });
});
