/**
 * @file The second frame source: an MCAP file exported by Pitchside, replayed from its raw-frames channel
 * (mcapRawFrames.ts). The file is read once on open: the header schema and the frames on `/bhuman/frames` are
 * put together into the B-Human log they came from, in memory (as a compressed B-Human log is), and indexed by a
 * scan, so frames, image frames, threads and annotations are exactly those of the source log. Other channels are
 * skipped. An MCAP without the channel (from another program, or exported before it existed) is refused with a
 * message saying so.
 */
import fs from 'node:fs';
import { decompress } from '@bokuweb/zstd-wasm';
import { McapStreamReader, type DecompressHandlers } from '@mcap/core';
import { MemorySource } from '../../../robot-runtime/protocol/log/ByteSource';
import { openLog, type LogStructure } from '../../../robot-runtime/protocol/log/openLog';
import { readFrame, type LogFrame } from '../../../robot-runtime/protocol/log/readFrame';
import { queueHeaderBytes } from '../../../robot-runtime/protocol/log/writeLog';
import type { TypeInfo } from '../../../robot-runtime/protocol/typeInfo/TypeInfo';
import type { FrameSource } from './FrameSource';
import { zstdReady } from './mcap/McapSink';
import { RAW_FRAMES_ENCODING, RAW_FRAMES_SCHEMA_ENCODING, RAW_FRAMES_TOPIC } from './mcapRawFrames';

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

/** The raw frames of an MCAP file and the header they need. */
function readRawFrames(path: string): {
  header: Uint8Array;
  frames: { sequence: number; data: Uint8Array }[];
  bytes: number;
  complete: boolean;
} {
  const reader = new McapStreamReader({ decompressHandlers: DECOMPRESS });
  const fd = fs.openSync(path, 'r');
  let header: Uint8Array | undefined;
  const rawChannels = new Set<number>();
  const frames: { sequence: number; data: Uint8Array }[] = [];
  let bytes = 0;
  try {
    const block = Buffer.alloc(READ_BLOCK);
    const schemas = new Map<number, Uint8Array>();
    for (let offset = 0; ;) {
      const n = fs.readSync(fd, block, 0, block.length, offset);
      if (n === 0) break;
      offset += n;
      reader.append(block.subarray(0, n));
      for (let record = reader.nextRecord(); record; record = reader.nextRecord()) {
        if (record.type === 'Schema' && record.encoding === RAW_FRAMES_SCHEMA_ENCODING)
          schemas.set(record.id, record.data.slice());
        else if (
          record.type === 'Channel' &&
          record.topic === RAW_FRAMES_TOPIC &&
          record.messageEncoding === RAW_FRAMES_ENCODING
        ) {
          rawChannels.add(record.id);
          header ??= schemas.get(record.schemaId);
        } else if (record.type === 'Message' && rawChannels.has(record.channelId)) {
          bytes += record.data.length;
          if (bytes > MAX_MCAP_FRAME_BYTES)
            throw new Error(`${path}: more than ${MAX_MCAP_FRAME_BYTES} bytes of frames, too many to replay`);
          frames.push({ sequence: record.sequence, data: record.data.slice() });
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
    for (const f of raw.frames) {
      log.set(f.data, at);
      at += f.data.length;
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
