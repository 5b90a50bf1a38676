/**
 * @file The robot's log writer (formats §3.1, §3.2): frames go into a ring buffer and a background writer drains it
 * with asynchronous file writes, so no robot thread (nor the main thread's message handling) ever waits for the
 * disk. The file starts with the robot's header and a "size unknown" queue, frames are appended as they come,
 * logging stops when the drive has less than the configured free space, and closing fsyncs the file. A log cut
 * off at any byte (power loss) opens up to its last complete frame.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FrameRingBuffer } from '@robot-runtime/core/logging/FrameRingBuffer';
import type { LoggerConfig } from '@robot-runtime/core/logging/LoggerConfig';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { robotLogFileName } from '@robot-runtime/protocol/log/fileName';
import type { LogSettings } from '@robot-runtime/protocol/log/settingsChunk';
import { frameBytes, logHeaderBytes } from '@robot-runtime/protocol/log/writeLog';
import { messageIdNames } from '@robot-runtime/protocol/messages/MessageIDs';

/** Bytes written per file write at most (bounds the memory a write holds). */
const WRITE_BATCH = 8 * 1024 * 1024;

/** What the writer needs besides the configuration. */
export interface RobotLogWriterOptions {
  settings: LogSettings;
  /** Serialized TypeInfo of everything the robot may log. */
  typeInfo: Uint8Array;
  /** The file name's identifier part (B-Human: the game or a date). */
  identifier?: string;
  /** Directory the config's relative `path` is resolved against. */
  baseDir?: string;
  /** Reports problems (full drive, dropped frames, write errors). */
  log?(line: string): void;
  /** Free bytes on the drive of `dir` (injected by tests); fs.statfs by default. */
  freeBytes?(dir: string): number;
}

/** Writes one robot log. */
export class RobotLogWriter {
  readonly path: string;
  private readonly ring: FrameRingBuffer;
  private fd: number | undefined;
  private writing: Promise<void> | undefined;
  private stopped = false;
  private reportedDrops = 0;
  /** Frames written so far. */
  framesWritten = 0;

  private constructor(
    private readonly config: LoggerConfig,
    private readonly options: RobotLogWriterOptions,
    file: string,
  ) {
    this.path = file;
    this.ring = new FrameRingBuffer(config.numOfBuffers, config.sizeOfBuffer);
    this.fd = fs.openSync(file, 'wx');
    fs.writeSync(
      this.fd,
      logHeaderBytes({
        settings: options.settings,
        idNames: messageIdNames,
        typeInfo: options.typeInfo,
        sizeUnknown: true,
      }),
    );
  }

  /** Creates the log file (named as the robot logger names it) and writes its header. */
  static create(config: LoggerConfig, options: RobotLogWriterOptions): RobotLogWriter {
    const dir = path.resolve(options.baseDir ?? process.cwd(), config.path);
    fs.mkdirSync(dir, { recursive: true });
    const identifier = options.identifier ?? new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
    const file = robotLogFileName(dir, options.settings, identifier, (p) => fs.existsSync(p));
    if (!file) throw new Error(`no free log file name in ${dir}`);
    return new RobotLogWriter(config, options, file);
  }

  /** Frames dropped because the buffer was full (the disk too slow) or a frame too large. */
  get dropped(): number {
    return this.ring.dropped;
  }

  /** Queues one thread frame; never waits. */
  frame(thread: string, messages: readonly Message[]): void {
    if (this.stopped || messages.length === 0) return;
    this.ring.push(frameBytes(thread, messages));
    this.writing ??= this.drain();
  }

  /** Writes what is queued, fsyncs and closes the file. */
  async close(): Promise<void> {
    while (this.writing) await this.writing;
    this.stopped = true;
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    await new Promise<void>((resolve) => fs.fsync(fd, () => resolve()));
    await new Promise<void>((resolve) => fs.close(fd, () => resolve()));
    if (this.ring.dropped > 0) this.options.log?.(`logger: ${this.ring.dropped} frames were dropped`);
  }

  private async drain(): Promise<void> {
    // Yield first so that `writing` is assigned before this run can finish and clear it.
    await Promise.resolve();
    try {
      while (this.ring.size > 0 && this.fd !== undefined && !this.stopped) {
        if (!this.enoughSpace()) {
          this.options.log?.(`logger: less than ${this.config.minFreeDriveSpace} MB free; logging stopped`);
          this.stopped = true;
          this.ring.take();
          break;
        }
        const batch = this.ring.take(WRITE_BATCH);
        const bytes = batch.length === 1 ? batch[0]! : Buffer.concat(batch);
        await new Promise<void>((resolve, reject) =>
          fs.write(this.fd!, bytes, 0, bytes.length, null, (e) => (e ? reject(e) : resolve())),
        );
        this.framesWritten += batch.length;
        if (this.ring.dropped > this.reportedDrops) {
          this.options.log?.(
            `logger: ${this.ring.dropped - this.reportedDrops} frames dropped (the drive is too slow)`,
          );
          this.reportedDrops = this.ring.dropped;
        }
      }
    } catch (e) {
      this.stopped = true;
      this.options.log?.(`logger: cannot write ${this.path}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.writing = undefined;
    }
  }

  private enoughSpace(): boolean {
    const free = this.options.freeBytes?.(path.dirname(this.path)) ?? freeBytesOf(path.dirname(this.path));
    return free >= this.config.minFreeDriveSpace * 1024 * 1024;
  }
}

function freeBytesOf(dir: string): number {
  try {
    const s = fs.statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return Infinity; // unknown: do not stop logging for want of a number
  }
}
