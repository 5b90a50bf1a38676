/**
 * @file What the log player plays: a recording seen as numbered B-Human message-queue frames (Lichtblick's
 * iterable source, narrowed to random access by frame). The replay robot consumes queue frames, so every
 * recording format is presented as one: a B-Human log is one already (LogFile); an MCAP file exported by Pitchside
 * carries them in its raw-frames channel (McapFrameSource). A new format implements this interface and is added
 * to `openFrameSource`.
 */
import type { LogStructure } from '@robot-runtime/protocol/log/openLog';
import type { LogFrame } from '@robot-runtime/protocol/log/readFrame';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';

/** A recording opened for random access by frame. */
export interface FrameSource {
  /** The file the frames come from. */
  readonly path: string;
  /** The recording's format, for messages (`B-Human log`, `MCAP`). */
  readonly format: string;
  /**
   * The frames' message-queue structure: header (settings, message id names, type info), index (frame offsets,
   * image frames, threads, annotations) and the bytes behind it, for readers that walk raw frames (timeline).
   */
  readonly log: LogStructure;
  /** Number of complete frames. */
  readonly frameCount: number;
  /** The type specification the frames were written with, if the recording has one. */
  readonly typeInfo: TypeInfo | undefined;
  /** Threads that have frames, in order of first appearance. */
  readonly threads: string[];
  /** What was wrong with the recording (empty for a healthy one). */
  readonly problems: readonly string[];
  /** Number of transient reads so far: a frame read transiently is still valid while this has not changed. */
  readonly transientReads: number;
  /** Reads frame `i` (0-based); the payloads are the caller's to keep. */
  readFrame(i: number): LogFrame;
  /** Reads frame `i` into a buffer the source may reuse: valid until the next transient read. */
  readFrameTransient(i: number): LogFrame;
  /** Whether frame `i` holds a camera image (from the index, no read). */
  isImageFrame(i: number): boolean;
  /** Releases the file. */
  close(): void;
}
