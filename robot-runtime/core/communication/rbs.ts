/**
 * @file Reference-broadcast clock synchronization from GameController packets (formats §8.3): every robot receives
 * the same broadcast at (almost) the same moment, so a packet number is a shared instant. A sender names its
 * newest GameController packet and how long before the message it arrived; a receiver that got the same packet
 * learns the offset between the two clocks.
 */

/** GameController packets remembered (ring buffer size). */
export const RBS_BUFFER_SIZE = 10;
/** Packets older than this are forgotten (ms). */
export const RBS_MAX_AGE = 5000;
/** The "+200" of the offset field keeps it positive for messages sent shortly after a packet (ms). */
const OFFSET_BIAS = 200;
/** Largest offset that fits the header (0xFFFF means "none"). */
const MAX_OFFSET = 0xfffe;
/** The header value of "no reference". */
export const RBS_NO_OFFSET = 0xffff;
/** Assumed worst GameController receive delay (ms). */
const GC_DELAY = 5;
/** Assumed clock drift: 1 ms per this many ms. */
const DRIFT_PERIOD = 5000;
/** Assumed worst team message delay (ms). */
const MAX_MESSAGE_DELAY = 2000;

/** The reference a message carries. */
export interface RbsReference {
  packetNumber: number;
  offset: number;
}

/** This robot's memory of recent GameController packets. */
export class GameControllerRbs {
  private readonly packets: { number: number; time: number }[] = [];

  /** Records a GameController packet received at local `time`. */
  received(packetNumber: number, time: number): void {
    this.packets.push({ number: packetNumber & 0xff, time });
    if (this.packets.length > RBS_BUFFER_SIZE) this.packets.shift();
  }

  /** Local receive time of `packetNumber` if remembered and not older than RBS_MAX_AGE at `now`. */
  receiveTime(packetNumber: number, now: number): number | undefined {
    for (let i = this.packets.length - 1; i >= 0; i--) {
      const p = this.packets[i]!;
      if (now - p.time > RBS_MAX_AGE) return undefined;
      if (p.number === packetNumber) return p.time;
    }
    return undefined;
  }

  /** The header reference for a message sent at `timestamp`: the newest packet, or (0, 0xFFFF) when none fits. */
  reference(timestamp: number): RbsReference {
    const newest = this.packets[this.packets.length - 1];
    if (newest && timestamp - newest.time <= RBS_MAX_AGE) {
      const offset = timestamp + OFFSET_BIAS - newest.time;
      if (offset >= 0 && offset <= MAX_OFFSET) return { packetNumber: newest.number, offset };
    }
    return { packetNumber: 0, offset: RBS_NO_OFFSET };
  }
}

/** Why a teammate's message was not trusted. */
export type RbsCheck = 'ok' | 'unsynchronized' | 'outOfBounds';

/** The clock of one teammate relative to ours. */
export class TeammateClock {
  /** remote − local (ms) when valid. */
  offset = 0;
  valid = false;
  /** Local time of the reference packet of the last synchronization. */
  private syncTime = 0;

  /**
   * Handles a message with send time `timestamp` (remote clock) received at local `receiveTime`: synchronizes
   * when the reference packet is known here, then checks that the send time is plausible. An implausible time
   * invalidates the offset (returns 'outOfBounds').
   */
  update(timestamp: number, reference: RbsReference, receiveTime: number, rbs: GameControllerRbs): RbsCheck {
    if (reference.offset !== RBS_NO_OFFSET) {
      const local = rbs.receiveTime(reference.packetNumber, receiveTime);
      if (local !== undefined) {
        this.offset = timestamp + OFFSET_BIAS - reference.offset - local;
        this.valid = true;
        this.syncTime = local;
      }
    }
    if (!this.valid) return 'unsynchronized';
    const expected = receiveTime + this.offset;
    const bound = errorBound(receiveTime - this.syncTime);
    if (timestamp < expected - bound - MAX_MESSAGE_DELAY || timestamp > expected + bound) {
      this.offset = 0;
      this.valid = false;
      return 'outOfBounds';
    }
    return 'ok';
  }

  /** A remote time in local time (0 stays 0: "never"); the identity while unsynchronized. */
  toLocal(remote: number): number {
    return remote === 0 || !this.valid ? remote : remote - this.offset;
  }

  /** A local time on the teammate's clock. */
  toRemote(local: number): number {
    return !this.valid ? local : local + this.offset;
  }
}

/** Allowed deviation (ms) `sinceSync` ms after the last synchronization: GC delay plus drift on both sides. */
export function errorBound(sinceSync: number): number {
  return GC_DELAY + 2 * (Math.floor(Math.max(0, sinceSync) / DRIFT_PERIOD) + 1);
}
