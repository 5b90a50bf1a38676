/**
 * @file Which GameController packets a robot acts on (formats §8.4): exactly the packet size, the right header and
 * version, and one of the two teams is ours. Rejections are counted by reason so a monitor can show spoofing.
 */
import { decodeGameControlData, gameControlDataProblem, type GameControlData } from './gameControlData';

/** Why a packet was ignored. */
export type GcRejection = 'size' | 'header' | 'version' | 'team';

/** The outcome of checking one packet. */
export type GcAcceptance =
  | { readonly ok: true; readonly data: GameControlData; readonly teamIndex: 0 | 1 }
  | { readonly ok: false; readonly reason: GcRejection };

/** Checks a received packet against our team number. */
export function acceptGameControlData(bytes: Uint8Array, teamNumber: number): GcAcceptance {
  const problem = gameControlDataProblem(bytes);
  if (problem)
    return {
      ok: false,
      reason: problem.startsWith('size') ? 'size' : problem.startsWith('header') ? 'header' : 'version',
    };
  const data = decodeGameControlData(bytes)!;
  if (data.teams[0].teamNumber === teamNumber) return { ok: true, data, teamIndex: 0 };
  if (data.teams[1].teamNumber === teamNumber) return { ok: true, data, teamIndex: 1 };
  return { ok: false, reason: 'team' };
}

/** Counts of accepted and ignored packets. */
export class GcPacketCounter {
  accepted = 0;
  readonly rejected: Record<GcRejection, number> = { size: 0, header: 0, version: 0, team: 0 };

  /** Records one outcome. */
  count(result: GcAcceptance): void {
    if (result.ok) this.accepted++;
    else this.rejected[result.reason]++;
  }

  /** All ignored packets. */
  get rejectedTotal(): number {
    return Object.values(this.rejected).reduce((a, b) => a + b, 0);
  }
}
