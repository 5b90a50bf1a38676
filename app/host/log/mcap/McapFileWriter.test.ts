// The chunk writer against @mcap/core's readers: a file with several zstd chunks, metadata, JSON text and
// messages in parts (text too) reads back message for message through the indexed reader (summary, chunk and message indexes,
// summary CRC) and the stream reader (chunk CRCs); the data section CRC matches; a damaged chunk is refused. The
// same file is written twice: compressed on the calling thread, and on the compression thread while the next chunk
// fills (two writers at once, each getting its own chunks back); and once more with buffers the others filled.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { compress, decompress } from '@bokuweb/zstd-wasm';
import { McapIndexedReader, McapStreamReader } from '@mcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChunkCompressorThread } from './chunkCompressorThread';
import { McapFileWriter, type McapFileWriterOptions } from './McapFileWriter';
import { zstdReady } from './McapSink';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-mcap-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const inlineFile = path.join(dir, 'inline.mcap');
const threadFile = path.join(dir, 'thread.mcap');
const decompressHandlers = { zstd: (data: Uint8Array, size: bigint) => decompress(data).subarray(0, Number(size)) };

/** What the file should hold: per message its topic, time, sequence and bytes. */
const expected: { topic: string; logTime: bigint; sequence: number; data: Uint8Array }[] = [];

/** A writer on `file` that, step by step, writes the test's records; `end` finishes it. */
async function startWriter(file: string, options: McapFileWriterOptions) {
  const fd = fs.openSync(file, 'w');
  const writer = new McapFileWriter(fd, options);
  await writer.start({ profile: 'test', library: 'pitchside' });
  const schema = await writer.registerSchema({
    name: 'blob',
    encoding: 'jsonschema',
    data: new Uint8Array([123, 125]),
  });
  const blobs = await writer.registerChannel({
    topic: '/blobs',
    schemaId: schema,
    messageEncoding: 'raw',
    metadata: new Map(),
  });
  const texts = await writer.registerChannel({
    topic: '/texts',
    schemaId: schema,
    messageEncoding: 'json',
    metadata: new Map(),
  });
  await writer.addMetadata({ name: 'source', metadata: new Map([['robot', 'Nao']]) });
  return {
    step(i: number, record: boolean) {
      const logTime = BigInt(i) * 1_000_000n;
      // Blobs of up to 40 kB, written in two parts; a few larger than a chunk.
      const data = new Uint8Array(i % 50 === 7 ? 100_000 : (i * 131) % 40_000);
      for (let k = 0; k < data.length; k++) data[k] = (k * 7 + i) & 0xff;
      const cut = data.length >> 1;
      writer.addMessageParts({ channelId: blobs, sequence: i, logTime, publishTime: logTime }, [
        data.subarray(0, cut),
        data.subarray(cut),
      ]);
      const text = JSON.stringify({ i, name: `Grüße ${i}`, values: [i / 3, -i] });
      // Every other text in pieces, one of them ending in a two-byte character.
      const pieces = i % 2 === 1 ? [text.slice(0, 14), text.slice(14, 18), text.slice(18)] : text;
      writer.addTextMessage({ channelId: texts, sequence: i, logTime, publishTime: logTime }, pieces);
      if (!record) return;
      expected.push({ topic: '/blobs', logTime, sequence: i, data });
      expected.push({ topic: '/texts', logTime, sequence: i, data: new TextEncoder().encode(text) });
    },
    async end() {
      await writer.end();
      fs.closeSync(fd);
    },
  };
}

beforeAll(async () => {
  await zstdReady();
  const inline = await startWriter(inlineFile, {
    chunkSize: 64 * 1024,
    compressChunk: (data) => ({ compression: 'zstd', compressedData: compress(data, 1) }),
  });
  const compressors = [new ChunkCompressorThread(1), new ChunkCompressorThread(1)];
  const threaded = await startWriter(threadFile, { chunkSize: 64 * 1024, compressor: compressors[0] });
  // A second file written at the same time through the same compression thread.
  const other = await startWriter(path.join(dir, 'other.mcap'), { chunkSize: 32 * 1024, compressor: compressors[1] });
  for (let i = 0; i < 300; i++) {
    inline.step(i, true);
    threaded.step(i, false);
    other.step(299 - i, false);
  }
  await Promise.all([inline.end(), threaded.end(), other.end()]);
  for (const c of compressors) c.close();
});

function readable(bytes: Uint8Array) {
  return {
    size: async () => BigInt(bytes.length),
    read: async (offset: bigint, size: bigint) => bytes.subarray(Number(offset), Number(offset + size)),
  };
}

describe.each([
  ['on the calling thread', inlineFile],
  ['on the compression thread', threadFile],
])('McapFileWriter, chunks compressed %s', (_where, file) => {
  it('writes a file the indexed reader reads message for message, with statistics and metadata index', async () => {
    const bytes = fs.readFileSync(file);
    const reader = await McapIndexedReader.Initialize({ readable: readable(bytes), decompressHandlers });
    expect(reader.header).toMatchObject({ profile: 'test', library: 'pitchside' });
    expect(reader.chunkIndexes.length).toBeGreaterThan(10);
    expect(reader.chunkIndexes.every((c) => c.compression === 'zstd')).toBe(true);
    expect(reader.statistics?.messageCount).toBe(BigInt(expected.length));
    expect(reader.statistics?.channelCount).toBe(2);
    expect(reader.metadataIndexes.map((m) => m.name)).toEqual(['source']);
    const metadata = [];
    for await (const m of reader.readMetadata()) metadata.push(m);
    expect(metadata[0]?.metadata.get('robot')).toBe('Nao');
    const topics = new Map([...reader.channelsById].map(([id, c]) => [id, c.topic]));
    const read = [];
    for await (const m of reader.readMessages({ validateCrcs: true }))
      read.push({ topic: topics.get(m.channelId), logTime: m.logTime, sequence: m.sequence, data: m.data });
    const byKey = (a: { logTime: bigint; topic?: string }) => `${a.logTime}:${a.topic}`;
    expect(read.map(byKey).sort()).toEqual(expected.map(byKey).sort());
    for (const e of expected) {
      const r = read.find((m) => m.topic === e.topic && m.logTime === e.logTime)!;
      expect(r.sequence).toBe(e.sequence);
      expect(Buffer.from(r.data).equals(Buffer.from(e.data))).toBe(true);
    }
    // The data section CRC covers everything before DataEnd.
    expect(reader.dataSectionCrc).toBe(zlib.crc32(bytes.subarray(0, Number(reader.dataEndOffset))));
  });

  it('writes chunk CRCs the stream reader checks', () => {
    const bytes = fs.readFileSync(file);
    const stream = new McapStreamReader({ decompressHandlers, validateCrcs: true });
    stream.append(bytes);
    let messages = 0;
    for (let r = stream.nextRecord(); r; r = stream.nextRecord()) if (r.type === 'Message') messages++;
    expect(stream.done()).toBe(true);
    expect(messages).toBe(expected.length);
  });

  it('writes the same bytes either way', () => {
    expect(fs.readFileSync(file).equals(fs.readFileSync(inlineFile))).toBe(true);
  });
});

describe('McapFileWriter', () => {
  it('writes the same bytes again with chunk buffers that earlier writers filled', async () => {
    // The writers above left their buffers to the process's pool, full of their chunks.
    const again = path.join(dir, 'again.mcap');
    const writer = await startWriter(again, {
      chunkSize: 64 * 1024,
      compressChunk: (data) => ({ compression: 'zstd', compressedData: compress(data, 1) }),
    });
    for (let i = 0; i < 300; i++) writer.step(i, false);
    await writer.end();
    expect(fs.readFileSync(again).equals(fs.readFileSync(inlineFile))).toBe(true);
  });

  it('refuses a damaged chunk by its CRC, and a message on an unknown channel', async () => {
    // An uncompressed chunk with one byte of a message changed: its CRC no longer matches.
    const plain = path.join(dir, 'plain.mcap');
    const fd = fs.openSync(plain, 'w');
    const writer = new McapFileWriter(fd, { chunkSize: 1024 });
    await writer.start({ profile: '', library: 'pitchside' });
    const channelId = await writer.registerChannel({
      topic: '/x',
      schemaId: 0,
      messageEncoding: 'raw',
      metadata: new Map(),
    });
    writer.addMessageParts({ channelId, sequence: 0, logTime: 0n, publishTime: 0n }, [new Uint8Array(100).fill(7)]);
    expect(() => writer.addMessageParts({ channelId: 5, sequence: 0, logTime: 0n, publishTime: 0n }, [])).toThrow(
      /no channel 5/,
    );
    await writer.end();
    fs.closeSync(fd);
    const good = fs.readFileSync(plain);
    const at = good.indexOf(Buffer.alloc(100, 7));
    expect(at).toBeGreaterThan(0);
    const bad = Buffer.from(good);
    bad[at + 50] = 8;
    const read = (b: Uint8Array) => {
      const r = new McapStreamReader({ validateCrcs: true });
      r.append(b);
      let n = 0;
      for (let record = r.nextRecord(); record; record = r.nextRecord()) if (record.type === 'Message') n++;
      return n;
    };
    expect(read(good)).toBe(1);
    expect(() => read(bad)).toThrow(/crc/i);
  });
});
