/**
 * @file A received GameController packet as the runtime's GameControllerData representation (which keeps the
 * packet's raw numbers, so the copy is field by field).
 */
import { decodeGameControlData } from '../../../protocol/gameController/gameControlData';
import type { GameControllerData } from '../../../representations/Infrastructure/GameControllerData';

/** The representation of `bytes` received at `receivedAt` (thread clock), or undefined for a bad packet. */
export function gameControllerRepresentation(bytes: Uint8Array, receivedAt: number): GameControllerData | undefined {
  const d = decodeGameControlData(bytes);
  if (!d) return undefined;
  return {
    packetNumber: d.packetNumber,
    gamePhase: d.gamePhase,
    state: d.state,
    setPlay: d.setPlay,
    firstHalf: d.firstHalf !== 0,
    kickingTeam: d.kickingTeam,
    secsRemaining: d.secsRemaining,
    secondaryTime: d.secondaryTime,
    teams: d.teams.map((t) => ({
      teamNumber: t.teamNumber,
      fieldPlayerColour: t.fieldPlayerColour,
      goalkeeperColour: t.goalkeeperColour,
      goalkeeper: t.goalkeeper,
      score: t.score,
      messageBudget: t.messageBudget,
      players: t.players.map((p) => ({ ...p })),
    })),
    // 0 means "never"; a packet in the very first millisecond still counts as received.
    timeLastPacketReceived: Math.max(1, Math.round(receivedAt)),
  };
}
