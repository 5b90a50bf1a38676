import { describe, expect, it } from 'vitest';
import { messageIdNames, numOfDataMessageIDs } from '../messages/MessageIDs';
import { defineClass, defineEnum, field, t } from '../types';
import { typeInfoToBytes } from '../typeInfo/stream';
import { typeInfoFromTypes } from '../typeInfo/fromTypes';
import { MemorySource } from './ByteSource';
import { openLog } from './openLog';
import { testFrame } from './testLogs';
import { buildLog, frameBytes } from './writeLog';

const Side = defineEnum('DamagedHeaderTest::Side', ['left', 'right', 'center'] as const);
const Sample = defineClass('DamagedHeaderTest::Sample', {
  side: field(Side, 'an enum'),
  values: field(t.vector(t.float), 'numbers'),
  name: field(t.string, 'a name'),
});
const FRAMES = 20;

/** A log with every header chunk (settings, message ids, a type info with classes and enums) and its data offset. */
function logWithHeader(): { bytes: Uint8Array; dataChunk: number } {
  const frames = Array.from({ length: FRAMES }, (_, i) => testFrame(i)).map((f) => frameBytes(f.thread, f.messages));
  const { bytes } = buildLog(
    {
      settings: { headName: 'Head', bodyName: 'Body', playerNumber: 3, location: 'Default', scenario: 'Default' },
      idNames: messageIdNames.slice(0, numOfDataMessageIDs),
      typeInfo: typeInfoToBytes(typeInfoFromTypes([Sample])),
    },
    frames,
  );
  return { bytes, dataChunk: openLog(new MemorySource(bytes)).bodyStart - 9 };
}

describe('a log whose header chunks are damaged (finding 10)', () => {
  const { bytes, dataChunk } = logWithHeader();

  it('keeps every frame whatever single byte of the header is damaged, and says what was lost', () => {
    const lostFrames: string[] = [];
    let recovered = 0;
    for (let at = 0; at < dataChunk; at++) {
      // Every byte set to 0xFF (a length or count becomes huge), every fourth byte with its top bit flipped.
      for (const damage of at % 4 === 0 ? [0xff, bytes[at]! ^ 0x80] : [0xff]) {
        const copy = bytes.slice();
        copy[at] = damage;
        const log = openLog(new MemorySource(copy));
        if (log.index.frameOffsets.length !== FRAMES)
          lostFrames.push(
            `byte ${at} = ${damage}: ${log.index.frameOffsets.length} frames; ${log.problems.join('; ')}`,
          );
        if (log.header.recovered) {
          recovered++;
          expect(log.problems.join('\n')).toMatch(/found at byte \d+/);
        }
      }
    }
    expect(lostFrames).toEqual([]);
    expect(recovered).toBeGreaterThan(dataChunk / 8); // every length and count field needed the recovery
  });

  it('names the lost chunk contents', () => {
    const copy = bytes.slice();
    const typeInfoChunk = copy.indexOf(3, copy.indexOf(2) + 1); // after the message ids chunk id
    const settingsCountAt = 1 + 4; // settings: id, version, then the head name's length
    copy[settingsCountAt + 3] = 0x7f;
    const log = openLog(new MemorySource(copy));
    expect(log.index.frameOffsets.length).toBe(FRAMES);
    expect(log.header.recovered?.lost).toContain('settings');
    expect(typeInfoChunk).toBeGreaterThan(0);
  });
});

/** A source that counts its reads and the bytes they return, to bound what opening a log costs. */
class CountingSource extends MemorySource {
  reads = 0;
  bytesRead = 0;

  override read(offset: number, length: number): Uint8Array {
    const bytes = super.read(offset, length);
    this.reads++;
    this.bytesRead += bytes.length;
    return bytes;
  }
}

/** A log of `n` test frames with a settings chunk, and where its index chunk starts. */
function indexedLog(n: number): { bytes: Uint8Array; indexAt: number } {
  const frames = Array.from({ length: n }, (_, i) => testFrame(i)).map((f) => frameBytes(f.thread, f.messages));
  const { bytes } = buildLog(
    {
      settings: { headName: 'Head', bodyName: 'Body', playerNumber: 3, location: 'Default', scenario: 'Default' },
      idNames: messageIdNames.slice(0, numOfDataMessageIDs),
      typeInfo: typeInfoToBytes(typeInfoFromTypes([Sample])),
    },
    frames,
  );
  const log = openLog(new MemorySource(bytes));
  return { bytes, indexAt: log.bodyStart + log.index.usedSize };
}

/** Offset of the head name's length in the settings chunk (id, uint32 version, then the string). */
const HEAD_NAME_LENGTH = 1 + 4;

describe('a log whose header and index are damaged together (issue 41, finding 4)', () => {
  it('keeps every intact frame: recovery finds the real data chunk although its index is damaged', () => {
    const { bytes, indexAt } = indexedLog(1603);
    const copy = bytes.slice();
    copy[HEAD_NAME_LENGTH + 3] = 0x7f; // the head name claims 2 GB
    copy[indexAt + 1 + 1 + 8 + 4 + 8 * 100 + 3] = 0x44; // frame 100's offset in the index points far away
    const log = openLog(new MemorySource(copy));
    expect(log.index.frameOffsets.length).toBe(1603);
    expect(log.header.recovered?.lost).toEqual(['settings']);
    expect(log.header.messageIdNames?.length).toBe(numOfDataMessageIDs);
    expect(log.problems.join('\n')).toMatch(/index: index frame 100 .*: scanned/);
    // The frames are the intact log's.
    const intact = openLog(new MemorySource(bytes));
    expect([...log.index.frameOffsets]).toEqual([...intact.index.frameOffsets]);
  });

  it('finds the data of a 4 MB log behind a damaged header byte with a few reads, not one per byte', () => {
    const { bytes } = indexedLog(60_000);
    expect(bytes.length).toBeGreaterThan(4_000_000);
    const copy = bytes.slice();
    copy[HEAD_NAME_LENGTH + 3] = 0x7f;
    const source = new CountingSource(copy);
    const log = openLog(source);
    expect(log.index.frameOffsets.length).toBe(60_000);
    expect(log.header.recovered).toBeDefined();
    // The header window (read at most once per size: 256 kB, 1 MB, 4 MB, the whole file) and the index.
    expect(source.reads).toBeLessThan(16);
    expect(source.bytesRead).toBeLessThan(3 * copy.length);
  });
});
