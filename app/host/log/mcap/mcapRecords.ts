/**
 * @file The record layer of MCAP, read with bounds: top-level records one at a time from a byte source, a chunk's
 * records after checking its declared sizes (limits before anything is allocated, the uncompressed size and CRC
 * after decompressing), and a scan for the next chunk when a damaged record length hides where the next record
 * starts. Only the records replay needs are decoded (Schema, Channel, Message, Chunk, Footer); the rest are
 * skipped by their lengths. @mcap/core's readers stop at the first damaged byte; this layer lets a damaged chunk
 * cost that chunk.
 */
import { crc32 } from 'node:zlib';
import { MCAP_MAGIC, Opcode } from '@mcap/core';
import type { ByteSource } from '@robot-runtime/protocol/log/ByteSource';
import { decompressZstdBounded, ZstdDataError } from './boundedZstd';

/** Bytes of a record's opcode and content length. */
export const RECORD_HEADER_BYTES = 1 + 8;
/** Bytes of the Footer record with its header, and of the magic after it. */
const FOOTER_BYTES = RECORD_HEADER_BYTES + 8 + 8 + 4;

/** A record's opcode and where its content lies in the source. */
export interface RecordAt {
  opcode: number;
  /** Offset of the record (its opcode). */
  at: number;
  /** Offset and length of its content. */
  contentAt: number;
  length: number;
}

/** A Schema record. */
export interface SchemaRecord {
  id: number;
  name: string;
  encoding: string;
  data: Uint8Array;
}

/** A Channel record (metadata skipped). */
export interface ChannelRecord {
  id: number;
  schemaId: number;
  topic: string;
  messageEncoding: string;
}

/** A Message record; `data` is a view into the chunk or record it came from. */
export interface MessageRecord {
  channelId: number;
  sequence: number;
  data: Uint8Array;
}

/** A damaged record or chunk: what went wrong and where. */
export class McapRecordError extends Error {
  override name = 'McapRecordError';
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Little-endian reads within one record's content, each checked against its end. */
class ContentReader {
  private readonly view: DataView;
  offset = 0;

  constructor(
    readonly bytes: Uint8Array,
    private readonly what: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  }

  private need(n: number): void {
    if (this.offset + n > this.bytes.length)
      throw new McapRecordError(`${this.what}: needs ${n} bytes at ${this.offset}, ${this.bytes.length} in all`);
  }

  uint16(): number {
    this.need(2);
    const v = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return v;
  }

  uint32(): number {
    this.need(4);
    const v = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return v;
  }

  /** A uint64 as a number; above 2^53 it is larger than any file here, which the caller's bounds then refuse. */
  uint64(): number {
    this.need(8);
    const v = this.view.getUint32(this.offset, true) + this.view.getUint32(this.offset + 4, true) * 2 ** 32;
    this.offset += 8;
    return v;
  }

  /** `n` bytes as a view. */
  bytesView(n: number): Uint8Array {
    this.need(n);
    const v = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return v;
  }

  string(): string {
    return utf8.decode(this.bytesView(this.uint32()));
  }
}

/** Whether `source` starts with the MCAP magic. */
export function hasMcapMagic(source: ByteSource): boolean {
  const head = source.read(0, MCAP_MAGIC.length);
  return head.length === MCAP_MAGIC.length && MCAP_MAGIC.every((b, i) => head[i] === b);
}

/** Where the data section starts (after the magic). */
export const DATA_START = MCAP_MAGIC.length;

/**
 * The top-level record at `at`: undefined when fewer than a record header's bytes are left; `length` may claim
 * more than the source has (the caller decides: cut off or damaged).
 */
export function recordAt(source: ByteSource, at: number): RecordAt | undefined {
  const head = source.read(at, RECORD_HEADER_BYTES);
  if (head.length < RECORD_HEADER_BYTES) return undefined;
  const view = new DataView(head.buffer, head.byteOffset, RECORD_HEADER_BYTES);
  const length = view.getUint32(1, true) + view.getUint32(5, true) * 2 ** 32;
  return { opcode: head[0]!, at, contentAt: at + RECORD_HEADER_BYTES, length };
}

/** Reads a Schema record's content. */
export function parseSchema(content: Uint8Array): SchemaRecord {
  const r = new ContentReader(content, 'schema record');
  const id = r.uint16();
  const name = r.string();
  const encoding = r.string();
  return { id, name, encoding, data: r.bytesView(r.uint32()) };
}

/** Reads a Channel record's content (its metadata are not needed). */
export function parseChannel(content: Uint8Array): ChannelRecord {
  const r = new ContentReader(content, 'channel record');
  const id = r.uint16();
  const schemaId = r.uint16();
  const topic = r.string();
  return { id, schemaId, topic, messageEncoding: r.string() };
}

/** Reads a Message record's content; its data stay a view. */
export function parseMessage(content: Uint8Array): MessageRecord {
  if (content.length < MESSAGE_FIELDS)
    throw new McapRecordError(`message record of ${content.length} bytes, at least ${MESSAGE_FIELDS} needed`);
  const view = new DataView(content.buffer, content.byteOffset, MESSAGE_FIELDS);
  return {
    channelId: view.getUint16(0, true),
    sequence: view.getUint32(2, true),
    data: content.subarray(MESSAGE_FIELDS),
  };
}

/** A Chunk record's fields before its records. */
export interface ChunkHeader {
  uncompressedSize: number;
  uncompressedCrc: number;
  compression: string;
  /** Offset of the compressed records within the chunk's content, and their length. */
  recordsAt: number;
  recordsLength: number;
}

/** Longest compression name a chunk is recognized with (the known ones are '', 'zstd' and 'lz4'). */
const MAX_COMPRESSION_NAME = 16;

/** Reads a Chunk record's fields from the first bytes of its content (`length`: the content's full length). */
export function parseChunkHeader(head: Uint8Array, length: number): ChunkHeader {
  const r = new ContentReader(head, 'chunk record');
  r.uint64(); // message start time
  r.uint64(); // message end time
  const uncompressedSize = r.uint64();
  const uncompressedCrc = r.uint32();
  const nameLength = r.uint32();
  if (nameLength > MAX_COMPRESSION_NAME) throw new McapRecordError(`chunk compression name of ${nameLength} bytes`);
  const compression = utf8.decode(r.bytesView(nameLength));
  const recordsLength = r.uint64();
  const recordsAt = r.offset;
  if (recordsAt + recordsLength !== length)
    throw new McapRecordError(`chunk records of ${recordsLength} bytes do not fill the chunk's ${length}`);
  return { uncompressedSize, uncompressedCrc, compression, recordsAt, recordsLength };
}

/** Bytes enough to hold a chunk header with the longest compression name recognized. */
export const CHUNK_HEADER_MAX_BYTES = 8 + 8 + 8 + 4 + 4 + MAX_COMPRESSION_NAME + 8;

/**
 * The decompressed records of a chunk whose header says `header` and whose compressed records are `records`.
 * Throws McapRecordError for an unknown compression, damaged data or a CRC mismatch. The declared size is the
 * caller's to bound before this is called: it is allocated.
 */
export function chunkRecords(header: ChunkHeader, records: Uint8Array): Uint8Array {
  let out: Uint8Array;
  if (header.compression === '') out = records;
  else if (header.compression === 'zstd') {
    try {
      out = decompressZstdBounded(records, header.uncompressedSize);
    } catch (e) {
      throw new McapRecordError(e instanceof ZstdDataError ? e.message : String(e));
    }
  } else throw new McapRecordError(`chunks compressed with '${header.compression}' cannot be read here`);
  if (out.length !== header.uncompressedSize)
    throw new McapRecordError(`${out.length} bytes of records, the chunk declares ${header.uncompressedSize}`);
  if (header.uncompressedCrc !== 0) {
    const crc = crc32(out);
    if (crc !== header.uncompressedCrc)
      throw new McapRecordError(`CRC ${crc} of its records is not the declared ${header.uncompressedCrc}`);
  }
  return out;
}

/** Record opcodes a chunk may hold. */
const IN_CHUNK = new Set<number>([Opcode.SCHEMA, Opcode.CHANNEL, Opcode.MESSAGE]);

/**
 * Calls `visit` for each record in `bytes` (a chunk's records, or the summary section with `anyOpcode`) in order,
 * with its opcode and its content's start and length in `bytes` (no view is made: a chunk may hold millions of
 * records). Throws McapRecordError at a record that does not fit or may not stand there (the records before it
 * were visited).
 */
export function forEachRecord(
  bytes: Uint8Array,
  visit: (opcode: number, start: number, length: number) => void,
  anyOpcode = false,
): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let at = 0; at < bytes.length;) {
    if (bytes.length - at < RECORD_HEADER_BYTES) throw new McapRecordError(`a record header cut off at ${at}`);
    const opcode = bytes[at]!;
    if (!anyOpcode && !IN_CHUNK.has(opcode))
      throw new McapRecordError(`a record with opcode ${opcode} at ${at}, which a chunk cannot hold`);
    const length = view.getUint32(at + 1, true) + view.getUint32(at + 5, true) * 2 ** 32;
    const start = at + RECORD_HEADER_BYTES;
    if (length > bytes.length - start)
      throw new McapRecordError(`a record at ${at} claims ${length} bytes, ${bytes.length - start} are left`);
    visit(opcode, start, length);
    at = start + length;
  }
}

/** The channel id of a Message record whose content starts at `start` (checked to hold the fields first). */
export function messageChannelId(bytes: Uint8Array, start: number): number {
  return bytes[start]! | (bytes[start + 1]! << 8);
}

/** Bytes of a Message record's fields before its data. */
export const MESSAGE_FIELDS = 2 + 4 + 8 + 8;

/**
 * The summary section's bytes when the file ends with an intact footer that points at one (it repeats every
 * Schema and Channel record, which lets chunks be read whose own Schema and Channel records were lost), else
 * undefined. `maxBytes` bounds what is read.
 */
export function summarySection(source: ByteSource, maxBytes: number): Uint8Array | undefined {
  const footerAt = source.size - MCAP_MAGIC.length - FOOTER_BYTES;
  if (footerAt < DATA_START) return undefined;
  const tail = source.read(footerAt, FOOTER_BYTES + MCAP_MAGIC.length);
  if (tail[0] !== Opcode.FOOTER || !MCAP_MAGIC.every((b, i) => tail[FOOTER_BYTES + i] === b)) return undefined;
  const view = new DataView(tail.buffer, tail.byteOffset, FOOTER_BYTES);
  const start = view.getUint32(RECORD_HEADER_BYTES, true) + view.getUint32(RECORD_HEADER_BYTES + 4, true) * 2 ** 32;
  if (start < DATA_START || start >= footerAt || footerAt - start > maxBytes) return undefined;
  return source.read(start, footerAt - start);
}

/** Bytes read per step while looking for the next chunk. */
const SCAN_BLOCK = 1024 * 1024;

/**
 * The offset of the next record after `from` that reads as a whole chunk record (opcode, a length that fits the
 * source, a known compression and records that fill it exactly), or undefined. Used after a damaged record
 * length: the chunks behind it are still found.
 */
export function nextChunkAt(source: ByteSource, from: number): number | undefined {
  for (let block = from; block < source.size; block += SCAN_BLOCK) {
    const bytes = source.read(block, SCAN_BLOCK + RECORD_HEADER_BYTES + CHUNK_HEADER_MAX_BYTES);
    for (let i = bytes.indexOf(Opcode.CHUNK); i >= 0 && i < SCAN_BLOCK; i = bytes.indexOf(Opcode.CHUNK, i + 1)) {
      const at = block + i;
      const record = recordAt(source, at);
      if (!record || record.length > source.size - record.contentAt) continue;
      try {
        const header = parseChunkHeader(
          bytes.subarray(i + RECORD_HEADER_BYTES, i + RECORD_HEADER_BYTES + CHUNK_HEADER_MAX_BYTES),
          record.length,
        );
        if (['', 'zstd', 'lz4'].includes(header.compression)) return at;
      } catch {
        // not a chunk here
      }
    }
  }
  return undefined;
}
