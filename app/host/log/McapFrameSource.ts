/**
 * @file The second frame source: an MCAP file exported by Pitchside, replayed from its raw-frames channel
 * (mcapRawFrames.ts). The file is read once on open: the header schema and the frames on `/bhuman/frames` — with
 * the camera images they refer to put back from the image channels — are put together into the B-Human log they
 * came from, in memory (as a compressed B-Human log is), and indexed by a scan, so frames, image frames, threads
 * and annotations are exactly those of the source log. Other channels are skipped. An MCAP without the channel
 * (from another program, or exported with the humanoid-dataset profile) is refused with a message saying so.
 */
import fs from 'node:fs';
import { decompress } from '@bokuweb/zstd-wasm';
import { McapStreamReader, type DecompressHandlers } from '@mcap/core';
import { MemorySource } from '@robot-runtime/protocol/log/ByteSource';
import { openLog, type LogStructure } from '@robot-runtime/protocol/log/openLog';
import { readFrame, type LogFrame } from '@robot-runtime/protocol/log/readFrame';
import { queueHeaderBytes } from '@robot-runtime/protocol/log/writeLog';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import type { FrameSource } from './FrameSource';
import { zstdReady } from './mcap/McapSink';
import { protobufType } from './mcap/foxgloveSchemas';
import {
  IMAGE_REF_BYTES,
  parseImageRef,
  RAW_FRAMES_ENCODING,
  RAW_FRAMES_ENCODING_WHOLE,
  RAW_FRAMES_SCHEMA_ENCODING,
  RAW_FRAMES_TOPIC,
} from './mcapRawFrames';

/** The first bytes of every MCAP file. */
const MCAP_MAGIC = [0x89, 0x4d, 0x43, 0x41, 0x50];
/** Bytes read from the file per step. */
const READ_BLOCK = 4 * 1024 * 1024;
/** Largest frame data an MCAP may hold here (it is kept in memory; a Node buffer cannot be much larger). */
export const MAX_MCAP_FRAME_BYTES = 2 * 1024 * 1024 * 1024 - 1;

/** Whether the file at `path` starts like an MCAP file. */
export function isMcapFile(path: string): boolean {
  const fd = fs.openSync(path, 'r');
  try {
    const head = Buffer.alloc(MCAP_MAGIC.length);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    return n === head.length && MCAP_MAGIC.every((b, i) => head[i] === b);
  } finally {
    fs.closeSync(fd);
  }
}

/** zstd decompression, once loaded (a WebAssembly module, so loading is asynchronous). */
let zstdDecompress: ((data: Uint8Array) => Uint8Array) | undefined;
let zstdLoading: Promise<void> | undefined;

/**
 * Loads what reading zstd-compressed chunks needs. Opening is synchronous (`sl` creates the robot at once), so
 * hosts call this early; opening a zstd-compressed MCAP before it finished fails with a message to try again.
 */
export function loadMcapDecompression(): Promise<void> {
  // The export's one initialisation of the module (a second one would replace its memory under buffers in use).
  zstdLoading ??= zstdReady().then(() => {
    zstdDecompress = (data) => decompress(data);
  });
  return zstdLoading;
}

const DECOMPRESS: DecompressHandlers = {
  zstd: (data) => {
    if (!zstdDecompress) throw new Error('zstd decompression is still loading: open the file again in a moment');
    return zstdDecompress(data);
  },
};

/** Image schemas whose Protobuf messages a raw frame may refer to for its image bytes (their `data` field). */
const IMAGE_SCHEMAS = new Set(['foxglove.RawImage', 'foxglove.CompressedImage']);

/** One raw frame: its bytes in parts (the image bytes it referred to put back in place). */
interface RawFrame {
  sequence: number;
  parts: Uint8Array[];
}

/** The `data` bytes of an image message (a copy: the chunk they were read from is not kept). */
function imageData(schemaName: string, message: Uint8Array): Uint8Array {
  const { data } = protobufType(schemaName).decode(message) as unknown as { data?: Uint8Array };
  return (data ?? new Uint8Array(0)).slice();
}

/**
 * A raw frame's bytes from its message: as they are (encoding `bhuman-queue`), or with the image bytes it refers
 * to put back (`bhuman-queue-image-ref`, see mcapRawFrames.ts), taken out of `images`.
 */
function rawFrameParts(
  encoding: string,
  data: Uint8Array,
  images: Map<string, Uint8Array>,
  sequence: number,
): Uint8Array[] {
  if (encoding === RAW_FRAMES_ENCODING_WHOLE) return [data.slice()];
  const ref = parseImageRef(data);
  if (!ref) throw new Error(`frame ${sequence}: ${data.length} bytes, too short for its image reference`);
  const frame = data.subarray(IMAGE_REF_BYTES);
  if (ref.length === 0) return [frame.slice()];
  const key = `${ref.channelId}:${ref.sequence}`;
  const image = images.get(key);
  if (!image)
    throw new Error(`frame ${sequence}: its image (channel ${ref.channelId}, message ${ref.sequence}) is missing`);
  images.delete(key);
  if (image.length !== ref.length || ref.offset > frame.length)
    throw new Error(`frame ${sequence}: its image has ${image.length} bytes, the frame expects ${ref.length}`);
  return [frame.slice(0, ref.offset), image, frame.slice(ref.offset)];
}

/** The raw frames of an MCAP file and the header they need. */
function readRawFrames(path: string): {
  header: Uint8Array;
  frames: RawFrame[];
  bytes: number;
  complete: boolean;
} {
  const reader = new McapStreamReader({ decompressHandlers: DECOMPRESS });
  const fd = fs.openSync(path, 'r');
  let header: Uint8Array | undefined;
  /** Raw-frames channels by id, with their message encoding. */
  const rawChannels = new Map<number, string>();
  /** Image channels by id, with their schema name. */
  const imageChannels = new Map<number, string>();
  /** Image bytes not yet put back into a frame, by `channel:sequence`. */
  const images = new Map<string, Uint8Array>();
  const frames: RawFrame[] = [];
  // Frames and the images kept for them: both end up in memory.
  let bytes = 0;
  let kept = 0;
  const keep = (n: number) => {
    kept += n;
    if (kept > MAX_MCAP_FRAME_BYTES)
      throw new Error(`${path}: more than ${MAX_MCAP_FRAME_BYTES} bytes of frames, too many to replay`);
  };
  try {
    const block = Buffer.alloc(READ_BLOCK);
    const schemas = new Map<number, { name: string; encoding: string; data: Uint8Array }>();
    for (let offset = 0; ;) {
      const n = fs.readSync(fd, block, 0, block.length, offset);
      if (n === 0) break;
      offset += n;
      reader.append(block.subarray(0, n));
      for (let record = reader.nextRecord(); record; record = reader.nextRecord()) {
        if (record.type === 'Schema')
          schemas.set(record.id, {
            name: record.name,
            encoding: record.encoding,
            data: record.encoding === RAW_FRAMES_SCHEMA_ENCODING ? record.data.slice() : new Uint8Array(0),
          });
        else if (record.type === 'Channel') {
          const schema = schemas.get(record.schemaId);
          if (
            record.topic === RAW_FRAMES_TOPIC &&
            (record.messageEncoding === RAW_FRAMES_ENCODING || record.messageEncoding === RAW_FRAMES_ENCODING_WHOLE) &&
            schema?.encoding === RAW_FRAMES_SCHEMA_ENCODING
          ) {
            rawChannels.set(record.id, record.messageEncoding);
            header ??= schema.data;
          } else if (record.messageEncoding === 'protobuf' && schema && IMAGE_SCHEMAS.has(schema.name))
            imageChannels.set(record.id, schema.name);
        } else if (record.type === 'Message') {
          const encoding = rawChannels.get(record.channelId);
          const imageSchema = imageChannels.get(record.channelId);
          if (encoding !== undefined) {
            const parts = rawFrameParts(encoding, record.data, images, record.sequence);
            const length = parts.reduce((sum, p) => sum + p.length, 0);
            bytes += length;
            keep(length - (parts.length === 3 ? parts[1]!.length : 0));
            frames.push({ sequence: record.sequence, parts });
          } else if (imageSchema !== undefined) {
            const data = imageData(imageSchema, record.data);
            keep(data.length);
            images.set(`${record.channelId}:${record.sequence}`, data);
          }
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  const complete = reader.done();
  if (!header && !complete) throw new Error(`${path}: the MCAP file is cut off before its raw frames`);
  if (!header)
    throw new Error(
      `${path} has no ${RAW_FRAMES_TOPIC} channel: only MCAP files exported by Pitchside can be replayed`,
    );
  return { header, frames: frames.sort((a, b) => a.sequence - b.sequence), bytes, complete };
}

/** An MCAP export opened for replay. */
export class McapFrameSource implements FrameSource {
  readonly format = 'MCAP';

  private constructor(
    readonly path: string,
    readonly log: LogStructure,
    private readonly cutOff: boolean,
  ) {}

  /** Opens `path`; throws when it is no readable MCAP file or has no raw frames. */
  static open(path: string): McapFrameSource {
    let raw: ReturnType<typeof readRawFrames>;
    try {
      raw = readRawFrames(path);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      throw new Error(message.startsWith(path) ? message : `${path}: not a readable MCAP file (${message})`);
    }
    // The header ends with an empty queue header: it gets the frames' size, and the frames follow it.
    const log = new Uint8Array(raw.header.length + raw.bytes);
    log.set(raw.header);
    log.set(queueHeaderBytes(raw.bytes), raw.header.length - 8);
    let at = raw.header.length;
    for (const f of raw.frames)
      for (const part of f.parts) {
        log.set(part, at);
        at += part.length;
      }
    return new McapFrameSource(path, openLog(new MemorySource(log)), !raw.complete);
  }

  get frameCount(): number {
    return this.log.index.frameOffsets.length;
  }

  get typeInfo(): TypeInfo | undefined {
    return this.log.header.typeInfo;
  }

  get threads(): string[] {
    return this.log.index.threads.map((t) => t.thread);
  }

  get problems(): readonly string[] {
    // A scan is how frames in memory are indexed, not a problem of the file.
    const problems = this.log.problems.filter((p) => !p.endsWith('has no index: scanned'));
    return this.cutOff
      ? [`the MCAP file is cut off: the ${this.frameCount} frames before the cut are replayed`, ...problems]
      : problems;
  }

  /** Frames in memory are never overwritten, so every read stays valid. */
  readonly transientReads = 0;

  readFrame(i: number): LogFrame {
    return readFrame(this.log, i);
  }

  readFrameTransient(i: number): LogFrame {
    return readFrame(this.log, i);
  }

  isImageFrame(i: number): boolean {
    return this.log.index.imageFrames[i] === 1;
  }

  close(): void {
    // Nothing is open: the frames are in memory and go with this object.
  }
}
