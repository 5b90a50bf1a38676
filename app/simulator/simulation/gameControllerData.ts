/** @file The GameController's packet as the robots' GameControllerData representation (a plain value). */
import type { GameControllerData } from '../gameController/GameControllerData';

/** Converts the simulator's packet into the robot representation's shape (booleans, declared fields only). */
export function toRobotGameControllerData(d: GameControllerData): unknown {
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
      players: t.players.map((p) => ({ penalty: p.penalty, secsTillUnpenalised: Math.min(255, p.secsTillUnpenalised) })),
    })),
    // 0 means "no packet yet" to the robots; the first packet goes out at time 0.
    timeLastPacketReceived: Math.max(1, d.timeLastPacketReceived),
  };
}
