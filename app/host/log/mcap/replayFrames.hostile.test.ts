// Hostile MCAP files for replay (issue 41, findings 1 and 5), each crafted here from a real export of the demo log:
// a chunk of 700 000 empty frames, a zstd chunk whose data is larger than it declares, chunks of zeros that
// expand a small file a thousandfold, a CRC error in chunk 2 of 4, a damaged zstd chunk and a damaged chunk length.
// What is damaged is lost and said; the rest replays; nothing grows with what the file claims.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogFile } from '../LogFile';
import { loadMcapDecompression, McapFrameSource } from '../McapFrameSource';
import { writeDemoLog } from '../testing/demoLog';
import { MAX_CHUNK_BYTES } from './replayFrames';
import {
  chunksOf as chunks,
  emptyFrameMessages,
  insertAfterFirstChunk,
  RAW_CHANNEL,
  rawFramesMcap,
  zstdChunk,
} from './testing/hostileMcap';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-mcap-hostile-'));
const logPath = path.join(dir, 'demo.log');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let frameCount = 0;
/** The demo log's raw frames as MCAP in four chunks, uncompressed or zstd-compressed. */
let plain: Buffer;
let zstd: Buffer;

function open(name: string, bytes: Uint8Array): McapFrameSource {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return McapFrameSource.open(file);
}

function heapNow(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

beforeAll(async () => {
  await loadMcapDecompression();
  writeDemoLog(logPath, 40);
  const log = LogFile.open(logPath);
  frameCount = log.frameCount;
  log.close();
  plain = await rawFramesMcap(logPath, 4, false);
  zstd = await rawFramesMcap(logPath, 4, true);
  expect(chunks(plain).length).toBeGreaterThanOrEqual(4);
  expect(chunks(zstd).length).toBeGreaterThanOrEqual(4);
});

describe('an MCAP built to exhaust the replay (issue 41, finding 1)', () => {
  it('reads a chunk of 700 000 empty frames without keeping them, and replays the real ones', () => {
    const bomb = zstdChunk(emptyFrameMessages(700_000, RAW_CHANNEL));
    expect(bomb.length).toBeLessThan(200_000); // 31 MB of records
    const bytes = insertAfterFirstChunk(zstd, bomb);
    const before = heapNow();
    const source = open('empty-frames.mcap', bytes);
    const growth = heapNow() - before;
    expect(source.frameCount).toBe(frameCount);
    expect(source.problems).toContain('700000 messages on /bhuman/frames too short to be frames: skipped');
    // Before, each empty frame was an object with its parts (385 MB for a million).
    expect(growth).toBeLessThan(120 * 2 ** 20);
    void source;
  });

  it('refuses a zstd chunk whose data hold more than it declares before decompressing it', () => {
    // 200 MB of zeros compress to a few kB; the chunk declares 1 kB.
    const bomb = zstdChunk(new Uint8Array(200 * 2 ** 20), 1024);
    const bytes = insertAfterFirstChunk(zstd, bomb);
    const source = open('zstd-bomb.mcap', bytes);
    expect(source.frameCount).toBe(frameCount);
    expect(source.problems.join('\n')).toMatch(
      /chunk at byte \d+: the zstd frame holds 209715200 bytes, the chunk declares 1024; its frames are lost/,
    );
  });

  it('refuses a chunk that declares more than a chunk may hold, without reading it', () => {
    const bomb = zstdChunk(new Uint8Array(16), MAX_CHUNK_BYTES + 1);
    const source = open('declared.mcap', insertAfterFirstChunk(zstd, bomb));
    expect(source.frameCount).toBe(frameCount);
    expect(source.problems.join('\n')).toMatch(/declares 33554433 bytes uncompressed, more than the 33554432/);
  });

  it('stops reading a small file whose chunks of zeros expand it beyond 256 times its size', () => {
    const zeros = zstdChunk(new Uint8Array(MAX_CHUNK_BYTES));
    const bytes = insertAfterFirstChunk(zstd, Buffer.concat(Array.from({ length: 4 }, () => zeros)));
    expect(bytes.length).toBeLessThan(256 * 1024);
    const source = open('zeros.mcap', bytes);
    expect(source.problems.join('\n')).toMatch(
      /decompress to more than \d+ bytes .*: the rest of the file is not read/,
    );
    expect(source.frameCount).toBeGreaterThan(0); // the first chunk's
    expect(source.frameCount).toBeLessThan(frameCount);
  });
});

describe('a damaged MCAP chunk costs that chunk (issue 41, finding 5)', () => {
  /** The frames of `bytes` read as the intact file's: every frame of `source` is one of them, in order. */
  function expectIntactFramesOf(source: McapFrameSource): void {
    const intact = open(`intact-${source.frameCount}.mcap`, plain);
    let j = 0;
    for (let i = 0; i < source.frameCount; i++) {
      const frame = Buffer.from(source.log.source.read(source.log.bodyStart + source.log.index.frameOffsets[i]!, 64));
      while (
        j < intact.frameCount &&
        !Buffer.from(intact.log.source.read(intact.log.bodyStart + intact.log.index.frameOffsets[j]!, 64)).equals(frame)
      )
        j++;
      expect(j, `frame ${i}`).toBeLessThan(intact.frameCount);
    }
  }

  it('replays chunks 1, 3 and 4 when chunk 2 has a CRC error, and names the frames lost', () => {
    const copy = Buffer.from(plain);
    const second = chunks(copy)[1]!;
    copy[second.end - 100]! ^= 0x10; // one bit of a frame's bytes
    const source = open('crc.mcap', copy);
    expect(source.frameCount).toBeGreaterThan(frameCount / 2);
    expect(source.frameCount).toBeLessThan(frameCount);
    const problems = source.problems.join('\n');
    expect(problems).toMatch(
      new RegExp(`chunk at byte ${second.at}: CRC \\d+ of its records is not the declared \\d+`),
    );
    expect(problems).toMatch(/frames \d+–\d+ are lost/);
    expectIntactFramesOf(source);
  });

  it('replays the other chunks when a zstd chunk is damaged, with a message that says so', () => {
    const copy = Buffer.from(zstd);
    const second = chunks(copy)[1]!;
    copy[second.at + Math.floor((second.end - second.at) / 2)]! ^= 0x55;
    const source = open('zstd-damaged.mcap', copy);
    expect(source.frameCount).toBeGreaterThan(frameCount / 2);
    expect(source.frameCount).toBeLessThan(frameCount);
    const problems = source.problems.join('\n');
    expect(problems).toMatch(new RegExp(`chunk at byte ${second.at}: (damaged zstd data|CRC)`));
    expect(problems).not.toMatch(/Failed to compress/);
  });

  it('finds the chunks after a chunk whose length is damaged', () => {
    const copy = Buffer.from(zstd);
    const [, second, third] = chunks(copy);
    copy.writeBigUInt64LE(0x7fff_ffffn, second!.at + 1);
    const source = open('length.mcap', copy);
    expect(source.frameCount).toBeGreaterThan(frameCount / 2);
    expect(source.problems.join('\n')).toContain(
      `damaged record at byte ${second!.at}: the next chunk found is at byte ${third!.at}`,
    );
  });
});
