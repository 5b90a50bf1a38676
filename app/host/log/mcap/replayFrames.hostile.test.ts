// Hostile MCAP files for replay (issue 41, findings 1 and 5), each crafted here from a real export of the demo log:
// a chunk of a million empty frames, a zstd chunk whose data is larger than it declares, chunks of zeros that
// expand a small file a thousandfold, a CRC error in chunk 2 of 4, a damaged zstd chunk and a damaged chunk length.
// What is damaged is lost and said; the rest replays; nothing grows with what the file claims.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compress } from '@bokuweb/zstd-wasm';
import { McapWriter, Opcode, type IWritable } from '@mcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySource } from '@robot-runtime/protocol/log/ByteSource';
import { LogFile } from '../LogFile';
import { loadMcapDecompression, McapFrameSource } from '../McapFrameSource';
import { addRawFrameChannel } from '../mcapRawFrames';
import { writeDemoLog } from '../testing/demoLog';
import { DATA_START, recordAt } from './mcapRecords';
import { MAX_CHUNK_BYTES } from './replayFrames';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-mcap-hostile-'));
const logPath = path.join(dir, 'demo.log');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Collects what an MCAP writer writes. */
class MemoryWritable implements IWritable {
  readonly parts: Uint8Array[] = [];
  private size = 0n;
  async write(buffer: Uint8Array): Promise<void> {
    this.parts.push(buffer.slice());
    this.size += BigInt(buffer.length);
  }
  position(): bigint {
    return this.size;
  }
}

let frameCount = 0;
/** The demo log's raw frames as MCAP in four chunks, uncompressed or zstd-compressed. */
let plain: Buffer;
let zstd: Buffer;

async function export4(compressed: boolean): Promise<Buffer> {
  const log = LogFile.open(logPath);
  const total = fs.statSync(logPath).size;
  const writable = new MemoryWritable();
  const writer = new McapWriter({
    writable,
    useChunks: true,
    chunkSize: Math.ceil(total / 4),
    ...(compressed
      ? { compressChunk: (data: Uint8Array) => ({ compression: 'zstd', compressedData: compress(data, 3) }) }
      : {}),
  });
  await writer.start({ profile: '', library: 'test' });
  const raw = await addRawFrameChannel(writer, log.log);
  for (let i = 0; i < log.frameCount; i++) await raw.write(i, BigInt(i) * 1_000_000n);
  await writer.end();
  log.close();
  return Buffer.concat(writable.parts);
}

/** The top-level chunk records of `bytes`: where each starts and ends. */
function chunks(bytes: Uint8Array): { at: number; end: number }[] {
  const source = new MemorySource(bytes);
  const found: { at: number; end: number }[] = [];
  for (let at = DATA_START, r = recordAt(source, at); r && r.opcode !== Opcode.FOOTER; r = recordAt(source, at)) {
    at = r.contentAt + r.length;
    if (r.opcode === Opcode.CHUNK) found.push({ at: r.at, end: at });
  }
  return found;
}

/** A chunk record holding `records`, zstd-compressed, declaring `declared` bytes uncompressed (CRC 0: unchecked). */
function zstdChunk(records: Uint8Array, declared = records.length): Buffer {
  const data = compress(records, 3);
  const name = Buffer.from('zstd');
  const content = Buffer.alloc(8 + 8 + 8 + 4 + 4 + name.length + 8 + data.length);
  let at = 16;
  content.writeBigUInt64LE(BigInt(declared), at);
  at += 8 + 4; // size, CRC 0
  content.writeUInt32LE(name.length, at);
  name.copy(content, at + 4);
  at += 4 + name.length;
  content.writeBigUInt64LE(BigInt(data.length), at);
  Buffer.from(data).copy(content, at + 8);
  const head = Buffer.alloc(9);
  head[0] = Opcode.CHUNK;
  head.writeBigUInt64LE(BigInt(content.length), 1);
  return Buffer.concat([head, content]);
}

/** `bytes` with `inserted` put in after its first chunk, the footer's summary offsets moved along. */
function insertAfterFirstChunk(bytes: Buffer, inserted: Buffer): Buffer {
  const first = chunks(bytes)[0]!;
  const out = Buffer.concat([bytes.subarray(0, first.end), inserted, bytes.subarray(first.end)]);
  const footer = out.length - 8 - 29;
  for (const field of [footer + 9, footer + 17]) {
    const offset = out.readBigUInt64LE(field);
    if (offset !== 0n) out.writeBigUInt64LE(offset + BigInt(inserted.length), field);
  }
  return out;
}

/** `n` Message records on the raw-frames channel holding only the 14-byte image reference: empty frames. */
function emptyFrameMessages(n: number, channelId: number): Uint8Array {
  const one = Buffer.alloc(9 + 22 + 14);
  one[0] = Opcode.MESSAGE;
  one.writeBigUInt64LE(BigInt(22 + 14), 1);
  one.writeUInt16LE(channelId, 9);
  const all = Buffer.alloc(one.length * n);
  for (let i = 0; i < n; i++) one.copy(all, i * one.length);
  return all;
}

/** The raw-frames channel's id in an export made by export4 (its only channel). */
const RAW_CHANNEL = 0;

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
  plain = await export4(false);
  zstd = await export4(true);
  expect(chunks(plain).length).toBeGreaterThanOrEqual(4);
  expect(chunks(zstd).length).toBeGreaterThanOrEqual(4);
});

describe('an MCAP built to exhaust the replay (issue 41, finding 1)', () => {
  it('reads a chunk of a million empty frames without keeping them, and replays the real ones', () => {
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
