/**
 * @file The sending side of the monitor channel: cuts messages into fragments and keeps recent ones (bounded by
 * bytes) so that fragments a receiver NACKs can be sent again. Multicast means one send serves every IDE.
 */
import { encodeDataFragment, MAX_FRAGMENTS } from './fragments';

/** Sender settings. */
export interface FragmenterOptions {
  /** Largest datagram (bytes, header included); 1400 stays below a typical Ethernet MTU. */
  maxPacketSize?: number;
  /** Bytes of recent messages kept for retransmission. */
  retransmitBytes?: number;
}

/** Cuts and remembers messages. */
export class Fragmenter {
  private sequence = 0;
  private readonly kept = new Map<number, Uint8Array[]>();
  private keptBytes = 0;
  private readonly maxPayload: number;
  private readonly retransmitBytes: number;

  constructor(options: FragmenterOptions = {}) {
    this.maxPayload = (options.maxPacketSize ?? 1400) - 10;
    this.retransmitBytes = options.retransmitBytes ?? 4 * 1024 * 1024;
    if (this.maxPayload < 1) throw new Error('maxPacketSize leaves no room for a payload');
  }

  /** The fragments of the next message, to send in order. Throws when the message needs too many fragments. */
  fragment(message: Uint8Array): Uint8Array[] {
    const count = Math.max(1, Math.ceil(message.length / this.maxPayload));
    if (count > MAX_FRAGMENTS)
      throw new Error(`message of ${message.length} bytes needs more than ${MAX_FRAGMENTS} fragments`);
    const sequence = this.sequence;
    this.sequence = (this.sequence + 1) >>> 0;
    const packets = Array.from({ length: count }, (_, i) =>
      encodeDataFragment(sequence, i, count, message.subarray(i * this.maxPayload, (i + 1) * this.maxPayload)),
    );
    this.kept.set(sequence, packets);
    this.keptBytes += message.length;
    // Forget the oldest messages beyond the retransmission budget (Map keeps insertion order).
    for (const [seq, old] of this.kept) {
      if (this.keptBytes <= this.retransmitBytes || seq === sequence) break;
      this.keptBytes -= old.reduce((n, p) => n + p.length - 10, 0);
      this.kept.delete(seq);
    }
    return packets;
  }

  /** The fragments a NACK asks for that are still kept (unknown indices and forgotten messages are skipped). */
  resend(sequence: number, missing: readonly number[]): Uint8Array[] {
    const packets = this.kept.get(sequence);
    if (!packets) return [];
    return [...new Set(missing)].filter((i) => i < packets.length).map((i) => packets[i]!);
  }
}
