/**
 * @file What an MCAP export hands to each of its channel writers: the log frame with its UNIX time and lazily
 * decoded representations. A writer turns what it understands into messages on its channels; every logged
 * message no writer took is counted as skipped under its message id's name, so an export never drops data
 * silently. New channels (e.g. another tool's raw-queue channel) are one more writer in the export's list.
 */
import { HAND_WRITTEN_STREAMS } from '@robot-runtime/protocol/binary/codecs/handWritten';
import { decode } from '@robot-runtime/protocol/binary/encode';
import { InBinary } from '@robot-runtime/protocol/binary/InBinary';
import { StreamError } from '@robot-runtime/protocol/binary/StreamError';
import type { LogFrame } from '@robot-runtime/protocol/log/readFrame';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import {
  messageIdForRepresentation,
  messageIdNames,
  representationForMessageId,
} from '@robot-runtime/protocol/messages/MessageIDs';
import { makeConverter } from '@robot-runtime/protocol/typeInfo/convert';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import type { AnyType, TypeRef } from '@robot-runtime/protocol/types';
import { allRepresentations } from '@robot-runtime/representations/allRepresentations';
import type { LogSettings } from '@robot-runtime/protocol/log/settingsChunk';
import type { LogFile } from '../LogFile';
import { foxgloveTime, type FoxgloveTime, type McapSink } from './McapSink';

const currentTypes = new Map<string, AnyType>(allRepresentations.map((r) => [r.typeName, r as unknown as AnyType]));

/** What the export knows about the whole log. */
export interface ExportLog {
  /** The log's path. */
  path: string;
  /** The log's type specification, if it has one. */
  typeInfo: TypeInfo | undefined;
  /** Who recorded it. */
  settings: LogSettings | undefined;
  /** Whether the log comes from the simulator (scenario or head name say so). */
  simulated: boolean;
}

/** Where a camera image's bytes were written: the message that carries them (see ExportFrame.image). */
export interface WrittenImage {
  /** The image bytes as decoded (a view into the frame's bytes when the frame was read from a log). */
  bytes: Uint8Array;
  /** The channel and sequence number of the image message holding exactly these bytes in its `data` field. */
  channelId: number;
  sequence: number;
}

/** One log frame as the writers see it. */
export class ExportFrame {
  private readonly taken = new Set<Message>();
  private readonly decoded = new Map<string, unknown>();
  /** Messages that a writer decoded into a value: their bytes are known to stream well. */
  private readonly decodable = new Set<Message>();
  /** The frame's first message per id, indexed on first use. */
  private byId: Map<number, Message> | undefined;
  /** The time as Foxglove messages carry it. */
  readonly stamp: FoxgloveTime;
  /**
   * The camera image a writer has written of this frame, if any, so that the raw-frames channel can refer to
   * those bytes instead of repeating them.
   */
  image: WrittenImage | undefined;

  constructor(
    readonly frame: LogFrame,
    /** Nanoseconds since the UNIX epoch. */
    readonly time: bigint,
    private readonly log: ExportLog,
  ) {
    this.stamp = foxgloveTime(time);
  }

  /** The thread that produced the frame. */
  get thread(): string {
    return this.frame.thread;
  }

  /** The message of `representation` in this frame, if any. */
  message(representation: string): Message | undefined {
    const id = messageIdForRepresentation(representation);
    if (id === undefined) return undefined;
    if (!this.byId) {
      this.byId = new Map();
      for (const m of this.frame.messages) if (!this.byId.has(m.id)) this.byId.set(m.id, m);
    }
    return this.byId.get(id);
  }

  /**
   * `representation` of this frame in the current declaration (converted by name from the log's type info), and
   * the message counted as written; undefined when the frame has none or it cannot be decoded (counted). A
   * hand-streamed type that is no representation (JPEGImage) is read with its codec. Byte runs in the value (image
   * pixels) are views into the frame, valid while the export is at this frame.
   */
  representation<T>(representation: string): T | undefined {
    if (this.decoded.has(representation)) return this.decoded.get(representation) as T | undefined;
    const message = this.message(representation);
    const type = currentTypes.get(representation);
    let value: unknown;
    const handWritten = type ? undefined : HAND_WRITTEN_STREAMS.get(representation)?.codec;
    if (message && (type || handWritten)) {
      try {
        const info = this.log.typeInfo;
        if (type)
          value = info?.classes.has(representation)
            ? makeConverter(info, representation, type).convert(message.payload, { borrowBytes: true }).value
            : decode(type as TypeRef<unknown>, message.payload);
        else value = readAll(handWritten!, message.payload);
        this.take(message);
        this.decodable.add(message);
      } catch {
        // Left untaken: another writer may still export it, else it is counted as skipped under its name.
        value = undefined;
      }
    }
    this.decoded.set(representation, value);
    return value as T | undefined;
  }

  /** Whether a writer has decoded `message` (by `representation`) without error. */
  decodedWell(message: Message): boolean {
    return this.decodable.has(message);
  }

  /** Marks `message` as written (or deliberately left out) by a writer. */
  take(message: Message): void {
    this.taken.add(message);
  }

  /** Whether a writer took `message`. */
  isTaken(message: Message): boolean {
    return this.taken.has(message);
  }

  /** The names of the messages no writer took (for the skipped counts). */
  untakenKinds(): string[] {
    return this.frame.messages
      .filter((m) => !this.taken.has(m))
      .map((m) => representationForMessageId(m.id) ?? messageIdNames[m.id] ?? `id${m.id}`);
  }
}

/** Reads a value spanning `payload` exactly with `codec`, its byte runs as views into `payload`. */
function readAll(codec: { read(inp: InBinary): unknown }, payload: Uint8Array): unknown {
  const inp = new InBinary(payload);
  inp.borrowBytes = true;
  const value = codec.read(inp);
  if (!inp.atEnd) throw new StreamError(`${inp.remaining} bytes left over`, inp.offset);
  return value;
}

/** The export's state shared by its writers. */
export interface ExportContext {
  sink: McapSink;
  log: ExportLog;
  /** The log file being exported (its structure gives writers the frames' raw bytes). */
  file: LogFile;
  /** Counts one skipped message of `kind` (shown per kind at the end). */
  skip(kind: string): void;
}

/** Turns log frames into messages on some channels. */
export interface ChannelWriter {
  /** Writes what exists once (e.g. the field), before the first frame. */
  start?(context: ExportContext, firstTime: bigint): Promise<void>;
  /**
   * Writes what this writer understands of `frame`, taking the messages it used. Most writers finish at once
   * (the sink writes synchronously), and the export only waits for a promise when one is returned.
   */
  frame(frame: ExportFrame, context: ExportContext): void | Promise<void>;
}
