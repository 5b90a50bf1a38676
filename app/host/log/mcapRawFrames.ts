/**
 * @file The raw-frames channel of an MCAP export, which makes the export replayable without loss: every log frame
 * becomes one message on `/bhuman/frames` whose data are the frame's bytes exactly as the log stores them (its
 * B-Human message queue, in the log's own message-id numbering, frame markers included; message encoding
 * `bhuman-queue`). What those bytes need to be read is stored once, as the channel's schema (encoding
 * `bhuman-log-header`): the log's header chunks (settings, message-id names, type info) as a B-Human log begins
 * with them. Header plus frames is a complete B-Human log again, which McapFrameSource rebuilds.
 *
 * Size: the frames are the log's bytes, camera images included, so this channel is about as large as the source
 * log (before the chunk compression of the MCAP file); the decoded channels beside it (JSON, images for Foxglove)
 * are separate.
 */
import type { McapWriter } from '@mcap/core';
import { frameRange } from '../../../robot-runtime/protocol/log/readFrame';
import { logHeaderBytes } from '../../../robot-runtime/protocol/log/writeLog';
import type { LogStructure } from '../../../robot-runtime/protocol/log/openLog';

/** Topic of the raw frames. */
export const RAW_FRAMES_TOPIC = '/bhuman/frames';
/** Message encoding of a raw frame: B-Human message-queue bytes. */
export const RAW_FRAMES_ENCODING = 'bhuman-queue';
/** Schema encoding of the header the frames need: B-Human log header chunks. */
export const RAW_FRAMES_SCHEMA_ENCODING = 'bhuman-log-header';
/** Schema name of that header. */
export const RAW_FRAMES_SCHEMA_NAME = 'bhuman.LogHeader';

/** Writes a log's frames to the raw-frames channel of an MCAP being written. */
export interface RawFrameChannel {
  /** Writes frame `i` of the log at `logTime` (ns); `bytes` are its bytes if the caller has read them already. */
  write(i: number, logTime: bigint, bytes?: Uint8Array): Promise<void>;
}

/** Registers the raw-frames schema and channel of `log` on `writer` (after `writer.start`). */
export async function addRawFrameChannel(writer: McapWriter, log: LogStructure): Promise<RawFrameChannel> {
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
    async write(i, logTime, bytes) {
      const { start, end } = frameRange(log, i);
      // A frame the export has just read is not read again (addMessage copies it into the chunk at once).
      const data = bytes?.length === end - start ? bytes : log.source.read(start, end - start);
      // The frame number is the sequence, so the frames come back in order whatever their times.
      await writer.addMessage({ channelId, sequence: i, logTime, publishTime: logTime, data });
    },
  };
}
