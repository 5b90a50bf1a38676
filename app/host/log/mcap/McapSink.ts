/**
 * @file The writing end of an MCAP export: one `McapFileWriter` on a file, chunks compressed with zstd, schemas and
 * channels registered on first use, and each message encoded in the export's encoding — JSON (`json` channels with
 * JSON schemas) or Protobuf (`protobuf` channels sharing one FileDescriptorSet), and logged bytes as they are on
 * `ros1` channels whose definition describes B-Human's streaming (ros1Definition.ts). Writers hand over plain objects
 * (JSON-ready for JSON channels; byte arrays only on Protobuf ones) with Foxglove's field names; times are
 * `{ sec, nsec }` (Protobuf's Timestamp fields are filled from them).
 */
import fs from 'node:fs';
import { init as initZstd } from '@bokuweb/zstd-wasm';
import protobuf from 'protobufjs';
import { ChunkCompressorThread } from './chunkCompressorThread';
import { protobufDescriptorSet, protobufType } from './foxgloveSchemas';
import { McapFileWriter, type TextPiece } from './McapFileWriter';

/** How messages are encoded. */
export type McapEncoding = 'json' | 'protobuf';

/** A message type: its name in the file and, for JSON, its schema (Protobuf looks the name up). */
export interface McapSchema {
  /** Fully qualified name, e.g. `foxglove.FrameTransform`. */
  name: string;
  /** JSON schema (used when the export writes JSON). */
  json: Record<string, unknown>;
  /**
   * Write this Foxglove message type in Protobuf even in a JSON export: images are mostly bytes, which JSON would
   * carry as base64 (a third larger and several copies slower). Foxglove and Lichtblick read both on one file.
   */
  binary?: boolean;
  /** A ros1msg definition of bytes written as they are (writeBytes), e.g. a logged representation's. */
  ros1?: string;
}

/** A time as Foxglove messages carry it. */
export interface FoxgloveTime {
  sec: number;
  nsec: number;
}

/** The Foxglove time of `ns` nanoseconds since the UNIX epoch. */
export function foxgloveTime(ns: bigint): FoxgloveTime {
  return { sec: Number(ns / 1_000_000_000n), nsec: Number(ns % 1_000_000_000n) };
}

/**
 * zstd level 2: on an export's chunks (camera images and JSON) it is both faster than level 1 (its hash tables suit
 * the repetitive images better: 42 vs 51 ms of CPU for 80 MB) and smaller (0.54 vs 0.94 MB); levels 3 and up cost more.
 */
const ZSTD_LEVEL = 2;
/** Uncompressed bytes per chunk: a few full-size images; larger chunks compress hardly faster or smaller here. */
const CHUNK_SIZE = 4 * 1024 * 1024;

let zstdInit: Promise<void> | undefined;
/** Initializes the zstd module once: initializing it again replaces its memory under buffers still in use. */
export function zstdReady(): Promise<void> {
  zstdInit ??= initZstd();
  return zstdInit;
}

/** Protobuf wants Timestamp/Duration as { seconds, nanos }; everything else keeps its field names. */
function toProtobufShape(value: unknown): unknown {
  if (value instanceof Uint8Array || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(toProtobufShape);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 2 && 'sec' in record && 'nsec' in record) return { seconds: record.sec, nanos: record.nsec };
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = toProtobufShape(record[k]);
  return out;
}

/** Byte fields at least this long are appended after the rest of a Protobuf message (see encodeProtobuf). */
const LARGE_BYTES = 4096;

/**
 * Protobuf bytes of a `schemaName` message, as parts to be written one after another. Large top-level byte fields
 * (images) follow the other fields, which Protobuf allows in any order, each as its key and length and then the
 * caller's bytes as they are: protobufjs would copy them while growing its buffer and again to finish it, which
 * costs more than the rest of the export's image handling.
 */
function encodeProtobuf(schemaName: string, value: unknown): Uint8Array[] {
  const type = protobufType(schemaName);
  const shaped = toProtobufShape(value) as Record<string, unknown>;
  const large: { id: number; bytes: Uint8Array }[] = [];
  for (const [name, field] of Object.entries(type.fields)) {
    const bytes = shaped[name];
    if (!(bytes instanceof Uint8Array) || bytes.length < LARGE_BYTES || field.repeated) continue;
    large.push({ id: field.id, bytes });
    delete shaped[name];
  }
  const parts = [type.encode(shaped).finish()];
  for (const f of large) {
    // Wire type 2 (length-delimited): the key, the length, the bytes.
    parts.push(
      protobuf.Writer.create()
        .uint32((f.id << 3) | 2)
        .uint32(f.bytes.length)
        .finish(),
      f.bytes,
    );
  }
  return parts;
}

/** Which message a write produced: its channel and sequence number. */
export interface WrittenMessage {
  channelId: number;
  sequence: number;
}

/** An MCAP file being written. */
export class McapSink {
  /** Messages written per topic. */
  readonly counts = new Map<string, number>();
  private readonly schemas = new Map<string, number>();
  private readonly channels = new Map<string, number>();
  private readonly encoder = new TextEncoder();
  private sequence = 0;
  private closed = false;
  private messages = 0;

  private constructor(
    /**
     * The MCAP writer, for channels that write records themselves (e.g. raw log frames). Call it only from a
     * channel writer's start() or frame(), which the export awaits one after another, as the writer requires.
     */
    readonly writer: McapFileWriter,
    private readonly fd: number,
    private readonly compressor: ChunkCompressorThread,
    readonly encoding: McapEncoding,
  ) {}

  /** Creates `path` (it must not be `input`, the file being exported) and starts the MCAP file. */
  static async create(path: string, encoding: McapEncoding, profile: string): Promise<McapSink> {
    await zstdReady();
    const fd = fs.openSync(path, 'w');
    const compressor = new ChunkCompressorThread(ZSTD_LEVEL);
    const writer = new McapFileWriter(fd, { chunkSize: CHUNK_SIZE, compressor });
    try {
      await writer.start({ profile, library: 'pitchside' });
    } catch (error) {
      compressor.close();
      fs.closeSync(fd);
      throw error;
    }
    return new McapSink(writer, fd, compressor, encoding);
  }

  /** Number of messages written. */
  get messageCount(): number {
    return this.messages;
  }

  /** Number of channels registered. */
  get channelCount(): number {
    return this.channels.size;
  }

  /**
   * Writes `value` as a `schema` message on `topic` at `logTime` (ns since the UNIX epoch). JSON values must be
   * JSON-ready (byte arrays already base64, see toJson; images go to Protobuf).
   */
  write(topic: string, schema: McapSchema, value: unknown, logTime: bigint): WrittenMessage {
    const channelId = this.channels.get(topic) ?? this.registerChannel(topic, schema);
    const header = { channelId, sequence: this.sequence++, logTime, publishTime: logTime };
    if (this.encodingOf(schema) === 'json') this.writer.addTextMessage(header, JSON.stringify(value));
    else this.writer.addMessageParts(header, encodeProtobuf(schema.name, value));
    return this.written(topic, header);
  }

  /**
   * Writes `json`, the JSON text of a `schema` message (see repeatedJson.ts) or the pieces it is made of, on `topic`
   * at `logTime`. Only for JSON channels: a Protobuf message is built from its value (see write).
   */
  writeJson(topic: string, schema: McapSchema, json: string | readonly TextPiece[], logTime: bigint): WrittenMessage {
    if (this.encodingOf(schema) !== 'json') throw new Error(`${topic}: ${schema.name} is not written as JSON`);
    const channelId = this.channels.get(topic) ?? this.registerChannel(topic, schema);
    const header = { channelId, sequence: this.sequence++, logTime, publishTime: logTime };
    this.writer.addTextMessage(header, json);
    return this.written(topic, header);
  }

  /** Writes `bytes` as they are on `topic`, a channel of `schema`, which must have a ROS 1 definition. */
  writeBytes(topic: string, schema: McapSchema, bytes: Uint8Array, logTime: bigint): WrittenMessage {
    if (schema.ros1 === undefined) throw new Error(`${topic}: ${schema.name} has no ROS 1 definition`);
    const channelId = this.channels.get(topic) ?? this.registerChannel(topic, schema);
    const header = { channelId, sequence: this.sequence++, logTime, publishTime: logTime };
    this.writer.addMessageParts(header, [bytes]);
    return this.written(topic, header);
  }

  private written(topic: string, header: { channelId: number; sequence: number }): WrittenMessage {
    this.messages++;
    this.counts.set(topic, (this.counts.get(topic) ?? 0) + 1);
    return { channelId: header.channelId, sequence: header.sequence };
  }

  /** Adds a Metadata record (string values; structured ones as JSON text). */
  async metadata(name: string, entries: Record<string, string>): Promise<void> {
    await this.writer.addMetadata({ name, metadata: new Map(Object.entries(entries)) });
  }

  /** Finishes the file (summary, statistics, footer) and closes it; returns its size in bytes. */
  async end(): Promise<number> {
    try {
      await this.writer.end();
      return Number(this.writer.bytesWritten);
    } finally {
      this.close();
    }
  }

  /** Closes the file without finishing it (after an error). */
  abort(): void {
    this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.compressor.close();
    fs.closeSync(this.fd);
  }

  private encodingOf(schema: McapSchema): McapEncoding | 'ros1' {
    if (schema.ros1 !== undefined) return 'ros1';
    return schema.binary ? 'protobuf' : this.encoding;
  }

  private registerSchema(encoding: McapEncoding | 'ros1', schema: McapSchema): number {
    if (encoding === 'ros1')
      return this.writer.addSchema({
        name: schema.name,
        encoding: 'ros1msg',
        data: this.encoder.encode(schema.ros1),
      });
    if (encoding === 'json')
      return this.writer.addSchema({
        name: schema.name,
        encoding: 'jsonschema',
        data: this.encoder.encode(JSON.stringify(schema.json)),
      });
    return this.writer.addSchema({ name: schema.name, encoding: 'protobuf', data: protobufDescriptorSet() });
  }

  private registerChannel(topic: string, schema: McapSchema): number {
    const encoding = this.encodingOf(schema);
    const key = `${encoding}:${schema.name}`;
    let schemaId = this.schemas.get(key);
    if (schemaId === undefined) {
      schemaId = this.registerSchema(encoding, schema);
      this.schemas.set(key, schemaId);
    }
    const channelId = this.writer.addChannel({
      topic,
      schemaId,
      messageEncoding: encoding,
      metadata: new Map(),
    });
    this.channels.set(topic, channelId);
    return channelId;
  }
}
