import { describe, expect, it } from 'vitest';
import { OutBinary } from '../binary/OutBinary';
import { serializeQueue } from '../messageQueue/serializeQueue';
import { MESSAGE_ID_ENUM, MessageID, messageIdNames, numOfDataMessageIDs } from '../messages/MessageIDs';
import { typeInfoToBytes } from '../typeInfo/stream';
import type { TypeInfo } from '../typeInfo/TypeInfo';
import { LogChunk } from './chunks';
import { MemorySource } from './ByteSource';
import { compressedChunkBytes } from './compressed';
import { parseLogFileName, robotLogFileName } from './fileName';
import { indexChunkBytes, readIndexChunk, type LogIndex } from './logIndex';
import { messageIdsChunkBytes } from './messageIdsChunk';
import { openLog } from './openLog';
import { readFrame } from './readFrame';
import { settingsChunkBytes } from './settingsChunk';
import { testFrame, testLog } from './testLogs';
import { frameBytes, logHeaderBytes } from './writeLog';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

function readAll(bytes: Uint8Array) {
  const log = openLog(new MemorySource(bytes));
  const frames = Array.from({ length: log.index.frameOffsets.length }, (_, i) => readFrame(log, i));
  return { log, frames };
}

describe('log chunks: golden bytes', () => {
  it('settings chunk', () => {
    const bytes = settingsChunkBytes({ headName: 'H', bodyName: 'B', playerNumber: 2, location: 'L', scenario: 'S' });
    expect(hex(bytes)).toBe('04' + '01000000' + '0100000048' + '0100000042' + '02000000' + '010000004c' + '0100000053');
  });

  it('message ids chunk', () => {
    expect(hex(messageIdsChunkBytes(['undefined', 'idFrameBegin']))).toBe(
      '0202' +
        '09000000' +
        hex(new TextEncoder().encode('undefined')) +
        '0c000000' +
        hex(new TextEncoder().encode('idFrameBegin')),
    );
  });

  it('index chunk (version 2)', () => {
    const index: LogIndex = {
      usedSize: 0x1_0000_0010,
      frameOffsets: Float64Array.of(0, 16),
      imageFrames: Uint8Array.of(0, 1),
      threads: [{ thread: 'T', counts: [0, 2], bytes: [0, 20] }],
      annotations: [{ thread: 'T', number: 7, frame: 1, name: 'n', description: 'd' }],
    };
    const bytes = indexChunkBytes(index);
    expect(hex(bytes)).toBe(
      '0502' +
        '10000000' +
        '01000000' +
        '02000000' +
        '0000000000000000' +
        '1000000000000080' +
        '01000000' +
        '0100000054' +
        '02000000' +
        '0000000000000000' +
        '0000000000000000' +
        '0200000000000000' +
        '1400000000000000' +
        '01000000' +
        '0100000054' +
        '01000000' +
        '07000000' +
        '01000000' +
        '010000006e' +
        '0100000064',
    );
    expect(readIndexChunk(bytes)).toEqual(index);
  });
});

describe('opening and reading logs', () => {
  it('round-trips frames through the index chunk, renumbered to our ids', () => {
    const { log, frames } = readAll(testLog(30));
    expect(log.indexSource).toBe('file');
    expect(log.problems).toEqual([]);
    expect(log.settings?.playerNumber).toBe(3);
    expect(frames).toHaveLength(30);
    frames.forEach((f, i) => {
      const expected = testFrame(i);
      expect(f.thread).toBe(expected.thread);
      expect(f.error).toBeUndefined();
      expect(f.messages.map((m) => [m.id, hex(m.payload)])).toEqual(
        expected.messages.map((m) => [m.id, hex(m.payload)]),
      );
      expect(f.image).toBe(expected.messages.some((m) => m.id === MessageID.idCameraImage));
    });
    expect(log.index.annotations.map((a) => [a.frame, a.description])).toEqual([
      [4, 'frame 4'],
      [14, 'frame 14'],
      [24, 'frame 24'],
    ]);
    const upper = log.index.threads.find((t) => t.thread === 'Upper')!;
    expect(upper.counts[MessageID.idCameraImage]).toBe(5);
    expect(upper.bytes[MessageID.idCameraImage]).toBe(5 * 68);
  });

  it('builds the same index by scanning when the log has none or says "size unknown"', () => {
    const bytes = testLog(20);
    const withIndex = openLog(new MemorySource(bytes));
    const headerLength = logHeaderBytes({
      settings: withIndex.settings,
      idNames: withIndex.idNames,
      typeInfo: withIndex.header.typeInfoBytes,
    }).length;
    const noIndex = bytes.slice(0, withIndex.bodyStart + withIndex.index.usedSize);
    const scanned = openLog(new MemorySource(noIndex));
    expect(scanned.indexSource).toBe('scanned');
    expect(scanned.index).toEqual(withIndex.index);
    const unknown = noIndex.slice();
    unknown.fill(0xff, headerLength - 8, headerLength);
    const robot = openLog(new MemorySource(unknown));
    expect(robot.sizeUnknown).toBe(true);
    expect(robot.index).toEqual(withIndex.index);
  });

  it('opens a copy truncated at any byte up to its last complete frame', () => {
    const bytes = testLog(12);
    const full = openLog(new MemorySource(bytes));
    const ends = Array.from(full.index.frameOffsets, (o) => full.bodyStart + o);
    for (let cut = 0; cut < bytes.length; cut++) {
      const { log, frames } = readAll(bytes.slice(0, cut));
      // Complete frames are those whose successor starts before the cut, plus the last one if the data is whole.
      const complete = ends.filter(
        (_, i) => (i + 1 < ends.length ? ends[i + 1]! : full.bodyStart + full.index.usedSize) <= cut,
      ).length;
      expect(log.index.frameOffsets.length, `cut at ${cut}`).toBe(complete);
      for (const f of frames) expect(f.error).toBeUndefined();
    }
  });

  it('reports a damaged message with its frame and reads the next frame', () => {
    const bytes = testLog(10);
    const log = openLog(new MemorySource(bytes));
    const start = log.bodyStart + log.index.frameOffsets[5]!;
    const damaged = bytes.slice();
    // The second message of frame 5 (after idFrameBegin "Motion": 4 + 4 + 6 bytes) claims far too many bytes.
    damaged[start + 14 + 3] = 0x7f;
    const { frames } = readAll(damaged);
    expect(frames[5]!.error?.message).toMatch(/frame 5/);
    expect(frames[6]!.error).toBeUndefined();
    expect(frames[6]!.messages).toHaveLength(testFrame(6).messages.length);
  });

  it('reads Snappy-compressed logs', () => {
    const frames = Array.from({ length: 9 }, (_, i) => testFrame(i));
    const out = new OutBinary();
    out.bytes(messageIdsChunkBytes(messageIdNames.slice(0, numOfDataMessageIDs)));
    const queue = (list: typeof frames) =>
      serializeQueue(
        list.flatMap((f) => [
          { id: MessageID.idFrameBegin, payload: frameBytes(f.thread, []).subarray(4, 8 + f.thread.length) },
          ...f.messages,
          { id: MessageID.idFrameFinished, payload: frameBytes(f.thread, []).subarray(4, 8 + f.thread.length) },
        ]),
      );
    out.bytes(compressedChunkBytes([queue(frames.slice(0, 4)), queue(frames.slice(4))]));
    const { log, frames: read } = readAll(out.toBytes());
    expect(log.problems).toEqual([]);
    expect(read.map((f) => f.thread)).toEqual(frames.map((f) => f.thread));
    expect(read[8]!.messages.map((m) => m.id)).toEqual(frames[8]!.messages.map((m) => m.id));
  });

  it('maps message ids by name', () => {
    // A log numbering idBallModel as 3 and idFrameInfo as 4 (and the framing ids as usual).
    const names = ['undefined', 'idFrameBegin', 'idFrameFinished', 'idBallModel', 'idFrameInfo', 'idSomethingNew'];
    const body = frameBytes('Cognition', [
      { id: 3, payload: Uint8Array.of(1) },
      { id: 4, payload: Uint8Array.of(2) },
      { id: 5, payload: Uint8Array.of(3) },
    ]);
    const out = new OutBinary();
    out.bytes(logHeaderBytes({ idNames: names, sizeUnknown: true }));
    out.bytes(body);
    const { log, frames } = readAll(out.toBytes());
    expect(log.unknownIdNames).toEqual(['idSomethingNew']);
    expect(frames[0]!.messages.map((m) => m.id)).toEqual([MessageID.idBallModel, MessageID.idFrameInfo]);
  });

  it("maps a team fork's ids by name: from its id chunk, or from its TypeInfo's MessageID enum without one", () => {
    // The fork added idTeamSpecial before idBallModel: BallModel is its 18, FrameInfo its 33.
    const fork = [
      ...messageIdNames.slice(0, MessageID.idBallModel),
      'idTeamSpecial',
      ...messageIdNames.slice(MessageID.idBallModel),
    ];
    const id = (name: string): number => fork.indexOf(name);
    const body = frameBytes('Cognition', [
      { id: id('idBallModel'), payload: Uint8Array.of(1) },
      { id: id('idTeamSpecial'), payload: Uint8Array.of(2) },
      { id: id('idFrameInfo'), payload: Uint8Array.of(3) },
    ]);
    const withChunk = new OutBinary();
    withChunk.bytes(logHeaderBytes({ idNames: fork.slice(0, id('idConsole')), sizeUnknown: true }));
    withChunk.bytes(body);
    const typeInfo: TypeInfo = { primitives: [], classes: new Map(), enums: new Map([[MESSAGE_ID_ENUM, fork]]) };
    const withTypeInfo = new OutBinary();
    withTypeInfo.uint8(LogChunk.typeInfo);
    withTypeInfo.bytes(typeInfoToBytes(typeInfo));
    withTypeInfo.uint8(LogChunk.uncompressed);
    withTypeInfo.uint32(0xffffffff);
    withTypeInfo.uint32(0xffffffff);
    withTypeInfo.bytes(body);
    for (const bytes of [withChunk.toBytes(), withTypeInfo.toBytes()]) {
      const { log, frames } = readAll(bytes);
      expect(log.unknownIdNames).toEqual(['idTeamSpecial']);
      // The fork's own message maps to 'undefined', which readers skip.
      expect(frames[0]!.messages.map((m) => m.id)).toEqual([MessageID.idBallModel, MessageID.idFrameInfo]);
      expect(frames[0]!.messages.map((m) => m.payload[0])).toEqual([1, 3]);
    }
  });

  it('never crashes on mutated logs', () => {
    const bytes = testLog(15);
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let round = 0; round < 1500; round++) {
      const mutated = bytes.slice(0, round % 3 === 0 ? Math.floor(random() * bytes.length) : bytes.length);
      const flips = 1 + Math.floor(random() * 8);
      for (let k = 0; k < flips && mutated.length > 0; k++)
        mutated[Math.floor(random() * mutated.length)] = Math.floor(random() * 256);
      const log = openLog(new MemorySource(mutated));
      for (let i = 0; i < log.index.frameOffsets.length; i++) readFrame(log, i);
    }
  });
});

describe('robot log file names', () => {
  const settings = { headName: 'Nao', bodyName: 'Body5', playerNumber: 4, location: 'Default', scenario: 'Game' };

  it('follows head_body_scenario_location__identifier_player and avoids existing files', () => {
    const taken = new Set(['logs/Nao_Body5_Game_Default__x_y_4.log', 'logs/Nao_Body5_Game_Default__x_y_4_(01).log']);
    expect(robotLogFileName('logs', settings, 'x_y', (p) => taken.has(p))).toBe(
      'logs/Nao_Body5_Game_Default__x_y_4_(02).log',
    );
  });

  it('recovers settings from the name', () => {
    expect(parseLogFileName('/a/b/Nao_Body5_Game_Default__x_y_4_(02).log')).toEqual({ ...settings, identifier: 'x_y' });
    expect(parseLogFileName('random.log')).toBeUndefined();
  });
});
