/**
 * @file Writes a cpio archive in the "newc" format, the one the Linux kernel unpacks as an initramfs: per entry a
 * 110-byte ASCII header (magic 070701 and thirteen 8-digit hexadecimal fields), the NUL-terminated name padded to
 * 4 bytes, the data padded to 4 bytes; a "TRAILER!!!" entry ends the archive.
 */

/** One file or directory of the archive. */
export interface CpioEntry {
  /** Path inside the archive, without a leading slash. */
  name: string;
  /** `file` (with data) or `dir`. */
  kind: 'file' | 'dir';
  /** Permission bits (e.g. 0o755). */
  mode: number;
  data?: Uint8Array;
}

const TYPE_BITS = { file: 0o100000, dir: 0o040000 } as const;

function hex8(n: number): string {
  return n.toString(16).padStart(8, '0');
}

function pad4(length: number): number {
  return (4 - (length % 4)) % 4;
}

/** The archive holding `entries` in order (parents must come before their children). */
export function cpioNewc(entries: readonly CpioEntry[]): Buffer {
  const parts: Buffer[] = [];
  let ino = 1;
  const add = (name: string, mode: number, data: Uint8Array) => {
    const nameBytes = Buffer.from(`${name}\0`, 'utf8');
    const fields = [ino++, mode, 0, 0, 1, 0, data.length, 0, 0, 0, 0, nameBytes.length, 0];
    const header = `070701${fields.map(hex8).join('')}`;
    parts.push(Buffer.from(header, 'ascii'), nameBytes, Buffer.alloc(pad4(header.length + nameBytes.length)));
    parts.push(Buffer.from(data), Buffer.alloc(pad4(data.length)));
  };
  for (const entry of entries) {
    const data = entry.kind === 'dir' ? new Uint8Array(0) : (entry.data ?? new Uint8Array(0));
    add(entry.name, TYPE_BITS[entry.kind] | entry.mode, data);
  }
  add('TRAILER!!!', 0, new Uint8Array(0));
  return Buffer.concat(parts);
}
