/**
 * @file Snappy-compressed log chunks (formats §3.1, chunk id 1): until the end of the file, a uint32 compressed size
 * and a Snappy block that decompresses to a serialized message queue. Such logs cannot be read lazily, so their
 * blocks are joined into one uncompressed queue body in memory; a damaged or truncated block ends the data and is
 * reported, everything before it is kept. A block's declared size is checked against what Snappy can make of its
 * bytes before it is allocated, and the decompressor never writes past it: the body is at most 22 times the file.
 */
// The package ships no types; the reference makes its declaration visible to every project that compiles this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./snappyjs.d.ts" />
import snappy from 'snappyjs';
import { OutBinary } from '../binary/OutBinary';
import { StreamError } from '../binary/StreamError';
import { QUEUE_HEADER_SIZE, readQueueHeader } from '../messageQueue/queueFormat';
import type { ByteSource } from './ByteSource';
import { LogChunk } from './chunks';

/** Largest decompressed block accepted (B-Human's blocks are queue-buffer sized, a few MB). */
export const MAX_DECOMPRESSED_BLOCK = 256 * 1024 * 1024;

/**
 * The most a Snappy block can expand: its densest element is a 3-byte copy of 64 bytes. A block that declares
 * more than this many times its size (plus its length preamble) cannot be genuine; its declared size is what the
 * decompressor allocates, so it is refused before.
 */
export const MAX_SNAPPY_EXPANSION = 22;

/** The uncompressed length a Snappy block declares (its varint preamble), or undefined when that is malformed. */
function snappyDeclaredLength(block: Uint8Array): number | undefined {
  let value = 0;
  for (let i = 0; i < Math.min(5, block.length); i++) {
    value += (block[i]! & 0x7f) * 2 ** (7 * i);
    if (block[i]! < 0x80) return value;
  }
  return undefined;
}

/** The message bytes of all blocks and the first problem, if any. */
export interface DecompressedBody {
  body: Uint8Array;
  error?: StreamError;
}

/** Reads the blocks of a compressed chunk starting at `offset` (just after the chunk id) to the end of `source`. */
export function decompressChunk(source: ByteSource, offset: number): DecompressedBody {
  const parts: Uint8Array[] = [];
  let total = 0;
  let error: StreamError | undefined;
  let at = offset;
  while (at < source.size) {
    const sizeBytes = source.read(at, 4);
    if (sizeBytes.length < 4) {
      error = new StreamError('truncated compressed block size', at);
      break;
    }
    const size = new DataView(sizeBytes.buffer, sizeBytes.byteOffset, 4).getUint32(0, true);
    if (at + 4 + size > source.size) {
      error = new StreamError(`compressed block of ${size} bytes, only ${source.size - at - 4} left`, at);
      break;
    }
    const compressed = source.read(at + 4, size).slice();
    const declared = snappyDeclaredLength(compressed);
    if (declared !== undefined && declared > MAX_SNAPPY_EXPANSION * size + 8) {
      error = new StreamError(
        `compressed block of ${size} bytes declares ${declared} bytes, more than Snappy can make of it`,
        at,
      );
      break;
    }
    let block: Uint8Array;
    try {
      block = snappy.uncompress(compressed, MAX_DECOMPRESSED_BLOCK);
    } catch (e) {
      error = new StreamError(`damaged compressed block: ${e instanceof Error ? e.message : String(e)}`, at);
      break;
    }
    try {
      const header = readQueueHeader(block, 0, at);
      const bodySize = header.size ?? block.length - QUEUE_HEADER_SIZE;
      if (QUEUE_HEADER_SIZE + bodySize > block.length)
        throw new StreamError(
          `block queue declares ${bodySize} bytes, ${block.length - QUEUE_HEADER_SIZE} present`,
          at,
        );
      parts.push(block.subarray(QUEUE_HEADER_SIZE, QUEUE_HEADER_SIZE + bodySize));
      total += bodySize;
    } catch (e) {
      error = e instanceof StreamError ? e : new StreamError(String(e), at);
      break;
    }
    at += 4 + size;
  }
  const body = new Uint8Array(total);
  let pos = 0;
  for (const p of parts) {
    body.set(p, pos);
    pos += p.length;
  }
  return error ? { body, error } : { body };
}

/**
 * Appends a compressed chunk (id 1) holding `queues` (serialized queues with headers), one Snappy block each.
 * Used for tests and for writing compact logs.
 */
export function writeCompressedChunk(out: OutBinary, queues: readonly Uint8Array[]): void {
  out.uint8(LogChunk.compressed);
  for (const q of queues) {
    const block = snappy.compress(q);
    out.uint32(block.length);
    out.bytes(block);
  }
}

/** A compressed chunk as bytes (see writeCompressedChunk). */
export function compressedChunkBytes(queues: readonly Uint8Array[]): Uint8Array {
  const out = new OutBinary(1024);
  writeCompressedChunk(out, queues);
  return out.toBytes();
}
