/**
 * @file Reads the raw frames of a Pitchside MCAP export for replay (see mcapRawFrames.ts for their form), with a
 * bound on everything the file can make this reader hold or do:
 * - chunks: at most MAX_CHUNK_BYTES compressed and declared uncompressed, checked before anything is allocated;
 *   zstd decompresses into exactly the declared size (boundedZstd.ts), then the records' CRC is checked;
 * - the whole file: at most MCAP_EXPANSION times its size plus MCAP_EXPANSION_ALLOWANCE bytes of records are
 *   read out of its chunks (a small file of compressed zeros stops there, said as such);
 * - what is kept: only frames and the camera images they refer to, in one growing buffer and typed arrays (no
 *   object per message); a message that is no frame (too short, an image that is missing) is dropped and counted,
 *   so a chunk of millions of empty messages costs nothing but its reading; each kept message counts
 *   KEPT_RECORD_COST bytes beside its bytes against MAX_MCAP_FRAME_BYTES.
 * A damaged chunk (CRC, compression, a record that does not fit) costs its own records: the others are read, a
 * damaged record length is passed by finding the next chunk, and the frames lost are named from the gaps in the
 * frame numbers (each frame's sequence). Reading is a generator that yields after each record, so the IDE host
 * can read in slices between other work.
 */
import { Opcode } from '@mcap/core';
import type { ByteSource } from '@robot-runtime/protocol/log/ByteSource';
import { queueHeaderBytes } from '@robot-runtime/protocol/log/writeLog';
import {
  IMAGE_REF_BYTES,
  parseImageRef,
  RAW_FRAMES_ENCODING,
  RAW_FRAMES_ENCODING_WHOLE,
  RAW_FRAMES_SCHEMA_ENCODING,
  RAW_FRAMES_TOPIC,
} from '../mcapRawFrames';
import { protobufType } from './foxgloveSchemas';
import {
  CHUNK_HEADER_MAX_BYTES,
  chunkRecords,
  DATA_START,
  forEachRecord,
  hasMcapMagic,
  MESSAGE_FIELDS,
  messageChannelId,
  nextChunkAt,
  parseChannel,
  parseChunkHeader,
  parseMessage,
  parseSchema,
  recordAt,
  summarySection,
  type RecordAt,
} from './mcapRecords';

/** Largest frame data an MCAP may hold here (it is kept in memory; a Node buffer cannot be much larger). */
export const MAX_MCAP_FRAME_BYTES = 2 * 1024 * 1024 * 1024 - 1;
/** Largest chunk read, compressed or uncompressed (Pitchside writes 4 MB chunks, plus at most one message). */
export const MAX_CHUNK_BYTES = 32 * 1024 * 1024;
/** Records read out of chunks: at most this many times the file's size … */
export const MCAP_EXPANSION = 256;
/** … plus this many bytes. */
export const MCAP_EXPANSION_ALLOWANCE = 64 * 1024 * 1024;
/** Bytes a kept frame or image counts beside its own bytes (its place in the index and the arrays). */
export const KEPT_RECORD_COST = 64;
/** The smallest frame: a begin and a finish marker naming a one-letter thread. */
const MIN_FRAME_BYTES = 2 * (4 + 4 + 1);
/** Bytes of the queue header that ends a log's header chunks. */
const QUEUE_HEADER_BYTES = 8;
/** Room made for frames at first, per byte of the file, and at most. */
const FRAME_ROOM_PER_BYTE = 16;
const FRAME_ROOM_LIMIT = 256 * 1024 * 1024;
/** Problems listed one by one; further ones are counted. */
const MAX_LISTED_PROBLEMS = 20;

/** Why an MCAP file cannot be replayed at all (no MCAP, no raw frames, cut off before them, too many frames). */
export class McapReplayError extends Error {
  override name = 'McapReplayError';
}

/** The file holds more frames than can be kept. */
export class TooManyFramesError extends McapReplayError {
  override name = 'TooManyFramesError';
}

/** What reading an MCAP for replay found. */
export interface ReplayFrames {
  /**
   * The B-Human log the frames come from: the header chunks they need (the raw-frames channel's schema), the
   * queue header, the frames in frame order.
   */
  log: Uint8Array;
  /** Number of frames in `log`. */
  frames: number;
  /** What was damaged or lost, as readable lines. */
  problems: string[];
  /** The file ends before its footer. */
  cutOff: boolean;
}

/** Image schemas whose Protobuf messages a raw frame may refer to for its image bytes (their `data` field). */
const IMAGE_SCHEMAS = new Set(['foxglove.RawImage', 'foxglove.CompressedImage']);

/**
 * Frames in arrival order, in one buffer that begins with the log header they need, so that in frame order it is
 * the whole B-Human log without another copy; sequence and start of each in typed arrays.
 */
class FrameStore {
  private bytes: Uint8Array = new Uint8Array(0);
  private used = 0;
  /** Bytes of the header in front of the frames (0 until the first frame). */
  private headLength = 0;
  private sequences = new Float64Array(1024);
  private starts = new Float64Array(1024);
  count = 0;

  /** `expected`: the bytes the frames will probably need (a guess: more are made room for). */
  constructor(private readonly expected: number) {}

  /** Puts `head` (log header chunks ending with a queue header) in front; done once, before the first frame. */
  private start(head: Uint8Array): void {
    // Unfilled: only the bytes written are ever read.
    this.bytes = Buffer.allocUnsafeSlow(head.length + Math.max(64 * 1024, this.expected));
    this.bytes.set(head);
    this.used = this.headLength = head.length;
  }

  /** Appends a frame made of `parts`, after `head` if it is the first. */
  add(head: Uint8Array, sequence: number, parts: readonly Uint8Array[], length: number): void {
    if (this.headLength === 0) this.start(head);
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(
        Math.min(MAX_MCAP_FRAME_BYTES, Math.max(this.used + length, 2 * this.bytes.length)),
      );
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
    if (this.count === this.sequences.length) {
      this.sequences = grownArray(this.sequences);
      this.starts = grownArray(this.starts);
    }
    this.sequences[this.count] = sequence;
    this.starts[this.count++] = this.used;
    for (const part of parts) {
      this.bytes.set(part, this.used);
      this.used += part.length;
    }
  }

  /** The log: `head`, its queue header given the frames' size, the frames in sequence order; and the sequences. */
  finish(head: Uint8Array): { log: Uint8Array; sequences: Float64Array } {
    if (this.headLength === 0) this.start(head);
    const n = this.count;
    const sequences = this.sequences.subarray(0, n);
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) sorted = sequences[i - 1]! <= sequences[i]!;
    let log = this.bytes.subarray(0, this.used);
    let ordered = sequences;
    if (!sorted) {
      const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => sequences[a]! - sequences[b]! || a - b);
      log = new Uint8Array(this.used);
      log.set(this.bytes.subarray(0, this.headLength));
      let at = this.headLength;
      for (const i of order) {
        const end = i + 1 < n ? this.starts[i + 1]! : this.used;
        log.set(this.bytes.subarray(this.starts[i]!, end), at);
        at += end - this.starts[i]!;
      }
      ordered = Float64Array.from(order, (i) => sequences[i]!);
    }
    log.set(queueHeaderBytes(this.used - this.headLength), this.headLength - QUEUE_HEADER_BYTES);
    return { log, sequences: ordered };
  }
}

function grownArray(a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const grown = new Float64Array(a.length * 2);
  grown.set(a);
  return grown;
}

/** Frame numbers missing between the sequences (sorted), as ranges `a–b`. */
function missingRanges(sequences: Float64Array): string[] {
  const ranges: string[] = [];
  let expected = 0;
  for (const s of sequences) {
    if (s > expected) ranges.push(s - 1 === expected ? `${expected}` : `${expected}–${s - 1}`);
    expected = Math.max(expected, s + 1);
  }
  return ranges;
}

/** The reader's state while it walks the file. */
class ReplayReader {
  readonly problems: string[] = [];
  private moreProblems = 0;
  header: Uint8Array | undefined;
  readonly frames: FrameStore;
  private readonly schemas = new Map<number, { name: string; encoding: string; data: Uint8Array }>();
  /** Raw-frames channels by id, with their message encoding. */
  private readonly rawChannels = new Map<number, string>();
  /** Image channels by id, with their schema name. */
  private readonly imageChannels = new Map<number, string>();
  /** Image bytes not yet put back into a frame, by `channel:sequence`. */
  private readonly images = new Map<string, Uint8Array>();
  private kept = 0;
  private expanded = 0;
  private readonly expansionLimit: number;
  /** Messages dropped, by reason. */
  private readonly dropped = new Map<string, number>();
  expansionExceeded = false;

  constructor(
    private readonly source: ByteSource,
    private readonly name: string,
  ) {
    this.expansionLimit = MCAP_EXPANSION * source.size + MCAP_EXPANSION_ALLOWANCE;
    // Exports compress frames up to about sixteen to one: room for that saves regrowing (a copy of all frames).
    this.frames = new FrameStore(Math.min(FRAME_ROOM_LIMIT, FRAME_ROOM_PER_BYTE * source.size));
  }

  problem(text: string): void {
    if (this.problems.length < MAX_LISTED_PROBLEMS) this.problems.push(text);
    else this.moreProblems++;
  }

  /** The listed problems with the counted ones. */
  allProblems(): string[] {
    const dropped = [...this.dropped].map(
      ([why, n]) => `${n} message${n === 1 ? '' : 's'} on ${RAW_FRAMES_TOPIC} ${why}: skipped`,
    );
    return [...this.problems, ...dropped, ...(this.moreProblems ? [`and ${this.moreProblems} more problems`] : [])];
  }

  private drop(why: string): void {
    this.dropped.set(why, (this.dropped.get(why) ?? 0) + 1);
  }

  private keep(n: number): void {
    this.kept += n + KEPT_RECORD_COST;
    if (this.kept > MAX_MCAP_FRAME_BYTES)
      throw new TooManyFramesError(
        `${this.name}: more than ${MAX_MCAP_FRAME_BYTES} bytes of frames, too many to replay`,
      );
  }

  /** Counts `n` bytes of records read out of the file; false when that passes the expansion limit. */
  expand(n: number): boolean {
    if (this.expanded + n <= this.expansionLimit) {
      this.expanded += n;
      return true;
    }
    this.expansionExceeded = true;
    return false;
  }

  /** One record of the data or summary section, or of a chunk: its content is `length` bytes at `start`. */
  visit(opcode: number, bytes: Uint8Array, start: number, length: number): void {
    if (opcode === Opcode.MESSAGE) {
      // The hot path (a chunk may hold millions of messages): nothing is made for a message nobody needs.
      if (length < MESSAGE_FIELDS) return this.drop('too short to be messages');
      const channelId = messageChannelId(bytes, start);
      const encoding = this.rawChannels.get(channelId);
      if (encoding !== undefined) {
        if (length - MESSAGE_FIELDS < MIN_FRAME_BYTES) return this.drop('too short to be frames');
        const m = parseMessage(bytes.subarray(start, start + length));
        this.frame(encoding, m.sequence, m.data);
      } else {
        const imageSchema = this.imageChannels.get(channelId);
        if (imageSchema === undefined) return;
        const m = parseMessage(bytes.subarray(start, start + length));
        this.image(imageSchema, `${channelId}:${m.sequence}`, m.data);
      }
    } else if (opcode === Opcode.SCHEMA) {
      const s = parseSchema(bytes.subarray(start, start + length));
      this.schemas.set(s.id, {
        name: s.name,
        encoding: s.encoding,
        data: s.encoding === RAW_FRAMES_SCHEMA_ENCODING ? s.data.slice() : new Uint8Array(0),
      });
    } else if (opcode === Opcode.CHANNEL) {
      const c = parseChannel(bytes.subarray(start, start + length));
      const schema = this.schemas.get(c.schemaId);
      if (
        c.topic === RAW_FRAMES_TOPIC &&
        (c.messageEncoding === RAW_FRAMES_ENCODING || c.messageEncoding === RAW_FRAMES_ENCODING_WHOLE) &&
        schema?.encoding === RAW_FRAMES_SCHEMA_ENCODING &&
        schema.data.length >= QUEUE_HEADER_BYTES // the header chunks end with the queue header
      ) {
        this.rawChannels.set(c.id, c.messageEncoding);
        this.header ??= schema.data;
      } else if (c.messageEncoding === 'protobuf' && schema && IMAGE_SCHEMAS.has(schema.name))
        this.imageChannels.set(c.id, schema.name);
    }
  }

  /** A raw frame: kept with the image bytes it refers to put back, or dropped and counted. */
  private frame(encoding: string, sequence: number, data: Uint8Array): void {
    if (encoding === RAW_FRAMES_ENCODING_WHOLE) {
      if (data.length < MIN_FRAME_BYTES) return this.drop('too short to be frames');
      this.keep(data.length);
      return this.frames.add(this.header!, sequence, [data], data.length);
    }
    const ref = parseImageRef(data);
    const frame = data.subarray(IMAGE_REF_BYTES);
    if (!ref || frame.length + ref.length < MIN_FRAME_BYTES) return this.drop('too short to be frames');
    if (ref.length === 0) {
      this.keep(frame.length);
      return this.frames.add(this.header!, sequence, [frame], frame.length);
    }
    const key = `${ref.channelId}:${ref.sequence}`;
    const image = this.images.get(key);
    if (!image) return this.drop('whose image is missing');
    this.images.delete(key);
    this.kept -= image.length + KEPT_RECORD_COST; // the image's bytes move into the frame
    if (image.length !== ref.length || ref.offset > frame.length) return this.drop('whose image has another size');
    this.keep(frame.length + image.length);
    const parts = [frame.subarray(0, ref.offset), image, frame.subarray(ref.offset)];
    this.frames.add(this.header!, sequence, parts, frame.length + image.length);
  }

  /** An image message: its `data` bytes kept until the frame that refers to them comes. */
  private image(schemaName: string, key: string, message: Uint8Array): void {
    let data: Uint8Array | undefined;
    try {
      ({ data } = protobufType(schemaName).decode(message) as unknown as { data?: Uint8Array });
    } catch {
      return; // a damaged image: the frame that refers to it says so
    }
    const bytes = (data ?? new Uint8Array(0)).slice(); // a copy: the chunk it was read from is not kept
    this.keep(bytes.length);
    const old = this.images.get(key);
    if (old) this.kept -= old.length + KEPT_RECORD_COST;
    this.images.set(key, bytes);
  }

  /** Reads one chunk record; a damaged one costs its records and is reported. */
  chunk(record: RecordAt): void {
    const where = `chunk at byte ${record.at}`;
    const lost = (why: string) => this.problem(`${where}: ${why}; its frames are lost`);
    if (record.length > MAX_CHUNK_BYTES + CHUNK_HEADER_MAX_BYTES)
      return lost(`${record.length} bytes, more than the ${MAX_CHUNK_BYTES} read here`);
    let header;
    try {
      header = parseChunkHeader(
        this.source.read(record.contentAt, Math.min(record.length, CHUNK_HEADER_MAX_BYTES)),
        record.length,
      );
    } catch (e) {
      return lost((e as Error).message);
    }
    if (header.uncompressedSize > MAX_CHUNK_BYTES)
      return lost(`declares ${header.uncompressedSize} bytes uncompressed, more than the ${MAX_CHUNK_BYTES} read here`);
    if (!this.expand(header.uncompressedSize)) return;
    let records: Uint8Array;
    try {
      records = chunkRecords(header, this.source.read(record.contentAt + header.recordsAt, header.recordsLength));
    } catch (e) {
      return lost((e as Error).message);
    }
    try {
      forEachRecord(records, (opcode, start, length) => this.visit(opcode, records, start, length));
    } catch (e) {
      if (e instanceof TooManyFramesError) throw e;
      this.problem(`${where}: ${(e as Error).message}; the frames after it in the chunk are lost`);
    }
  }

  /** The rest of the dropped-message counts as problems, and the frames missing from the sequence. */
  finish(cutOff: boolean): ReplayFrames {
    if (!this.header && cutOff)
      throw new McapReplayError(`${this.name}: the MCAP file is cut off before its raw frames`);
    if (!this.header)
      throw new McapReplayError(
        `${this.name} has no ${RAW_FRAMES_TOPIC} channel: only MCAP files exported by Pitchside can be replayed`,
      );
    if (this.expansionExceeded)
      this.problem(
        `the chunks decompress to more than ${this.expansionLimit} bytes (${MCAP_EXPANSION} times the file's size ` +
          `and ${MCAP_EXPANSION_ALLOWANCE >> 20} MB), which no export does: the rest of the file is not read`,
      );
    const { log, sequences } = this.frames.finish(this.header);
    const missing = missingRanges(sequences);
    // Frames after the last one read are missing too when the file is cut off, but their number is unknown.
    if (missing.length)
      this.problem(
        `frames ${missing.slice(0, 8).join(', ')}${missing.length > 8 ? ` and ${missing.length - 8} more ranges` : ''} are lost`,
      );
    return { log, frames: this.frames.count, problems: this.allProblems(), cutOff };
  }

  /** Reads the summary's Schema and Channel records (when the footer leads to them) before the chunks. */
  definitionsFromSummary(): void {
    const summary = summarySection(this.source, MAX_CHUNK_BYTES);
    if (!summary) return;
    try {
      forEachRecord(
        summary,
        (opcode, start, length) => {
          if (opcode === Opcode.SCHEMA || opcode === Opcode.CHANNEL) this.visit(opcode, summary, start, length);
        },
        true,
      );
    } catch {
      // A damaged summary: the chunks' own Schema and Channel records are read anyway.
    }
  }
}

/** Record opcodes that may stand at the top level of a file. */
const TOP_LEVEL = new Set<number>([
  Opcode.HEADER,
  Opcode.SCHEMA,
  Opcode.CHANNEL,
  Opcode.MESSAGE,
  Opcode.CHUNK,
  Opcode.MESSAGE_INDEX,
  Opcode.CHUNK_INDEX,
  Opcode.ATTACHMENT,
  Opcode.ATTACHMENT_INDEX,
  Opcode.STATISTICS,
  Opcode.METADATA,
  Opcode.METADATA_INDEX,
  Opcode.SUMMARY_OFFSET,
  Opcode.DATA_END,
]);

/**
 * Reads the raw frames of the MCAP in `source` (`name` names it in messages), yielding after each top-level
 * record. Throws when it is no MCAP file, has no raw frames, or holds more frames than can be kept.
 */
export function* readReplayFrames(source: ByteSource, name: string): Generator<void, ReplayFrames> {
  if (!hasMcapMagic(source)) throw new McapReplayError(`${name}: not an MCAP file`);
  const reader = new ReplayReader(source, name);
  reader.definitionsFromSummary();
  let cutOff = false;
  for (let at = DATA_START; !reader.expansionExceeded;) {
    const record = recordAt(source, at);
    if (!record) {
      cutOff = true; // no footer
      break;
    }
    if (record.opcode === Opcode.FOOTER) break;
    if (!TOP_LEVEL.has(record.opcode) || record.length > source.size - record.contentAt) {
      // A length past the end is where a file was cut off, or a damaged length; so is an opcode that cannot be.
      const next = nextChunkAt(source, at + 1);
      if (next === undefined) {
        cutOff = true;
        break;
      }
      reader.problem(`damaged record at byte ${at}: the next chunk found is at byte ${next}`);
      at = next;
      continue;
    }
    if (record.opcode === Opcode.CHUNK) reader.chunk(record);
    else if (record.opcode === Opcode.SCHEMA || record.opcode === Opcode.CHANNEL || record.opcode === Opcode.MESSAGE) {
      if (record.length > MAX_CHUNK_BYTES)
        reader.problem(`record at byte ${at}: ${record.length} bytes, more than the ${MAX_CHUNK_BYTES} read here`);
      else if (reader.expand(record.length)) {
        try {
          reader.visit(record.opcode, source.read(record.contentAt, record.length), 0, record.length);
        } catch (e) {
          if (e instanceof TooManyFramesError) throw e;
          reader.problem(`record at byte ${at}: ${(e as Error).message}`);
        }
      }
    }
    at = record.contentAt + record.length;
    yield;
  }
  return reader.finish(cutOff);
}

/** Reads the raw frames at once (see readReplayFrames). */
export function readReplayFramesNow(source: ByteSource, name: string): ReplayFrames {
  const steps = readReplayFrames(source, name);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
