/**
 * @file The receiving side of the monitor channel: collects the fragments of each message, delivers complete
 * messages in any order, and produces NACKs for gaps that stay open. Every size and count is bounded before
 * anything is allocated, so a hostile or broken sender cannot exhaust memory.
 */
import { decodeFragmentPacket, encodeNack, FRAGMENT_DATA } from './fragments';

/** Receiver settings. */
export interface ReassemblerOptions {
  /** Largest message accepted (bytes). */
  maxMessageBytes?: number;
  /** Most incomplete messages held at once; the oldest is dropped beyond it. */
  maxPending?: number;
  /** A gap is NACKed once it is this old (ms) … */
  nackDelayMs?: number;
  /** … at most this many times, then the message is given up. */
  maxNacks?: number;
  /** Largest fragment payload expected (bytes), to bound a message by its fragment count. */
  maxFragmentPayload?: number;
  /** Bytes all incomplete messages may hold together; the oldest are dropped beyond it (default maxMessageBytes). */
  maxPendingBytes?: number;
}

interface Pending {
  readonly count: number;
  /** Received fragments by index (a map, so a huge announced count allocates nothing). */
  readonly parts: Map<number, Uint8Array>;
  received: number;
  bytes: number;
  readonly firstSeen: number;
  lastNack: number;
  nacks: number;
}

/** Counters for a monitor view. */
export interface ReassemblyStats {
  completed: number;
  malformed: number;
  duplicates: number;
  dropped: number;
  nacksSent: number;
}

/** Reassembles the messages of one sender. */
export class Reassembler {
  private readonly pending = new Map<number, Pending>();
  private readonly done = new Set<number>();
  readonly stats: ReassemblyStats = { completed: 0, malformed: 0, duplicates: 0, dropped: 0, nacksSent: 0 };
  private readonly maxMessageBytes: number;
  private readonly maxPending: number;
  private readonly nackDelayMs: number;
  private readonly maxNacks: number;
  private readonly maxFragmentPayload: number;
  private readonly maxPendingBytes: number;
  /** Bytes held by incomplete messages. */
  private heldBytes = 0;
  /**
   * Bytes of NACKs this sender may still be sent: what it sent us minus what we sent back, so that a NACK can never
   * amplify traffic (a spoofed source address must not turn us into a reflector).
   */
  private nackCredit = 0;

  constructor(options: ReassemblerOptions = {}) {
    this.maxMessageBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
    this.maxPending = options.maxPending ?? 64;
    this.nackDelayMs = options.nackDelayMs ?? 50;
    this.maxNacks = options.maxNacks ?? 5;
    this.maxFragmentPayload = options.maxFragmentPayload ?? 65507;
    this.maxPendingBytes = options.maxPendingBytes ?? this.maxMessageBytes;
  }

  /** Bytes held by incomplete messages (bounded by maxPendingBytes). */
  get pendingBytes(): number {
    return this.heldBytes;
  }

  /** Handles one datagram; returns the message it completed, if any. NACK packets and garbage return undefined. */
  receive(packet: Uint8Array, now: number): Uint8Array | undefined {
    const f = decodeFragmentPacket(packet);
    this.nackCredit = Math.min(this.nackCredit + packet.length, this.maxMessageBytes);
    if (!f || f.type !== FRAGMENT_DATA || f.payload.length > this.maxFragmentPayload) {
      if (!f || f.type === FRAGMENT_DATA) this.stats.malformed++;
      return undefined;
    }
    if (this.done.has(f.sequence)) {
      this.stats.duplicates++;
      return undefined;
    }
    if (f.count === 1) return this.complete(f.sequence, [f.payload]);
    let p = this.pending.get(f.sequence);
    if (!p) {
      // Every fragment but the last carries at least one byte, so a larger count cannot fit the size limit.
      if (f.count - 1 > this.maxMessageBytes) {
        this.stats.malformed++;
        return undefined;
      }
      if (this.pending.size >= this.maxPending) this.drop(this.pending.keys().next().value!);
      p = { count: f.count, parts: new Map(), received: 0, bytes: 0, firstSeen: now, lastNack: now, nacks: 0 };
      this.pending.set(f.sequence, p);
    }
    if (f.count !== p.count) {
      this.stats.malformed++;
      return undefined;
    }
    if (p.parts.has(f.index)) {
      this.stats.duplicates++;
      return undefined;
    }
    if (p.bytes + f.payload.length > this.maxMessageBytes) {
      this.stats.malformed++;
      this.drop(f.sequence);
      return undefined;
    }
    // Room for this fragment among everything held: older incomplete messages give way.
    while (this.heldBytes + f.payload.length > this.maxPendingBytes) {
      const oldest = this.pending.keys().next().value!;
      if (oldest === f.sequence) break;
      this.drop(oldest);
    }
    p.parts.set(f.index, f.payload.slice());
    p.received++;
    p.bytes += f.payload.length;
    this.heldBytes += f.payload.length;
    if (p.received < p.count) return undefined;
    this.pending.delete(f.sequence);
    this.heldBytes -= p.bytes;
    return this.complete(
      f.sequence,
      Array.from({ length: p.count }, (_, i) => p.parts.get(i)!),
    );
  }

  /** NACK packets for gaps older than the delay; gives up on messages NACKed too often. */
  nacks(now: number): Uint8Array[] {
    const out: Uint8Array[] = [];
    for (const [sequence, p] of [...this.pending]) {
      if (now - p.lastNack < this.nackDelayMs) continue;
      if (p.nacks >= this.maxNacks) {
        this.drop(sequence);
        continue;
      }
      const missing: number[] = [];
      for (let i = 0; i < p.count && missing.length < 600; i++) if (!p.parts.has(i)) missing.push(i);
      p.lastNack = now;
      p.nacks++;
      if (this.nackCredit < 10) continue; // not even one missing index is paid for
      const nack = encodeNack(sequence, missing, Math.min(1400, this.nackCredit));
      this.nackCredit -= nack.length;
      this.stats.nacksSent++;
      out.push(nack);
    }
    return out;
  }

  /** Incomplete messages held. */
  get pendingCount(): number {
    return this.pending.size;
  }

  private complete(sequence: number, parts: readonly Uint8Array[]): Uint8Array {
    const total = parts.reduce((n, p) => n + p.length, 0);
    const message = new Uint8Array(total);
    let o = 0;
    for (const part of parts) {
      message.set(part, o);
      o += part.length;
    }
    this.done.add(sequence);
    // Remember only recent completions: enough to recognize late duplicates.
    if (this.done.size > 4 * this.maxPending) this.done.delete(this.done.values().next().value!);
    this.stats.completed++;
    return message;
  }

  private drop(sequence: number): void {
    const p = this.pending.get(sequence);
    if (!p) return;
    this.pending.delete(sequence);
    this.heldBytes -= p.bytes;
    this.stats.dropped++;
  }
}
