/**
 * @file Which GameController packets a robot acts on (formats §8.4, §8.5): an SPL or HSL data packet of exactly its
 * size, header and version, naming our team. Rejections are counted by reason so a monitor can show spoofing.
 */
import {
  classifyGameControlPacket,
  decodeGameControlPacket,
  type GameControlPacket,
  type GcRejection,
} from './gameControlPacket';

export type { GcRejection } from './gameControlPacket';

/** The outcome of checking one packet. */
export type GcAcceptance =
  | (GameControlPacket & { readonly ok: true; readonly teamIndex: 0 | 1 })
  | { readonly ok: false; readonly reason: GcRejection };

/** Checks a received packet of either league against our team number. */
export function acceptGameControlData(bytes: Uint8Array, teamNumber: number): GcAcceptance {
  const kind = classifyGameControlPacket(bytes);
  if ('reason' in kind) return { ok: false, reason: kind.reason };
  const packet = decodeGameControlPacket(bytes)!;
  const teams = packet.data.teams;
  if (teams[0].teamNumber === teamNumber) return { ...packet, ok: true, teamIndex: 0 };
  if (teams[1].teamNumber === teamNumber) return { ...packet, ok: true, teamIndex: 1 };
  return { ok: false, reason: 'team' };
}

/** Counts of accepted (per protocol) and ignored packets. */
export class GcPacketCounter {
  /** Packets accepted, both protocols. */
  accepted = 0;
  /** Packets accepted per protocol. */
  readonly acceptedBy = { spl: 0, hsl: 0 };
  /** Packets refused, by reason. */
  readonly rejected: Record<GcRejection, number> = { size: 0, header: 0, version: 0, team: 0 };

  /** Records one outcome. */
  count(result: GcAcceptance): void {
    if (result.ok) {
      this.accepted++;
      this.acceptedBy[result.protocol]++;
    } else this.rejected[result.reason]++;
  }

  /** All ignored packets. */
  get rejectedTotal(): number {
    return Object.values(this.rejected).reduce((a, b) => a + b, 0);
  }
}
