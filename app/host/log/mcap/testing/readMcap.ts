/**
 * @file Test helper: reads an MCAP file with `@mcap/core` (zstd chunks decompressed) into its schemas, channels,
 * messages and metadata, and validates messages on well-known Foxglove schemas against `@foxglove/schemas`' JSON
 * schemas with Ajv, and decodes `ros1` messages with Foxglove's own ROS 1 reader — an independent check of what an
 * export wrote.
 */
import fs from 'node:fs';
import { McapStreamReader } from '@mcap/core';
import { parse as parseRos1 } from '@foxglove/rosmsg';
import { MessageReader } from '@foxglove/rosmsg-serialization';
import { decompress } from '@bokuweb/zstd-wasm';
import jsonSchemas from '@foxglove/schemas/jsonschema';
import { Ajv, type ValidateFunction } from 'ajv';
import type protobuf from 'protobufjs';
import { rootFromDescriptorSet } from '../foxgloveSchemas';
import { zstdReady } from '../McapSink';

/** One message with its channel's topic and schema. */
export interface ReadMessage {
  topic: string;
  schemaName: string;
  encoding: string;
  schemaEncoding: string;
  schemaData: Uint8Array;
  logTime: bigint;
  data: Uint8Array;
}

/** An MCAP file's content. */
export interface ReadMcap {
  profile: string;
  messages: ReadMessage[];
  metadata: Map<string, Map<string, string>>;
  /** Compression of each chunk. */
  chunkCompressions: string[];
}

/** Reads `path` completely. */
export async function readMcap(path: string): Promise<ReadMcap> {
  await zstdReady();
  const reader = new McapStreamReader({
    includeChunks: true,
    decompressHandlers: { zstd: (data, size) => decompress(data).subarray(0, Number(size)) },
  });
  reader.append(fs.readFileSync(path));
  const schemas = new Map<number, { name: string; encoding: string; data: Uint8Array }>();
  const channels = new Map<number, { topic: string; schemaId: number; encoding: string }>();
  const result: ReadMcap = { profile: '', messages: [], metadata: new Map(), chunkCompressions: [] };
  for (let r = reader.nextRecord(); r; r = reader.nextRecord()) {
    if (r.type === 'Header') result.profile = r.profile;
    else if (r.type === 'Chunk') result.chunkCompressions.push(r.compression);
    else if (r.type === 'Schema') schemas.set(r.id, { name: r.name, encoding: r.encoding, data: r.data });
    else if (r.type === 'Channel')
      channels.set(r.id, { topic: r.topic, schemaId: r.schemaId, encoding: r.messageEncoding });
    else if (r.type === 'Metadata') result.metadata.set(r.name, r.metadata);
    else if (r.type === 'Message') {
      const channel = channels.get(r.channelId)!;
      const schema = schemas.get(channel.schemaId)!;
      result.messages.push({
        topic: channel.topic,
        schemaName: schema.name,
        encoding: channel.encoding,
        schemaEncoding: schema.encoding,
        schemaData: schema.data,
        logTime: r.logTime,
        data: r.data,
      });
    }
  }
  if (!reader.done()) throw new Error(`${path}: the MCAP file is incomplete`);
  return result;
}

const validators = new Map<string, ValidateFunction>();
const ajv = new Ajv({ strict: false, allErrors: false });

/** A Protobuf message as the JSON form Foxglove's JSON schemas describe (times as sec/nsec, bytes as base64). */
function protobufAsJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(protobufAsJson);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 2 && 'seconds' in record && 'nanos' in record)
    return { sec: Number(record.seconds), nsec: Number(record.nanos) };
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = protobufAsJson(record[k]);
  return out;
}

const roots = new Map<Uint8Array, protobuf.Root>();
const ros1Readers = new Map<Uint8Array, MessageReader>();

/** `value` with typed arrays as plain arrays (Foxglove's ROS 1 reader gives Float32Array and the like). */
export function plainArrays(value: unknown): unknown {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView))
    return Array.from(value as unknown as ArrayLike<number>);
  if (Array.isArray(value)) return value.map(plainArrays);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = plainArrays(v);
  return out;
}

/** The message decoded from JSON, from Protobuf (with the file's own descriptor set) or from ROS 1 (its ros1msg). */
export function decodeMessage(m: ReadMessage): unknown {
  if (m.encoding === 'json') return JSON.parse(new TextDecoder().decode(m.data));
  if (m.encoding === 'ros1') {
    let reader = ros1Readers.get(m.schemaData);
    if (!reader) {
      const definitions = parseRos1(new TextDecoder().decode(m.schemaData), { ros2: false });
      ros1Readers.set(m.schemaData, (reader = new MessageReader(definitions)));
    }
    return plainArrays(reader.readMessage(m.data));
  }
  let root = roots.get(m.schemaData);
  if (!root) roots.set(m.schemaData, (root = rootFromDescriptorSet(m.schemaData)));
  const type = root.lookupType(m.schemaName);
  return protobufAsJson(
    type.toObject(type.decode(m.data), { longs: Number, bytes: String, enums: Number, defaults: true, arrays: true }),
  );
}

/**
 * Problems of the messages on `foxglove.*` schemas, JSON or Protobuf (validated against @foxglove/schemas' own JSON
 * schema, not the one in the file); also returns how many were checked.
 */
export function foxgloveProblems(messages: readonly ReadMessage[]): { checked: number; problems: string[] } {
  const problems: string[] = [];
  let checked = 0;
  for (const m of messages) {
    if (!m.schemaName.startsWith('foxglove.')) continue;
    const short = m.schemaName.slice('foxglove.'.length);
    let validate = validators.get(short);
    if (!validate) {
      const schema = (jsonSchemas as unknown as Record<string, object>)[short];
      if (!schema) {
        problems.push(`${m.topic}: ${m.schemaName} is not a Foxglove schema`);
        continue;
      }
      validators.set(short, (validate = ajv.compile(schema)));
    }
    checked++;
    if (!validate(decodeMessage(m))) problems.push(`${m.topic}: ${ajv.errorsText(validate.errors)}`);
  }
  return { checked, problems };
}
