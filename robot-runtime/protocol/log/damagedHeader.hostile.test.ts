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
