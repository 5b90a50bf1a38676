/**
 * @file A chunked MCAP writer for large exports (the same records, indexes and summary as @mcap/core's McapWriter,
 * whose record builder writes every record but the messages). McapWriter costs more than the rest of an image-heavy
 * export: it copies each message into a growing buffer, copies the chunk again to read it, and computes the chunk's
 * CRC in JavaScript. Here a message is copied once, into a reused chunk buffer, and every CRC comes from Node's
 * zlib (native). A full chunk is handed over to a `ChunkCompressor`, which may compress it on another thread while
 * the next chunk fills (chunkCompressorThread.ts); chunks are written in the order they were filled.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { McapRecordBuilder, Opcode, type McapTypes } from '@mcap/core';

/** What writing messages needs (McapWriter has the same methods, so the raw-frames channel can use either). */
export interface McapMessageWriter {
  registerSchema(info: Omit<McapTypes.Schema, 'id'>): Promise<number>;
  registerChannel(info: Omit<McapTypes.Channel, 'id'>): Promise<number>;
  addMessage(message: McapTypes.Message): Promise<void>;
  /** Adds a message whose data are `parts` one after another, without joining them first (where supported). */
  addMessageParts?(header: MessageHeader, parts: readonly Uint8Array[]): void;
}

/** A piece of a text message: text, or text already in UTF-8 (a piece written again and again is copied, not encoded). */
export type TextPiece = string | Uint8Array;

/** A message without its data. */
export type MessageHeader = Omit<McapTypes.Message, 'data'>;

/** Compresses a chunk's records; `data` is a view into the writer's buffer, valid only during the call. */
export type CompressChunk = (data: Uint8Array) => { compression: string; compressedData: Uint8Array };

/** A chunk's records compressed, with what the writer needs back. */
export interface CompressedChunk {
  compression: string;
  compressedData: Uint8Array;
  /** CRC-32 of the uncompressed records. */
  uncompressedCrc: number;
  /** The submitted chunk's buffer, free for the writer to fill again. */
  buffer: ArrayBuffer;
}

/**
 * Compresses chunks, possibly on another thread while the writer fills the next one: results come back in the
 * order the chunks were submitted.
 */
export interface ChunkCompressor {
  /** Takes over `records` and its whole buffer: the writer does not touch the buffer until `next` returns it. */
  submit(records: Uint8Array): void;
  /** The oldest submitted chunk's result; waits for it. */
  next(): CompressedChunk;
}

/** A compressor that compresses in `submit`, on the calling thread (`compress` absent: chunks stored as they are). */
export function inlineCompressor(compress?: CompressChunk): ChunkCompressor {
  const done: CompressedChunk[] = [];
  return {
    submit(records) {
      const { compression, compressedData } = compress?.(records) ?? { compression: '', compressedData: records };
      // Stored uncompressed, the records are written from the buffer, so it goes back only as a copy.
      const stored = compressedData === records ? records.slice() : compressedData;
      done.push({
        compression,
        compressedData: stored,
        uncompressedCrc: zlib.crc32(records),
        buffer: records.buffer as ArrayBuffer,
      });
    },
    next() {
      const result = done.shift();
      if (!result) throw new Error('MCAP: no chunk submitted');
      return result;
    },
  };
}

/** Options of the writer. */
export interface McapFileWriterOptions {
  /** Uncompressed bytes after which a chunk is closed (a larger message makes a larger chunk). */
  chunkSize: number;
  /** Compression of the chunks on this thread (neither this nor `compressor`: stored as they are). */
  compressChunk?: CompressChunk;
  /** Compression of the chunks, e.g. on another thread; takes precedence over `compressChunk`. */
  compressor?: ChunkCompressor;
}

/** A chunk handed to the compressor and not written yet: what its record and indexes need besides the data. */
interface PendingChunk {
  messageStartTime: bigint;
  messageEndTime: bigint;
  uncompressedSize: bigint;
  /** Per channel: the log time and the offset in the chunk of each message. */
  indexes: Map<number, ChannelIndex>;
}

/** The messages of one channel in a chunk, for its MessageIndex record. */
interface ChannelIndex {
  times: bigint[];
  offsets: number[];
}

/**
 * The MessageIndex records of a chunk, one per channel: opcode, record length, channel id, the entries' byte
 * length, then per message its log time and offset. Written here rather than by @mcap/core's record builder, which
 * takes a pair of BigInts per message and was a tenth of an image-heavy export's writing. Also returns where each
 * channel's record starts in the bytes.
 */
function messageIndexRecords(indexes: Map<number, ChannelIndex>): { bytes: Uint8Array; starts: Map<number, number> } {
  const HEAD = 1 + 8 + 2 + 4;
  let length = 0;
  for (const index of indexes.values()) length += HEAD + 16 * index.times.length;
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  const starts = new Map<number, number>();
  let at = 0;
  for (const [channelId, index] of indexes) {
    const entries = index.times.length;
    starts.set(channelId, at);
    view.setUint8(at, Opcode.MESSAGE_INDEX);
    view.setUint32(at + 1, 2 + 4 + 16 * entries, true);
    view.setUint16(at + 9, channelId, true);
    view.setUint32(at + 11, 16 * entries, true);
    at += HEAD;
    for (let i = 0; i < entries; i++, at += 16) {
      view.setBigUint64(at, index.times[i]!, true);
      view.setUint32(at + 8, index.offsets[i]!, true);
    }
  }
  return { bytes, starts };
}

/** Chunks handed to the compressor that may wait to be written, besides the one compressing. */
const CHUNKS_IN_FLIGHT = 3;

/**
 * Chunk buffers of finished writers, for the next writer of the process. Each export allocated a few buffers of
 * several MB, zeroed and faulted in page by page, and their memory outside the heap started a full garbage
 * collection in every export (a tenth of it, and most of its variation).
 */
const chunkBufferPool: ArrayBuffer[] = [];
/** Buffers kept in the pool at most: those one writer fills and has in flight … */
const POOLED_BUFFERS = CHUNKS_IN_FLIGHT + 2;
/** … and of at most this size (a chunk grown for one huge message is not kept). */
const POOLED_BUFFER_BYTES = 16 << 20;

/** A buffer of at least `capacity` bytes, from the pool if one there is large enough. */
function chunkBuffer(capacity: number): ArrayBuffer {
  const i = chunkBufferPool.findIndex((b) => b.byteLength >= capacity);
  return i >= 0 ? chunkBufferPool.splice(i, 1)[0]! : new ArrayBuffer(capacity);
}

/** Returns `buffers` to the pool (up to its size). */
function poolChunkBuffers(buffers: readonly ArrayBuffer[]): void {
  for (const b of buffers)
    if (chunkBufferPool.length < POOLED_BUFFERS && b.byteLength > 0 && b.byteLength <= POOLED_BUFFER_BYTES)
      chunkBufferPool.push(b);
}

/** Opcode, record length, channel id, sequence, log time, publish time. */
const MESSAGE_HEADER_BYTES = 1 + 8 + 2 + 4 + 8 + 8;

/** An MCAP file being written to a file descriptor; call the methods one after another (each awaited). */
export class McapFileWriter implements McapMessageWriter {
  private readonly records = new McapRecordBuilder();
  /** The open chunk's records (a Buffer, which can encode text at an offset). */
  private chunk: Buffer;
  private chunkView: DataView;
  private chunkLength = 0;
  private chunkMessages = 0;
  private chunkStart = 0n;
  private chunkEnd = 0n;
  /** Per channel of the open chunk: [log time, offset in the chunk] of each message. */
  private chunkIndexes = new Map<number, ChannelIndex>();
  private readonly compressor: ChunkCompressor;
  /** Chunks with the compressor, oldest first. */
  private readonly pending: PendingChunk[] = [];
  /** Buffers back from the compressor, to fill again. */
  private readonly spareBuffers: ArrayBuffer[] = [];
  /** Bytes written so far (the offset of the next record). */
  private position = 0n;
  /** Running CRC-32 of the data section (everything before DataEnd). */
  private dataCrc = 0;
  private readonly schemas = new Map<number, McapTypes.Schema>();
  private readonly channels = new Map<number, McapTypes.Channel>();
  private readonly writtenSchemas = new Set<number>();
  private readonly writtenChannels = new Set<number>();
  private readonly chunkIndex: McapTypes.ChunkIndex[] = [];
  private readonly metadataIndex: McapTypes.MetadataIndex[] = [];
  /** Messages written, in all and per channel (numbers while writing; the statistics get them at the end). */
  private messages = 0;
  private readonly channelMessages = new Map<number, number>();
  private readonly statistics: McapTypes.Statistics = {
    messageCount: 0n,
    schemaCount: 0,
    channelCount: 0,
    attachmentCount: 0,
    metadataCount: 0,
    chunkCount: 0,
    messageStartTime: 0n,
    messageEndTime: 0n,
    channelMessageCounts: new Map(),
  };

  constructor(
    private readonly fd: number,
    private readonly options: McapFileWriterOptions,
  ) {
    this.chunk = Buffer.from(chunkBuffer(options.chunkSize + (options.chunkSize >> 2)));
    this.chunkView = new DataView(this.chunk.buffer);
    this.compressor = options.compressor ?? inlineCompressor(options.compressChunk);
  }

  /** Bytes written to the file so far. */
  get bytesWritten(): bigint {
    return this.position;
  }

  /** Writes the magic and the Header record. */
  async start(header: McapTypes.Header): Promise<void> {
    this.records.writeMagic();
    this.records.writeHeader(header);
    this.flushRecords();
  }

  async registerSchema(info: Omit<McapTypes.Schema, 'id'>): Promise<number> {
    return this.addSchema(info);
  }

  async registerChannel(info: Omit<McapTypes.Channel, 'id'>): Promise<number> {
    return this.addChannel(info);
  }

  /** registerSchema without waiting: the id is known at once. */
  addSchema(info: Omit<McapTypes.Schema, 'id'>): number {
    const id = this.schemas.size + 1; // 0 means "no schema"
    this.schemas.set(id, { ...info, id });
    this.statistics.schemaCount++;
    return id;
  }

  /** registerChannel without waiting: the id is known at once. */
  addChannel(info: Omit<McapTypes.Channel, 'id'>): number {
    const id = this.channels.size;
    this.channels.set(id, { ...info, id });
    this.statistics.channelCount++;
    return id;
  }

  async addMessage(message: McapTypes.Message): Promise<void> {
    this.addMessageParts(message, [message.data]);
  }

  /** Adds a message whose data are `parts` one after another (copied once, into the chunk). */
  addMessageParts(header: MessageHeader, parts: readonly Uint8Array[]): void {
    let length = 0;
    for (const p of parts) length += p.length;
    let at = this.beginMessage(header, length);
    for (const p of parts) {
      this.chunk.set(p, at);
      at += p.length;
    }
    this.endMessage();
  }

  /**
   * Adds a message whose data are `text` in UTF-8, encoded straight into the chunk; pieces of text are written one
   * after another, without joining them first.
   */
  addTextMessage(header: MessageHeader, text: string | readonly TextPiece[]): void {
    const pieces = typeof text === 'string' ? [text] : text;
    let most = 0;
    // At most three bytes per UTF-16 code unit; the record's length is set to what was written.
    for (const piece of pieces) most += typeof piece === 'string' ? piece.length * 3 : piece.length;
    const start = this.beginMessage(header, most);
    let at = start;
    for (const piece of pieces) {
      if (typeof piece !== 'string') {
        this.chunk.set(piece, at);
        at += piece.length;
      }
      // Buffer.write encodes at an offset: no view of the chunk per piece.
      else at += this.chunk.write(piece, at, 'utf8');
    }
    const written = at - start;
    this.chunkLength = at;
    this.chunkView.setUint32(start - MESSAGE_HEADER_BYTES + 1, MESSAGE_HEADER_BYTES - 9 + written, true);
    this.endMessage();
  }

  /** Writes a message record's header for `length` bytes of data into the chunk; returns where the data go. */
  private beginMessage(header: MessageHeader, length: number): number {
    const { channelId, logTime } = header;
    if (!this.writtenChannels.has(channelId)) this.writeChannelIntoChunk(channelId);
    const stats = this.statistics;
    if (this.messages === 0 || logTime < stats.messageStartTime) stats.messageStartTime = logTime;
    if (this.messages === 0 || logTime > stats.messageEndTime) stats.messageEndTime = logTime;
    this.messages++;
    this.channelMessages.set(channelId, (this.channelMessages.get(channelId) ?? 0) + 1);
    if (this.chunkMessages === 0 || logTime < this.chunkStart) this.chunkStart = logTime;
    if (this.chunkMessages === 0 || logTime > this.chunkEnd) this.chunkEnd = logTime;
    this.chunkMessages++;
    let index = this.chunkIndexes.get(channelId);
    if (!index) this.chunkIndexes.set(channelId, (index = { times: [], offsets: [] }));
    index.times.push(logTime);
    index.offsets.push(this.chunkLength);
    const at = this.reserve(MESSAGE_HEADER_BYTES + length);
    const view = this.chunkView;
    view.setUint8(at, Opcode.MESSAGE);
    // The record length as two 32-bit halves: a BigInt per message costs more than the rest of the header.
    view.setUint32(at + 1, MESSAGE_HEADER_BYTES - 9 + length, true);
    view.setUint32(at + 5, 0, true);
    view.setUint16(at + 9, channelId, true);
    view.setUint32(at + 11, header.sequence, true);
    view.setBigUint64(at + 15, logTime, true);
    view.setBigUint64(at + 23, header.publishTime, true);
    return at + MESSAGE_HEADER_BYTES;
  }

  /** Closes the chunk once it is full. */
  private endMessage(): void {
    if (this.chunkLength >= this.options.chunkSize) this.finishChunk();
  }

  /** Writes a Metadata record (outside chunks, as the spec wants). */
  async addMetadata(metadata: McapTypes.Metadata): Promise<void> {
    const offset = this.position;
    const length = this.records.writeMetadata(metadata);
    this.metadataIndex.push({ name: metadata.name, offset, length });
    this.statistics.metadataCount++;
    this.flushRecords();
  }

  /** Closes the last chunk and writes DataEnd, the summary (schemas, channels, statistics, indexes) and footer. */
  async end(): Promise<void> {
    this.finishChunk();
    while (this.pending.length > 0) this.writeOldestChunk();
    poolChunkBuffers([...this.spareBuffers, this.chunk.buffer as ArrayBuffer]);
    this.spareBuffers.length = 0;
    this.chunk = Buffer.alloc(0);
    this.records.writeDataEnd({ dataSectionCrc: this.dataCrc });
    this.flushRecords();
    const summaryStart = this.position;
    const groups: McapTypes.SummaryOffset[] = [];
    const group = (groupOpcode: number, write: () => bigint) => {
      const groupStart = summaryStart + BigInt(this.records.length);
      const groupLength = write();
      if (groupLength > 0n) groups.push({ groupOpcode, groupStart, groupLength });
    };
    const each =
      <T>(items: Iterable<T>, write: (item: T) => bigint) =>
      () => {
        let length = 0n;
        for (const item of items) length += write(item);
        return length;
      };
    group(
      Opcode.SCHEMA,
      each(this.schemas.values(), (s) => this.records.writeSchema(s)),
    );
    group(
      Opcode.CHANNEL,
      each(this.channels.values(), (c) => this.records.writeChannel(c)),
    );
    this.statistics.messageCount = BigInt(this.messages);
    for (const [channel, count] of this.channelMessages)
      this.statistics.channelMessageCounts.set(channel, BigInt(count));
    group(Opcode.STATISTICS, () => this.records.writeStatistics(this.statistics));
    group(
      Opcode.METADATA_INDEX,
      each(this.metadataIndex, (m) => this.records.writeMetadataIndex(m)),
    );
    group(
      Opcode.CHUNK_INDEX,
      each(this.chunkIndex, (c) => this.records.writeChunkIndex(c)),
    );
    const summaryOffsetStart = summaryStart + BigInt(this.records.length);
    for (const g of groups) this.records.writeSummaryOffset(g);
    // The summary CRC covers the summary and the footer up to the CRC itself.
    const summary = this.records.buffer;
    this.records.reset();
    const footerHead = new DataView(new ArrayBuffer(1 + 8 + 8 + 8));
    footerHead.setUint8(0, Opcode.FOOTER);
    footerHead.setBigUint64(1, 8n + 8n + 4n, true);
    footerHead.setBigUint64(9, summaryStart, true);
    footerHead.setBigUint64(17, summaryOffsetStart, true);
    const summaryCrc = zlib.crc32(footerHead, zlib.crc32(summary));
    this.writeOut(summary);
    this.records.writeFooter({ summaryStart, summaryOffsetStart, summaryCrc });
    this.records.writeMagic();
    this.flushRecords();
  }

  /** Writes channel `id` (and its schema, the first time) into the open chunk, before its first message. */
  private writeChannelIntoChunk(id: number): void {
    const channel = this.channels.get(id);
    if (!channel) throw new Error(`MCAP: no channel ${id}`);
    const schema = channel.schemaId === 0 ? undefined : this.schemas.get(channel.schemaId);
    if (channel.schemaId !== 0 && !schema) throw new Error(`MCAP: no schema ${channel.schemaId}`);
    const records = new McapRecordBuilder();
    if (schema && !this.writtenSchemas.has(schema.id)) {
      records.writeSchema(schema);
      this.writtenSchemas.add(schema.id);
    }
    records.writeChannel(channel);
    this.writtenChannels.add(id);
    const bytes = records.buffer;
    // reserve() may replace the chunk buffer, so it runs before the buffer is looked at.
    const at = this.reserve(bytes.length);
    this.chunk.set(bytes, at);
  }

  /** Makes room for `n` more bytes in the chunk and returns where they go. */
  private reserve(n: number): number {
    const at = this.chunkLength;
    if (at + n > this.chunk.length) {
      const grown = Buffer.from(new ArrayBuffer(Math.max(this.chunk.length * 2, at + n)));
      grown.set(this.chunk.subarray(0, at));
      this.chunk = grown;
      this.chunkView = new DataView(grown.buffer);
    }
    this.chunkLength = at + n;
    return at;
  }

  /** Hands the open chunk to the compressor and writes the chunk handed over before it, once that is compressed. */
  private finishChunk(): void {
    if (this.chunkMessages === 0) return;
    this.pending.push({
      messageStartTime: this.chunkStart,
      messageEndTime: this.chunkEnd,
      uncompressedSize: BigInt(this.chunkLength),
      indexes: this.chunkIndexes,
    });
    // Read before the hand-over, which may detach the buffer.
    const capacity = this.chunk.length;
    this.compressor.submit(this.chunk.subarray(0, this.chunkLength));
    // Chunks compress while the next fill; a few may wait, so that a run of images, which fill chunks faster than
    // they compress, does not stop the export. Waiting for the oldest one here bounds the memory in flight.
    if (this.pending.length > CHUNKS_IN_FLIGHT) this.writeOldestChunk();
    const buffer = this.spareBuffers.pop() ?? chunkBuffer(capacity);
    this.chunk = Buffer.from(buffer);
    this.chunkView = new DataView(buffer);
    this.chunkIndexes = new Map();
    this.chunkLength = 0;
    this.chunkMessages = 0;
  }

  /** Writes the oldest chunk with the compressor, with its message indexes, once it is compressed. */
  private writeOldestChunk(): void {
    const chunk = this.pending.shift()!;
    const { compression, compressedData, uncompressedCrc, buffer } = this.compressor.next();
    this.spareBuffers.push(buffer);
    const chunkStartOffset = this.position;
    const chunkLength = this.records.writeChunk({
      messageStartTime: chunk.messageStartTime,
      messageEndTime: chunk.messageEndTime,
      uncompressedSize: chunk.uncompressedSize,
      uncompressedCrc,
      compression,
      records: compressedData,
    });
    this.flushRecords();
    const messageIndexStart = chunkStartOffset + chunkLength;
    const { bytes, starts } = messageIndexRecords(chunk.indexes);
    this.writeData(bytes);
    const messageIndexOffsets = new Map<number, bigint>();
    for (const [channelId, start] of starts) messageIndexOffsets.set(channelId, messageIndexStart + BigInt(start));
    const messageIndexLength = BigInt(bytes.length);
    this.chunkIndex.push({
      messageStartTime: chunk.messageStartTime,
      messageEndTime: chunk.messageEndTime,
      chunkStartOffset,
      chunkLength,
      messageIndexOffsets,
      messageIndexLength,
      compression,
      compressedSize: BigInt(compressedData.length),
      uncompressedSize: chunk.uncompressedSize,
    });
    this.statistics.chunkCount++;
  }

  /** Writes the record builder's records to the file (they belong to the data section until end()). */
  private flushRecords(): void {
    const bytes = this.records.buffer;
    this.records.reset();
    this.writeData(bytes);
  }

  /** Writes `bytes` of the data section (the data section's CRC covers them). */
  private writeData(bytes: Uint8Array): void {
    this.dataCrc = zlib.crc32(bytes, this.dataCrc);
    this.writeOut(bytes);
  }

  private writeOut(bytes: Uint8Array): void {
    for (let done = 0; done < bytes.length;) done += fs.writeSync(this.fd, bytes, done);
    this.position += BigInt(bytes.length);
  }
}
