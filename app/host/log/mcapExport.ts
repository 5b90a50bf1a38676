/**
 * @file `npm run log -- export --mcap`: writes a log as an MCAP file that Foxglove Studio and Lichtblick open.
 * Each (thread, message id) becomes a channel `/<thread>/<Representation>` whose messages are the decoded
 * representation as JSON with a JSON schema taken from the log's type info; camera images become
 * `foxglove.RawImage` (YUYV) so they show in an image panel. Log time is the frame's FrameInfo time.
 */
import fs from 'node:fs';
import { McapWriter, type IWritable } from '@mcap/core';
import { InBinary } from '../../../robot-runtime/protocol/binary/InBinary';
import { decodeAnnotation } from '../../../robot-runtime/protocol/debugMessages/annotation';
import { MessageID, representationForMessageId } from '../../../robot-runtime/protocol/messages/MessageIDs';
import { genericCodec } from '../../../robot-runtime/protocol/typeInfo/genericCodec';
import { typeInfoFromTypes } from '../../../robot-runtime/protocol/typeInfo/fromTypes';
import type { TypeInfo } from '../../../robot-runtime/protocol/typeInfo/TypeInfo';
import type { AnyType } from '../../../robot-runtime/protocol/types';
import { allRepresentations } from '../../../robot-runtime/representations/allRepresentations';
import { frameTimeOf } from './frameTime';
import { jsonSchemaOf, toJson, type JsonSchema } from './jsonSchema';
import type { LogFile } from './LogFile';

/** What an export wrote. */
export interface McapExportResult {
  messages: number;
  channels: number;
  /** Messages that could not be decoded (skipped). */
  skipped: number;
  bytes: number;
}

/** Appends to a file descriptor (the writer awaits each write, so plain synchronous writes keep order). */
class FileWritable implements IWritable {
  private offset = 0n;
  constructor(private readonly fd: number) {}
  async write(buffer: Uint8Array): Promise<void> {
    fs.writeSync(this.fd, buffer);
    this.offset += BigInt(buffer.length);
  }
  position(): bigint {
    return this.offset;
  }
}

const RAW_IMAGE_SCHEMA: JsonSchema = {
  type: 'object',
  title: 'foxglove.RawImage',
  properties: {
    timestamp: { type: 'object', properties: { sec: { type: 'integer' }, nsec: { type: 'integer' } } },
    frame_id: { type: 'string' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    encoding: { type: 'string' },
    step: { type: 'integer' },
    data: { type: 'string', contentEncoding: 'base64' },
  },
};

const ANNOTATION_SCHEMA: JsonSchema = { type: 'object', title: 'Annotation', properties: { number: { type: 'integer' }, name: { type: 'string' }, description: { type: 'string' } } };

/** Our declarations, for logs without type info. */
let ownTypeInfo: TypeInfo | undefined;
function fallbackTypeInfo(): TypeInfo {
  ownTypeInfo ??= typeInfoFromTypes(allRepresentations as unknown as AnyType[]);
  return ownTypeInfo;
}

/** Exports `file` (its first `frameLimit` frames) to `out`; `onProgress` gets the fraction done now and then. */
export async function exportMcap(file: LogFile, out: string, onProgress?: (fraction: number) => void, frameLimit = Infinity): Promise<McapExportResult> {
  const info = file.typeInfo ?? fallbackTypeInfo();
  // Schemas are registered once per representation; the first type info that describes it is used.
  const fd = fs.openSync(out, 'w');
  const writable = new FileWritable(fd);
  const writer = new McapWriter({ writable, useStatistics: true, useChunks: true, chunkSize: 4 * 1024 * 1024 });
  const result: McapExportResult = { messages: 0, channels: 0, skipped: 0, bytes: 0 };
  const schemas = new Map<string, number>();
  const channels = new Map<string, number>();
  const encoder = new TextEncoder();
  const channelOf = async (thread: string, name: string, schema: JsonSchema): Promise<number> => {
    const key = `${thread}/${name}`;
    let channel = channels.get(key);
    if (channel !== undefined) return channel;
    let schemaId = schemas.get(name);
    if (schemaId === undefined) {
      schemaId = await writer.registerSchema({ name: String(schema.title ?? name), encoding: 'jsonschema', data: encoder.encode(JSON.stringify(schema)) });
      schemas.set(name, schemaId);
    }
    channel = await writer.registerChannel({ topic: `/${thread}/${name}`, schemaId, messageEncoding: 'json', metadata: new Map() });
    channels.set(key, channel);
    result.channels++;
    return channel;
  };
  try {
    await writer.start({ profile: '', library: 'pitchside' });
    let time = 0;
    let sequence = 0;
    for (let i = 0; i < Math.min(file.frameCount, frameLimit); i++) {
      const frame = file.readFrame(i);
      time = frameTimeOf(frame, file.typeInfo) ?? time;
      const logTime = BigInt(Math.round(time * 1e6));
      for (const m of frame.messages) {
        let name: string;
        let schema: JsonSchema;
        let value: unknown;
        try {
          if (m.id === MessageID.idAnnotation) {
            name = 'Annotation';
            schema = ANNOTATION_SCHEMA;
            value = decodeAnnotation(m.payload);
          } else {
            const rep = representationForMessageId(m.id);
            // A log without type info for a representation was recorded with our declaration of it.
            const repInfo = rep && info.classes.has(rep) ? info : rep && fallbackTypeInfo().classes.has(rep) ? fallbackTypeInfo() : undefined;
            if (!rep || !repInfo) continue;
            const decoded = genericCodec(repInfo, rep).read(new InBinary(m.payload)) as Record<string, unknown>;
            name = rep;
            if (rep === 'CameraImage') {
              schema = RAW_IMAGE_SCHEMA;
              const width = Number(decoded.width) * 2; // B-Human's width counts YUYV pixel pairs
              const stamp = Number(decoded.timestamp);
              value = { timestamp: { sec: Math.floor(stamp / 1000), nsec: (stamp % 1000) * 1e6 }, frame_id: frame.thread, width, height: Number(decoded.height), encoding: 'yuyv', step: width * 2, data: decoded.image };
            } else {
              schema = jsonSchemaOf(repInfo, rep);
              value = decoded;
            }
          }
        } catch {
          result.skipped++;
          continue;
        }
        const data = encoder.encode(JSON.stringify(toJson(value)));
        await writer.addMessage({ channelId: await channelOf(frame.thread, name, schema), sequence: sequence++, logTime, publishTime: logTime, data });
        result.messages++;
      }
      if (onProgress && i % 1000 === 0) onProgress(i / file.frameCount);
    }
    await writer.end();
    result.bytes = Number(writable.position());
  } finally {
    fs.closeSync(fd);
  }
  return result;
}

