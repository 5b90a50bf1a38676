/**
 * @file A log file opened for random access (the PC side of formats §3.4): header and index on open, frames read on
 * demand. Opening reads the index chunk when there is a valid one, so it costs the same for any log length; a log
 * without one (a robot log, a truncated copy) is scanned once, and with `writeIndex` the index is written back as
 * B-Human does on first open: the trailing incomplete frame is cut off, the queue size patched, the index appended.
 */
import fs from 'node:fs';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import { indexChunkBytes } from '@robot-runtime/protocol/log/logIndex';
import { openLog, type LogStructure } from '@robot-runtime/protocol/log/openLog';
import { readFrame, type LogFrame } from '@robot-runtime/protocol/log/readFrame';
import { queueHeaderBytes } from '@robot-runtime/protocol/log/writeLog';
import { FileSource } from './FileSource';
import type { FrameSource } from './FrameSource';

/** Options of LogFile.open. */
export interface LogFileOptions {
  /** Write the index back into a log that has none (uncompressed logs only). Default false: the file is only read. */
  writeIndex?: boolean;
}

/** An opened log file: the first frame source (its frames are the file's). */
export class LogFile implements FrameSource {
  readonly format = 'B-Human log';
  private transient = 0;

  private constructor(
    readonly path: string,
    private file: FileSource,
    private structure: LogStructure,
  ) {}

  /** Opens `path`; throws only for I/O errors (malformed content opens with what is readable, see `problems`). */
  static open(path: string, options: LogFileOptions = {}): LogFile {
    const file = FileSource.open(path);
    const structure = openLog(file, { fileName: path });
    const log = new LogFile(path, file, structure);
    if (
      options.writeIndex &&
      structure.indexSource === 'scanned' &&
      structure.queueOffset !== undefined &&
      structure.source === file
    )
      log.writeIndex();
    return log;
  }

  /** The parsed header, index and id mapping. */
  get log(): LogStructure {
    return this.structure;
  }

  /** Number of complete frames. */
  get frameCount(): number {
    return this.structure.index.frameOffsets.length;
  }

  /** The log's type specification, if it has one. */
  get typeInfo(): TypeInfo | undefined {
    return this.structure.header.typeInfo;
  }

  /** Size of the file in bytes. */
  get size(): number {
    return this.file.size;
  }

  /** Threads that have frames in the log, in order of first appearance. */
  get threads(): string[] {
    return this.structure.index.threads.map((t) => t.thread);
  }

  /** What was wrong with the file (empty for a healthy log). */
  get problems(): readonly string[] {
    return this.structure.problems;
  }

  /** Reads frame `i` (0-based) from disk; the frame's payloads are the caller's to keep. */
  readFrame(i: number): LogFrame {
    return readFrame(this.structure, i);
  }

  /**
   * Reads frame `i` into a buffer this file reuses: the payloads are valid until the next transient read of this
   * file (see `transientReads`). For decode-and-drop readers such as the replay; copy what must be kept.
   */
  readFrameTransient(i: number): LogFrame {
    this.transient++;
    return readFrame(this.structure, i, true);
  }

  /** Number of transient reads so far: a frame read transiently is still valid while this has not changed. */
  get transientReads(): number {
    return this.transient;
  }

  /** Whether frame `i` holds a camera image (from the index, no read). */
  isImageFrame(i: number): boolean {
    return this.structure.index.imageFrames[i] === 1;
  }

  /**
   * Makes the file end with its complete messages and a fresh index (B-Human's first-open repair): the queue
   * header gets the real size, and the messages of a trailing incomplete frame stay in the file (counted in the
   * statistics, not played), as B-Human keeps them. The file is reopened; the frames stay the same.
   */
  writeIndex(): void {
    const s = this.structure;
    if (s.queueOffset === undefined || s.source !== this.file)
      throw new Error(`${this.path}: only uncompressed logs can be indexed in place`);
    const end = s.bodyStart + s.dataSize;
    this.file.close();
    const fd = fs.openSync(this.path, 'r+');
    try {
      fs.ftruncateSync(fd, end);
      fs.writeSync(fd, queueHeaderBytes(s.dataSize), 0, 8, s.queueOffset);
      const index = indexChunkBytes(s.index);
      fs.writeSync(fd, index, 0, index.length, end);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    this.file = FileSource.open(this.path);
    this.structure = openLog(this.file, { fileName: this.path });
  }

  /** Closes the file. */
  close(): void {
    this.file.close();
  }
}
