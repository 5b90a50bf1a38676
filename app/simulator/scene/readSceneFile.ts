/**
 * Reads a scene file from disk within a size bound: only regular files (a device such as `/dev/zero` or a FIFO
 * would never end or never start), and never more than `maxBytes`, checked while reading rather than after.
 */
import fs from 'node:fs';
import { XML_LIMITS } from './xml/parseXml';

/** Reads `file` as UTF-8; throws an Error saying why when it is not a regular file or larger than `maxBytes`. */
export function readSceneFile(file: string, maxBytes: number = XML_LIMITS.maxBytes): string {
  // stat before open: opening a FIFO for reading blocks until a writer appears.
  if (!fs.statSync(file).isFile()) throw new Error('not a regular file');
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    if (!fs.fstatSync(fd).isFile()) throw new Error('not a regular file');
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, maxBytes + 1 - total));
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}
