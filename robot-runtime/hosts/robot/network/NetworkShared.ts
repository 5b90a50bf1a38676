/**
 * @file The memory the network (main thread, which owns the sockets) shares with the Cognition thread (a worker
 * in a synchronous loop): the newest GameController packet (SPL or HSL) and how many were refused, a ring of received team packets, the team packet to
 * send, and the robot's status for GameController return packets. Each slot sits behind a sequence counter
 * that is odd while the slot is being written.
 */
import { GAME_CONTROL_SIZE } from '@robot-runtime/protocol/gameController/gameControlData';
import { HSL_GAME_CONTROL_SIZE } from '@robot-runtime/protocol/gameController/hslGameControlData';

/** Received team packets kept until Cognition drains them; older ones are overwritten (and counted lost). */
export const INBOX_SLOTS = 32;
/** Bytes of a slot's packet area: team packets are at most 128 bytes; the standard message may use more. */
const PACKET_BYTES = 1400;
const STATUS_VALUES = 7;

const C_GC = 0;
const C_INBOX = 1;
const C_OUTBOX = 2;
const C_STATUS = 3;
/** Counts Cognition's drains, so the main thread knows which inbox slots are still unread. */
const C_DRAINED = 4;
/** GameController packets the main thread refused (a plain count, written with Atomics.store). */
const C_GC_REJECTED = 5;
const CONTROL = 6;
/** The larger of the two GameController packets. */
const GC_PACKET_BYTES = Math.max(GAME_CONTROL_SIZE, HSL_GAME_CONTROL_SIZE);

/** Byte layout: control | GC (seq'd by C_GC) | inbox slots | outbox | status. */
const GC_OFFSET = 8 * Math.ceil((CONTROL * 4) / 8); // float64 receive times need 8-byte alignment
const GC_BYTES = 8 + 8 + 8 * Math.ceil(GC_PACKET_BYTES / 8); // receive time + length (int32, padded) + packet
const SLOT_BYTES = 8 + 8 + PACKET_BYTES; // seq + length (as int32 pair) + receive time + packet
const INBOX_OFFSET = GC_OFFSET + GC_BYTES;
const OUTBOX_OFFSET = INBOX_OFFSET + INBOX_SLOTS * SLOT_BYTES;
const STATUS_OFFSET = OUTBOX_OFFSET + 8 + 8 + PACKET_BYTES;
const TOTAL = STATUS_OFFSET + STATUS_VALUES * 8;

/** A received team packet. */
export interface ReceivedPacket {
  bytes: Uint8Array;
  receivedAt: number;
}

/** What a GameController return packet reports. */
export interface RobotStatus {
  pose: [number, number, number];
  ballAge: number;
  ball: [number, number];
  fallen: number;
}

/** Views on the shared buffer; construct one on each side. */
export class NetworkShared {
  private readonly control: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  private readIndex: number;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(TOTAL)) {
    this.control = new Int32Array(buffer, 0, CONTROL);
    this.bytes = new Uint8Array(buffer);
    this.view = new DataView(buffer);
    this.readIndex = Atomics.load(this.control, C_INBOX);
  }

  /** Main thread: the newest accepted GameController packet (either league's; longer ones are cut). */
  writeGameController(packet: Uint8Array, receivedAt: number): void {
    this.locked(C_GC, () => {
      const n = Math.min(packet.length, GC_PACKET_BYTES);
      this.view.setFloat64(GC_OFFSET, receivedAt, true);
      this.view.setInt32(GC_OFFSET + 8, n, true);
      this.bytes.set(packet.subarray(0, n), GC_OFFSET + 16);
    });
  }

  /** Main thread: how many GameController packets were refused so far. */
  set gameControllerRejected(count: number) {
    Atomics.store(this.control, C_GC_REJECTED, count);
  }

  /** How many GameController packets the main thread refused so far. */
  get gameControllerRejected(): number {
    return Atomics.load(this.control, C_GC_REJECTED);
  }

  /** Counter that changes with every GameController packet. */
  get gameControllerSequence(): number {
    return Atomics.load(this.control, C_GC);
  }

  /** Cognition: the newest GameController packet, if any arrived. */
  readGameController(): ReceivedPacket | undefined {
    if (this.gameControllerSequence === 0) return undefined;
    return this.consistent(C_GC, () => {
      const n = Math.min(Math.max(0, this.view.getInt32(GC_OFFSET + 8, true)), GC_PACKET_BYTES);
      return {
        receivedAt: this.view.getFloat64(GC_OFFSET, true),
        bytes: this.bytes.slice(GC_OFFSET + 16, GC_OFFSET + 16 + n),
      };
    });
  }

  /** Main thread: appends a received team packet to the ring. */
  pushPacket(packet: Uint8Array, receivedAt: number): void {
    const index = Atomics.load(this.control, C_INBOX);
    const slot = INBOX_OFFSET + (index % INBOX_SLOTS) * SLOT_BYTES;
    const seq = new Int32Array(this.buffer, slot, 1);
    const n = Math.min(packet.length, PACKET_BYTES);
    Atomics.add(seq, 0, 1);
    this.view.setInt32(slot + 4, n, true);
    this.view.setFloat64(slot + 8, receivedAt, true);
    this.bytes.set(packet.subarray(0, n), slot + 16);
    Atomics.add(seq, 0, 1);
    Atomics.store(this.control, C_INBOX, index + 1);
  }

  /** Cognition: every packet pushed since the last call (the newest INBOX_SLOTS at most); `lost` counts skipped ones. */
  drainPackets(): { packets: ReceivedPacket[]; lost: number } {
    const written = Atomics.load(this.control, C_INBOX);
    const lost = Math.max(0, written - this.readIndex - INBOX_SLOTS);
    const packets: ReceivedPacket[] = [];
    for (let i = this.readIndex + lost; i < written; i++) {
      const slot = INBOX_OFFSET + (i % INBOX_SLOTS) * SLOT_BYTES;
      const seq = new Int32Array(this.buffer, slot, 1);
      for (;;) {
        const before = Atomics.load(seq, 0);
        if (before & 1) continue;
        const n = this.view.getInt32(slot + 4, true);
        const packet = {
          receivedAt: this.view.getFloat64(slot + 8, true),
          bytes: this.bytes.slice(slot + 16, slot + 16 + n),
        };
        if (Atomics.load(seq, 0) === before) {
          packets.push(packet);
          break;
        }
      }
    }
    this.readIndex = written;
    Atomics.add(this.control, C_DRAINED, 1);
    return { packets, lost };
  }

  /** Counter that changes whenever Cognition drains the inbox (every packet pushed before is then read). */
  get drainSequence(): number {
    return Atomics.load(this.control, C_DRAINED);
  }

  /** Cognition: the packet to send. */
  writeOutgoing(packet: Uint8Array, sentAt: number): void {
    this.locked(C_OUTBOX, () => {
      const n = Math.min(packet.length, PACKET_BYTES);
      this.view.setInt32(OUTBOX_OFFSET, n, true);
      this.view.setFloat64(OUTBOX_OFFSET + 8, sentAt, true);
      this.bytes.set(packet.subarray(0, n), OUTBOX_OFFSET + 16);
    });
    Atomics.notify(this.control, C_OUTBOX);
  }

  /** Counter that changes with every outgoing packet. */
  get outgoingSequence(): number {
    return Atomics.load(this.control, C_OUTBOX);
  }

  /** Main thread: resolves when the outgoing counter differs from `seen` (or after `timeoutMs`). */
  async waitForOutgoing(seen: number, timeoutMs: number): Promise<number> {
    const waitAsync = (
      Atomics as unknown as {
        waitAsync: (a: Int32Array, i: number, v: number, t?: number) => { async: boolean; value: unknown };
      }
    ).waitAsync;
    const result = waitAsync(this.control, C_OUTBOX, seen, timeoutMs);
    if (result.async) await result.value;
    return this.outgoingSequence;
  }

  /** Main thread: the packet to send. */
  readOutgoing(): ReceivedPacket {
    return this.consistent(C_OUTBOX, () => {
      const n = this.view.getInt32(OUTBOX_OFFSET, true);
      return {
        receivedAt: this.view.getFloat64(OUTBOX_OFFSET + 8, true),
        bytes: this.bytes.slice(OUTBOX_OFFSET + 16, OUTBOX_OFFSET + 16 + n),
      };
    });
  }

  /** Cognition: what return packets report. */
  writeStatus(s: RobotStatus): void {
    this.locked(C_STATUS, () =>
      [...s.pose, s.ballAge, ...s.ball, s.fallen].forEach((v, i) =>
        this.view.setFloat64(STATUS_OFFSET + 8 * i, v, true),
      ),
    );
  }

  /** Main thread: what return packets report. */
  readStatus(): RobotStatus {
    return this.consistent(C_STATUS, () => {
      const v = (i: number): number => this.view.getFloat64(STATUS_OFFSET + 8 * i, true);
      return {
        pose: [v(0), v(1), v(2)],
        ballAge: Atomics.load(this.control, C_STATUS) === 0 ? -1 : v(3),
        ball: [v(4), v(5)],
        fallen: v(6),
      };
    });
  }

  private locked(word: number, write: () => void): void {
    Atomics.add(this.control, word, 1);
    write();
    Atomics.add(this.control, word, 1);
  }

  private consistent<T>(word: number, read: () => T): T {
    for (;;) {
      const before = Atomics.load(this.control, word);
      if (before & 1) continue;
      const value = read();
      if (Atomics.load(this.control, word) === before) return value;
    }
  }
}
