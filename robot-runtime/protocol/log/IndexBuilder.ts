import { decodeAnnotation } from '../debugMessages/annotation';
import { MessageID } from '../messages/MessageIDs';
import type { LogAnnotation, LogIndex, ThreadMessageStats } from './logIndex';

interface OpenFrame {
  offset: number;
  thread: string;
  image: boolean;
  /** Log ids and sizes of the frame's messages (committed to the statistics when the frame completes). */
  ids: number[];
  sizes: number[];
  annotations: LogAnnotation[];
}

/**
 * Collects a log's index while its frames go by, whether they are scanned from a file or written by a recorder:
 * a frame only becomes a frame of the index once its idFrameFinished arrives. The messages of a trailing
 * incomplete frame are counted in the statistics all the same, as B-Human counts them (they stay in the file).
 * Message ids are the log's; `idTable` maps them to ours to recognise images and annotations.
 */
export class IndexBuilder {
  private readonly offsets: number[] = [];
  private readonly images: number[] = [];
  private readonly stats = new Map<string, { counts: Float64Array; bytes: Float64Array }>();
  private readonly annotations: LogAnnotation[] = [];
  private open: OpenFrame | undefined;
  private usedSize = 0;
  private maxId = 0;

  constructor(private readonly idTable: ArrayLike<number>) {}

  /** Frames completed so far. */
  get frames(): number {
    return this.offsets.length;
  }

  /** A frame of `thread` begins at `offset` (relative to the first message); an unfinished open frame is dropped. */
  beginFrame(offset: number, thread: string, beginMessageSize: number, beginLogId: number): void {
    this.open = { offset, thread, image: false, ids: [beginLogId], sizes: [beginMessageSize], annotations: [] };
  }

  /** A message of the open frame (ignored outside frames); `payload` is only called for annotations. */
  message(logId: number, messageSize: number, payload: () => Uint8Array): void {
    const open = this.open;
    if (!open) return;
    open.ids.push(logId);
    open.sizes.push(messageSize);
    const id = this.idTable[logId] ?? 0;
    if (id === MessageID.idCameraImage || id === MessageID.idJPEGImage) open.image = true;
    else if (id === MessageID.idAnnotation) {
      try {
        const a = decodeAnnotation(payload());
        open.annotations.push({
          thread: open.thread,
          number: a.number,
          frame: this.offsets.length,
          name: a.name,
          description: a.description,
        });
      } catch {
        // A malformed annotation is still counted as a message; it just does not appear in the annotation list.
      }
    }
  }

  /** The open frame ends with its idFrameFinished; `end` is the offset just past it. */
  finishFrame(end: number, messageSize: number, logId: number): void {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    open.ids.push(logId);
    open.sizes.push(messageSize);
    let s = this.stats.get(open.thread);
    if (!s) this.stats.set(open.thread, (s = { counts: new Float64Array(256), bytes: new Float64Array(256) }));
    for (let i = 0; i < open.ids.length; i++) {
      const id = open.ids[i]!;
      s.counts[id]!++;
      s.bytes[id]! += open.sizes[i]!;
      if (id > this.maxId) this.maxId = id;
    }
    this.offsets.push(open.offset);
    this.images.push(open.image ? 1 : 0);
    this.annotations.push(...open.annotations);
    this.usedSize = end;
  }

  /** The messages of the frame begun but not finished yet (a log cut off while recording), if any. */
  get trailing(): { thread: string; messages: number; bytes: number } | undefined {
    const open = this.open;
    return open
      ? { thread: open.thread, messages: open.ids.length, bytes: open.sizes.reduce((a, b) => a + b, 0) }
      : undefined;
  }

  /**
   * The index of the complete frames so far; the statistics also count the messages of a trailing incomplete
   * frame. They list ids up to `idCount` (at least the largest seen).
   */
  build(idCount = 0): LogIndex {
    const open = this.open;
    const maxId = Math.max(this.maxId, ...(open?.ids ?? []));
    const n = Math.min(256, Math.max(idCount, maxId + 1));
    const threads: ThreadMessageStats[] = [...this.stats].map(([thread, s]) => ({
      thread,
      counts: Array.from(s.counts.subarray(0, n)),
      bytes: Array.from(s.bytes.subarray(0, n)),
    }));
    if (open) {
      let stats = threads.find((t) => t.thread === open.thread);
      if (!stats)
        threads.push(
          (stats = { thread: open.thread, counts: new Array<number>(n).fill(0), bytes: new Array<number>(n).fill(0) }),
        );
      open.ids.forEach((id, i) => {
        stats.counts[id]! += 1;
        stats.bytes[id]! += open.sizes[i]!;
      });
    }
    return {
      usedSize: this.usedSize,
      frameOffsets: Float64Array.from(this.offsets),
      imageFrames: Uint8Array.from(this.images),
      threads,
      annotations: [...this.annotations],
    };
  }
}
