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
import { encodeTo, InBinary, OutBinary, readOwnInto } from '@robot-runtime/protocol/binary';
import type { TypeRef } from '@robot-runtime/protocol/types';
import type { Blackboard, BlackboardSlot } from '../../blackboard/Blackboard';
import type { TripleBufferReader, TripleBufferWriter } from './TripleBuffer';

/** A representation in a package: its name and type (both ends derive the list from the module graph). */
export interface ChannelEntry {
  readonly name: string;
  readonly type: TypeRef<unknown>;
}

/**
 * What both ends of a thread pair share: the representations in package order, and their slots on the blackboard
 * the end serves, resolved once (an end always serves the same thread, so the cache is a single pair).
 */
abstract class ChannelEnd {
  private blackboard: Blackboard | undefined;
  private slots: BlackboardSlot[] = [];

  constructor(readonly entries: readonly ChannelEntry[]) {}

  /** The slots of `entries` on `blackboard`. */
  protected slotsOf(blackboard: Blackboard): BlackboardSlot[] {
    if (this.blackboard !== blackboard) {
      this.blackboard = blackboard;
      this.slots = this.entries.map((e) => blackboard.slot(e.name));
    }
    return this.slots;
  }
}

/** The sending end of one thread pair. */
export class ChannelSender extends ChannelEnd {
  private readonly out = new OutBinary(1024);

  constructor(
    readonly to: string,
    entries: readonly ChannelEntry[],
    private readonly writer: TripleBufferWriter,
  ) {
    super(entries);
  }

  /** Whether `other` carries the same representations in the same order (so its package has the same bytes). */
  carriesSameAs(other: ChannelSender): boolean {
    const a = this.entries;
    const b = other.entries;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i]!.name !== b[i]!.name || a[i]!.type !== b[i]!.type) return false;
    return true;
  }

  /**
   * Encodes the current values from `blackboard` and publishes them as the newest version; returns the package,
   * valid until this sender publishes again (writers copy it), so a sender with the same entries may publish it.
   */
  publish(blackboard: Blackboard, frameNumber: number, timeMs = 0): Uint8Array {
    const out = this.out;
    const entries = this.entries;
    const slots = this.slotsOf(blackboard);
    out.reset();
    out.uint32(frameNumber >>> 0);
    out.uint32(timeMs >>> 0);
    out.uint32(entries.length);
    for (let i = 0; i < entries.length; i++) {
      const at = out.length;
      out.uint32(0);
      encodeTo(out, entries[i]!.type, slots[i]!.value);
      out.patchUint32(at, out.length - at - 4);
    }
    const bytes = out.view8();
    this.writer.write(bytes);
    return bytes;
  }

  /** Publishes a package another sender with the same entries (see carriesSameAs) encoded in this frame. */
  publishPackage(bytes: Uint8Array): void {
    this.writer.write(bytes);
  }
}

/**
 * Publishes the current values to every sender of a thread. Senders that carry the same representations (Motion
 * sends the same data to both camera threads) share one encoding.
 */
export function publishAll(
  senders: readonly ChannelSender[],
  blackboard: Blackboard,
  frameNumber: number,
  timeMs: number,
): void {
  let previous: ChannelSender | undefined;
  let bytes: Uint8Array | undefined;
  for (const sender of senders) {
    if (previous?.carriesSameAs(sender)) sender.publishPackage(bytes!);
    else bytes = (previous = sender).publish(blackboard, frameNumber, timeMs);
  }
}

/** Readers a receiver keeps (see ChannelReceiver.inputs). */
const MAX_READERS = 4;

/** The receiving end of one thread pair. */
export class ChannelReceiver extends ChannelEnd {
  /** Sender frame number of the last package taken, or -1. */
  lastSenderFrame = -1;
  /**
   * Readers over the packages applied so far, by package: a buffer hands out the same few byte views (one per
   * slot) again and again. Bounded: cleared when more than a triple buffer's slots turn up.
   */
  private readonly inputs = new Map<Uint8Array, InBinary>();

  constructor(
    readonly from: string,
    entries: readonly ChannelEntry[],
    private readonly reader: TripleBufferReader,
  ) {
    super(entries);
  }

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
    // Read by hand: this runs for most frames of Cognition (several senders) and a DataView would be garbage.
    return (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24)) >>> 0;
  }

  /** Decodes a package from `take` into `blackboard` in place. */
  apply(blackboard: Blackboard, bytes: Uint8Array): void {
    let inp = this.inputs.get(bytes);
    if (!inp) {
      if (this.inputs.size >= MAX_READERS) this.inputs.clear();
      this.inputs.set(bytes, (inp = new InBinary(bytes)));
    }
    inp.restart(8);
    const count = inp.uint32();
    const entries = this.entries;
    if (count !== entries.length)
      throw new Error(`package from ${this.from}: ${count} representations, expected ${entries.length}`);
    const slots = this.slotsOf(blackboard);
    for (let i = 0; i < entries.length; i++) {
      const length = inp.uint32();
      const slot = slots[i]!;
      const current = slot.value;
      // Packages come from this program's own sender (same entries, same encoder): read without a validation pass.
      const stored = readOwnInto(entries[i]!.type, inp, length, current);
      if (stored !== current) blackboard.setSlot(slot, stored);
    }
    this.lastSenderFrame = inp.view.getUint32(0, true);
  }
}
