/**
 * @file The representations one thread sends to another, packed into one triple-buffer version per sender
 * frame so that the receiver always sees a consistent set (all from the same sender frame). Values travel in
 * their binary encoding in both executors, so in-memory and shared-memory runs behave identically (including
 * float rounding of `float` fields).
 *
 * Package layout (little endian): uint32 sender frame number, uint32 sender time (ms), uint32 count, then per
 * representation in the agreed order a uint32 byte length and the encoded value. The time lets a receiver fed
 * by alternative senders (Upper and Lower) apply the newest data last.
 */
import { decodeInto, encodeTo, OutBinary } from '../../../protocol/binary';
import type { TypeRef } from '../../../protocol/types';
import type { Blackboard } from '../../blackboard/Blackboard';
import type { TripleBufferReader, TripleBufferWriter } from './TripleBuffer';

/** A representation in a package: its name and type (both ends derive the list from the module graph). */
export interface ChannelEntry {
  readonly name: string;
  readonly type: TypeRef<unknown>;
}

/** The sending end of one thread pair. */
export class ChannelSender {
  private readonly out = new OutBinary(1024);

  constructor(
    readonly to: string,
    readonly entries: readonly ChannelEntry[],
    private readonly writer: TripleBufferWriter,
  ) {}

  /** Encodes the current values from `blackboard` and publishes them as the newest version. */
  publish(blackboard: Blackboard, frameNumber: number, timeMs = 0): void {
    const out = this.out;
    out.reset();
    out.uint32(frameNumber >>> 0);
    out.uint32(timeMs >>> 0);
    out.uint32(this.entries.length);
    for (const entry of this.entries) {
      const at = out.length;
      out.uint32(0);
      encodeTo(out, entry.type, blackboard.get(entry.name));
      out.patchUint32(at, out.length - at - 4);
    }
    // A copy: the writer may keep the bytes (in-memory buffer) while `out` is reused next frame.
    this.writer.write(out.toBytes());
  }
}

/** The receiving end of one thread pair. */
export class ChannelReceiver {
  /** Sender frame number of the last package taken, or -1. */
  lastSenderFrame = -1;

  constructor(
    readonly from: string,
    readonly entries: readonly ChannelEntry[],
    private readonly reader: TripleBufferReader,
  ) {}

  /** Decodes the newest package (if any arrived) into `blackboard` in place. Returns whether one arrived. */
  receive(blackboard: Blackboard): boolean {
    const bytes = this.take();
    if (!bytes) return false;
    this.apply(blackboard, bytes);
    return true;
  }

  /** The newest package, if one arrived since the last call (apply it with `apply`). */
  take(): Uint8Array | undefined {
    return this.reader.read();
  }

  /** Sender time (ms) of a package from `take`. */
  static timeOf(bytes: Uint8Array): number {
    return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  }

  /** Decodes a package from `take` into `blackboard` in place. */
  apply(blackboard: Blackboard, bytes: Uint8Array): void {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = view.getUint32(8, true);
    if (count !== this.entries.length) throw new Error(`package from ${this.from}: ${count} representations, expected ${this.entries.length}`);
    let offset = 12;
    for (const entry of this.entries) {
      const length = view.getUint32(offset, true);
      offset += 4;
      const stored = decodeInto(entry.type, bytes.subarray(offset, offset + length), blackboard.get(entry.name));
      if (stored !== blackboard.get(entry.name)) blackboard.set(entry.name, stored);
      offset += length;
    }
    this.lastSenderFrame = view.getUint32(0, true);
  }
}
