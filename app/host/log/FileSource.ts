/**
 * @file Positioned reads from a log file. Node cannot memory-map files, so frames are read on demand with
 * fs.readSync at their indexed offsets. `read` gets a fresh buffer, so callers may keep what they read;
 * `readTransient` reuses one buffer, because a fresh allocation per large frame costs a page fault per 4 KB touched
 * and made replay decoding run at half the speed of a plain read of the file.
 */
import fs from 'node:fs';
import type { ByteSource } from '@robot-runtime/protocol/log/ByteSource';

/** A ByteSource over an open file descriptor. */
export class FileSource implements ByteSource {
  private scratch: Buffer = Buffer.alloc(0);

  private constructor(
    private fd: number,
    readonly size: number,
    readonly path: string,
  ) {}

  /** Opens `path` for reading (`r+` when the index may be written back). */
  static open(path: string, writable = false): FileSource {
    const fd = fs.openSync(path, writable ? 'r+' : 'r');
    return new FileSource(fd, fs.fstatSync(fd).size, path);
  }

  /** The file descriptor (for writing an index back). */
  get descriptor(): number {
    return this.fd;
  }

  read(offset: number, length: number): Uint8Array {
    const start = Math.max(0, Math.min(offset, this.size));
    return this.readAt(Buffer.allocUnsafe(Math.max(0, Math.min(length, this.size - start))), start);
  }

  readTransient(offset: number, length: number): Uint8Array {
    const start = Math.max(0, Math.min(offset, this.size));
    const n = Math.max(0, Math.min(length, this.size - start));
    // Grown by doubling and never shrunk: a log's frames have similar sizes, so it settles after a few frames.
    if (this.scratch.length < n) this.scratch = Buffer.allocUnsafe(Math.max(n, 2 * this.scratch.length, 64 * 1024));
    return this.readAt(this.scratch.subarray(0, n), start);
  }

  /** Fills `buffer` from `start`; a shorter view when the file ends early (it may shrink while open). */
  private readAt(buffer: Buffer, start: number): Uint8Array {
    const n = buffer.length;
    let done = 0;
    while (done < n) {
      const got = fs.readSync(this.fd, buffer, done, n - done, start + done);
      if (got === 0) break;
      done += got;
    }
    return done === n ? buffer : buffer.subarray(0, done);
  }

  /** Closes the file; further reads fail. */
  close(): void {
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = -1;
  }
}
