/**
 * @file The frame index of a log (formats §3.4, version 2): where each frame starts, which frames hold images, the
 * message statistics per thread and the annotations. It is what makes opening and seeking O(1) in the log's
 * length. Frame offsets are relative to the first message of the queue (just after its 8-byte header).
 */
import { InBinary } from '../binary/InBinary';
import { OutBinary } from '../binary/OutBinary';
import { StreamError } from '../binary/StreamError';
import { IMAGE_FRAME_FLAG, INDEX_VERSION, LogChunk } from './chunks';

/** Message statistics of one thread, indexed by the log's message id; bytes include the 4-byte headers. */
export interface ThreadMessageStats {
  thread: string;
  counts: number[];
  bytes: number[];
}

/** An annotation of a log, with the frame (0-based, among all frames) it was recorded in. */
export interface LogAnnotation {
  thread: string;
  /** The thread's running annotation number. */
  number: number;
  frame: number;
  name: string;
  description: string;
}

/** Everything the index chunk holds. */
export interface LogIndex {
  /** Bytes of the queue that belong to complete frames (from the first message to the end of the last frame). */
  usedSize: number;
  /** Start of each frame (its idFrameBegin), relative to the first message of the queue. */
  frameOffsets: Float64Array;
  /** 1 where the frame contains idCameraImage or idJPEGImage. */
  imageFrames: Uint8Array;
  /** Statistics per thread, in order of first appearance. */
  threads: ThreadMessageStats[];
  annotations: LogAnnotation[];
}

/** The index chunk has another version: the caller rebuilds the index (B-Human truncates and rewrites it). */
export class IndexVersionError extends StreamError {
  constructor(
    readonly version: number,
    offset: number,
  ) {
    super(`index version ${version} is not ${INDEX_VERSION}`, offset);
    this.name = 'IndexVersionError';
  }
}

/** Writes the index chunk (id 5 included). */
export function writeIndexChunk(out: OutBinary, index: LogIndex): void {
  out.uint8(LogChunk.indices);
  out.uint8(INDEX_VERSION);
  out.uint32(index.usedSize >>> 0);
  out.uint32(Math.floor(index.usedSize / 2 ** 32));
  out.uint32(index.frameOffsets.length);
  for (let i = 0; i < index.frameOffsets.length; i++) {
    const offset = BigInt(index.frameOffsets[i]!);
    out.uint64(index.imageFrames[i] ? offset | IMAGE_FRAME_FLAG : offset);
  }
  out.uint32(index.threads.length);
  for (const t of index.threads) {
    out.string(t.thread);
    out.uint32(t.counts.length);
    for (let id = 0; id < t.counts.length; id++) {
      out.uint64(BigInt(t.counts[id]!));
      out.uint64(BigInt(t.bytes[id]!));
    }
  }
  const byThread = annotationsByThread(index.annotations);
  out.uint32(byThread.size);
  for (const [thread, list] of byThread) {
    out.string(thread);
    out.uint32(list.length);
    for (const a of list) {
      out.uint32(a.number >>> 0);
      out.uint32(a.frame >>> 0);
      out.string(a.name);
      out.string(a.description);
    }
  }
}

/** The index chunk as bytes (id 5 included). */
export function indexChunkBytes(index: LogIndex): Uint8Array {
  const out = new OutBinary(64 + index.frameOffsets.length * 8);
  writeIndexChunk(out, index);
  return out.toBytes();
}

/**
 * Reads an index chunk that spans `bytes` exactly (chunk id included). `baseOffset` is its position in the file
 * (for error messages). Throws IndexVersionError for another version and StreamError for malformed input,
 * including frame offsets that are not increasing or lie past the used size.
 */
export function readIndexChunk(bytes: Uint8Array, baseOffset = 0): LogIndex {
  const inp = new InBinary(bytes, 0, bytes.length, baseOffset);
  const id = inp.uint8();
  if (id !== LogChunk.indices)
    throw new StreamError(`chunk id ${id} where the index chunk (5) was expected`, baseOffset);
  const version = inp.uint8();
  if (version !== INDEX_VERSION) throw new IndexVersionError(version, baseOffset + 1);
  const usedSize = inp.uint32() + inp.uint32() * 2 ** 32;
  const framesAt = inp.offset;
  const nFrames = inp.count(8, 'index frame');
  const frameOffsets = new Float64Array(nFrames);
  const imageFrames = new Uint8Array(nFrames);
  let previous = -1;
  for (let i = 0; i < nFrames; i++) {
    const raw = inp.view.getBigUint64(inp.offset, true);
    inp.offset += 8;
    const offset = Number(raw & ~IMAGE_FRAME_FLAG);
    if (offset <= previous || offset >= usedSize)
      throw new StreamError(
        `index frame ${i} offset ${offset} is out of order or past the used size ${usedSize}`,
        baseOffset + framesAt,
      );
    previous = offset;
    frameOffsets[i] = offset;
    imageFrames[i] = raw & IMAGE_FRAME_FLAG ? 1 : 0;
  }
  const nThreads = inp.count(8, 'index thread');
  const threads: ThreadMessageStats[] = [];
  for (let i = 0; i < nThreads; i++) {
    const thread = inp.string();
    const nIds = inp.count(16, `index statistics of ${thread}`);
    if (nIds > 256)
      throw new StreamError(
        `index statistics of ${thread} list ${nIds} ids (at most 256)`,
        baseOffset + inp.offset - 4,
      );
    const counts: number[] = [];
    const sizes: number[] = [];
    for (let id = 0; id < nIds; id++) {
      counts.push(Number(inp.uint64()));
      sizes.push(Number(inp.uint64()));
    }
    threads.push({ thread, counts, bytes: sizes });
  }
  const nAnnotated = inp.count(8, 'index annotation thread');
  const annotations: LogAnnotation[] = [];
  for (let i = 0; i < nAnnotated; i++) {
    const thread = inp.string();
    const n = inp.count(16, `annotations of ${thread}`);
    for (let j = 0; j < n; j++) {
      const number = inp.uint32();
      const frame = inp.uint32();
      const name = inp.string();
      annotations.push({ thread, number, frame, name, description: inp.string() });
    }
  }
  if (!inp.atEnd) throw new StreamError(`${inp.remaining} bytes after the index`, baseOffset + inp.offset);
  annotations.sort((a, b) => a.frame - b.frame);
  return { usedSize, frameOffsets, imageFrames, threads, annotations };
}

function annotationsByThread(annotations: readonly LogAnnotation[]): Map<string, LogAnnotation[]> {
  const map = new Map<string, LogAnnotation[]>();
  for (const a of annotations) {
    let list = map.get(a.thread);
    if (!list) map.set(a.thread, (list = []));
    list.push(a);
  }
  return map;
}

/** The number of frames of an index. */
export function frameCount(index: LogIndex): number {
  return index.frameOffsets.length;
}
