/**
 * @file The raw-frames channel of an MCAP export, which makes the export replayable without loss: every log frame
 * becomes one message on `/bhuman/frames` holding the frame's bytes exactly as the log stores them (its B-Human
 * message queue, in the log's own message-id numbering, frame markers included). What those bytes need to be read
 * is stored once, as the channel's schema (encoding `bhuman-log-header`): the log's header chunks (settings,
 * message-id names, type info) as a B-Human log begins with them. Header plus frames is a complete B-Human log
 * again, which McapFrameSource rebuilds.
 *
 * Camera images are not stored twice: a frame whose image an image channel already carries leaves the image's
 * bytes out and refers to that message instead. Message encoding `bhuman-queue-image-ref`: a little-endian prefix
 * (uint16 image channel id, uint32 image message sequence, uint32 offset and uint32 length of the left-out bytes
 * in the frame), then the frame's bytes without them; length 0 means the frame is complete (nothing referred to).
 * The image message (foxglove.RawImage or CompressedImage, Protobuf) holds exactly those bytes in its `data`
 * field and is written before the frame. Exports from before this form used encoding `bhuman-queue`: the frames'
 * bytes alone, images included; McapFrameSource reads both.
 */
import { frameRange } from '@robot-runtime/protocol/log/readFrame';
import { logHeaderBytes } from '@robot-runtime/protocol/log/writeLog';
import type { LogStructure } from '@robot-runtime/protocol/log/openLog';
import type { McapMessageWriter } from './mcap/McapFileWriter';

/** Topic of the raw frames. */
export const RAW_FRAMES_TOPIC = '/bhuman/frames';
/** Message encoding of a raw frame: a reference prefix, then B-Human message-queue bytes (see above). */
export const RAW_FRAMES_ENCODING = 'bhuman-queue-image-ref';
/** Message encoding of the first exports: the frame's B-Human message-queue bytes alone. */
export const RAW_FRAMES_ENCODING_WHOLE = 'bhuman-queue';
/** Schema encoding of the header the frames need: B-Human log header chunks. */
export const RAW_FRAMES_SCHEMA_ENCODING = 'bhuman-log-header';
/** Schema name of that header. */
export const RAW_FRAMES_SCHEMA_NAME = 'bhuman.LogHeader';
/** Bytes of the reference prefix. */
export const IMAGE_REF_BYTES = 2 + 4 + 4 + 4;

/** A frame's reference to the image message that carries some of its bytes. */
export interface ImageRef {
  /** Channel id and sequence of the image message. */
  channelId: number;
  sequence: number;
  /** Where the left-out bytes were in the frame, and how many. */
  offset: number;
  length: number;
}

/** The image message a frame's bytes may refer to: its bytes (a view) and where it was written. */
export interface WrittenImageBytes {
  bytes: Uint8Array;
  channelId: number;
  sequence: number;
}

/** Writes a log's frames to the raw-frames channel of an MCAP being written. */
export interface RawFrameChannel {
  /**
   * Writes frame `i` of the log at `logTime` (ns); `bytes` are its bytes if the caller has read them already, and
   * `image` an image message written before whose bytes lie within them (they are then left out).
   */
  write(i: number, logTime: bigint, bytes?: Uint8Array, image?: WrittenImageBytes): Promise<void>;
}

/** The prefix of a raw frame. */
export function imageRefBytes(ref: ImageRef): Uint8Array {
  const out = new Uint8Array(IMAGE_REF_BYTES);
  const view = new DataView(out.buffer);
  view.setUint16(0, ref.channelId, true);
  view.setUint32(2, ref.sequence, true);
  view.setUint32(6, ref.offset, true);
  view.setUint32(10, ref.length, true);
  return out;
}

/** Reads the prefix of a raw frame's data; undefined when the data are too short to hold one. */
export function parseImageRef(data: Uint8Array): ImageRef | undefined {
  if (data.length < IMAGE_REF_BYTES) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, IMAGE_REF_BYTES);
  return {
    channelId: view.getUint16(0, true),
    sequence: view.getUint32(2, true),
    offset: view.getUint32(6, true),
    length: view.getUint32(10, true),
  };
}

/** Where `part` lies within `whole` (both views of one buffer), or undefined when it does not. */
function offsetWithin(part: Uint8Array, whole: Uint8Array): number | undefined {
  if (part.buffer !== whole.buffer || part.length === 0) return undefined;
  const offset = part.byteOffset - whole.byteOffset;
  return offset >= 0 && offset + part.length <= whole.length ? offset : undefined;
}

/** Registers the raw-frames schema and channel of `log` on `writer` (after `writer.start`). */
export async function addRawFrameChannel(writer: McapMessageWriter, log: LogStructure): Promise<RawFrameChannel> {
  const header = logHeaderBytes({ settings: log.settings, idNames: log.idNames, typeInfo: log.header.typeInfoBytes });
  const schemaId = await writer.registerSchema({
    name: RAW_FRAMES_SCHEMA_NAME,
    encoding: RAW_FRAMES_SCHEMA_ENCODING,
    data: header,
  });
  const channelId = await writer.registerChannel({
    topic: RAW_FRAMES_TOPIC,
    schemaId,
    messageEncoding: RAW_FRAMES_ENCODING,
    metadata: new Map(),
  });
  return {
    async write(i, logTime, bytes, image) {
      const { start, end } = frameRange(log, i);
      // A frame the export has just read is not read again.
      const frame = bytes?.length === end - start ? bytes : log.source.read(start, end - start);
      const offset = image && offsetWithin(image.bytes, frame);
      const ref: ImageRef =
        image && offset !== undefined
          ? { channelId: image.channelId, sequence: image.sequence, offset, length: image.bytes.length }
          : { channelId: 0, sequence: 0, offset: 0, length: 0 };
      const parts = [imageRefBytes(ref), frame.subarray(0, ref.offset), frame.subarray(ref.offset + ref.length)];
      // The frame number is the sequence, so the frames come back in order whatever their times.
      const message = { channelId, sequence: i, logTime, publishTime: logTime };
      if (writer.addMessageParts) writer.addMessageParts(message, parts);
      else await writer.addMessage({ ...message, data: Buffer.concat(parts) });
    },
  };
}
