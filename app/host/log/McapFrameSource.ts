/**
 * @file The second frame source: an MCAP file exported by Pitchside, replayed from its raw-frames channel
 * (mcapRawFrames.ts). The file is read once on open: the header schema and the frames on `/bhuman/frames` — with
 * the camera images they refer to put back from the image channels — are put together into the B-Human log they
 * came from, in memory (as a compressed B-Human log is), and indexed by a scan, so frames, image frames, threads
 * and annotations are exactly those of the source log. Other channels are skipped. An MCAP without the channel
 * (from another program, or exported with the humanoid-dataset profile) is refused with a message saying so.
 * Reading is bounded and survives damaged chunks (mcap/replayFrames.ts); what was lost is in `problems`.
 */
import { MemorySource } from '@robot-runtime/protocol/log/ByteSource';
import { openLogSteps, type LogStructure } from '@robot-runtime/protocol/log/openLog';
import { runSteps } from '@robot-runtime/protocol/log/scanFrames';
import { readFrame, type LogFrame } from '@robot-runtime/protocol/log/readFrame';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import { FileSource } from './FileSource';
import type { FrameSource } from './FrameSource';
import { loadZstd } from './mcap/boundedZstd';
import { hasMcapMagic } from './mcap/mcapRecords';
import { readReplayFramesNow, type ReplayFrames } from './mcap/replayFrames';

/** Whether the file at `path` starts like an MCAP file. */
export function isMcapFile(path: string): boolean {
  const file = FileSource.open(path);
  try {
    return hasMcapMagic(file);
  } finally {
    file.close();
  }
}

/**
 * Loads what reading zstd-compressed chunks needs. Opening is synchronous (`sl` creates the robot at once), so
 * hosts call this early; opening a zstd-compressed MCAP before it finished loses its chunks with a message to try
 * again.
 */
export function loadMcapDecompression(): Promise<void> {
  return loadZstd();
}

/** An MCAP export opened for replay. */
export class McapFrameSource implements FrameSource {
  readonly format = 'MCAP';

  private constructor(
    readonly path: string,
    readonly log: LogStructure,
    private readonly raw: Pick<ReplayFrames, 'cutOff' | 'problems'>,
  ) {}

  /** Opens `path`; throws when it is no readable MCAP file or has no raw frames. */
  static open(path: string): McapFrameSource {
    const file = FileSource.open(path);
    try {
      return McapFrameSource.fromFrames(path, readReplayFramesNow(file, path));
    } finally {
      file.close();
    }
  }

  /** The frame source of frames read from the MCAP at `path` (readReplayFrames). */
  static fromFrames(path: string, raw: ReplayFrames): McapFrameSource {
    return runSteps(McapFrameSource.fromFrameSteps(path, raw));
  }

  /** fromFrames in steps (the index is built by a scan that yields after every megabyte). */
  static *fromFrameSteps(path: string, raw: ReplayFrames): Generator<void, McapFrameSource> {
    return new McapFrameSource(path, yield* openLogSteps(new MemorySource(raw.log)), raw);
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
    const problems = [...this.raw.problems, ...this.log.problems.filter((p) => !p.endsWith('has no index: scanned'))];
    return this.raw.cutOff
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
