/**
 * @file Crafted MCAP files for the hostile-input tests and the fuzz suite (not used by production code): real
 * exports of a small log in chunks of a chosen size, and the pieces issue 41 built its attacks from (a chunk of
 * empty frames, zstd data larger than declared, chunks of zeros), put into such an export.
 */
import fs from 'node:fs';
import { compress } from '@bokuweb/zstd-wasm';
import { McapWriter, Opcode, type IWritable } from '@mcap/core';
import { MemorySource } from '@robot-runtime/protocol/log/ByteSource';
import { LogFile } from '../../LogFile';
import { addRawFrameChannel } from '../../mcapRawFrames';
import { DATA_START, recordAt } from '../mcapRecords';

/** Collects what an MCAP writer writes. */
export class MemoryWritable implements IWritable {
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

/**
 * The raw frames of the log at `logPath` as MCAP (its only channel, id 0), in `chunks` chunks of about equal
 * size, uncompressed or zstd-compressed (the zstd module must be loaded).
 */
export async function rawFramesMcap(logPath: string, chunks: number, zstd: boolean): Promise<Buffer> {
  const log = LogFile.open(logPath);
  const writable = new MemoryWritable();
  const writer = new McapWriter({
    writable,
    useChunks: true,
    chunkSize: Math.ceil(fs.statSync(logPath).size / chunks),
    ...(zstd
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

/** The raw-frames channel's id in an MCAP made by rawFramesMcap. */
export const RAW_CHANNEL = 0;

/** The top-level chunk records of `bytes`: where each starts and ends. */
export function chunksOf(bytes: Uint8Array): { at: number; end: number }[] {
  const source = new MemorySource(bytes);
  const found: { at: number; end: number }[] = [];
  for (let at = DATA_START, r = recordAt(source, at); r && r.opcode !== Opcode.FOOTER; r = recordAt(source, at)) {
    at = r.contentAt + r.length;
    if (r.opcode === Opcode.CHUNK) found.push({ at: r.at, end: at });
  }
  return found;
}

/** A chunk record holding `records`, zstd-compressed, declaring `declared` bytes uncompressed (CRC 0: unchecked). */
export function zstdChunk(records: Uint8Array, declared = records.length): Buffer {
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
export function insertAfterFirstChunk(bytes: Uint8Array, inserted: Uint8Array): Buffer {
  const first = chunksOf(bytes)[0]!;
  const out = Buffer.concat([bytes.subarray(0, first.end), inserted, bytes.subarray(first.end)]);
  const footer = out.length - 8 - 29;
  for (const field of [footer + 9, footer + 17]) {
    const offset = out.readBigUInt64LE(field);
    if (offset !== 0n) out.writeBigUInt64LE(offset + BigInt(inserted.length), field);
  }
  return out;
}

/** `n` Message records on `channelId` holding only a raw frame's 14-byte image reference: empty frames. */
export function emptyFrameMessages(n: number, channelId: number): Uint8Array {
  const one = Buffer.alloc(9 + 22 + 14);
  one[0] = Opcode.MESSAGE;
  one.writeBigUInt64LE(BigInt(22 + 14), 1);
  one.writeUInt16LE(channelId, 9);
  const all = Buffer.alloc(one.length * n);
  for (let i = 0; i < n; i++) one.copy(all, i * one.length);
  return all;
}
