/**
 * @file The simulated GameController speaking the Humanoid Soccer League's protocol (formats §8.5): its SPL
 * packet said in HSL codes. The state machine stays the SPL's; standby goes out as initial, set plays and
 * penalties as their HSL counterparts. It never stops play and gives no warnings or cautions, so those are 0.
 */
import { hslPenaltyOfSpl, hslSetPlayOfSpl, hslStateOfSpl } from '@robot-runtime/protocol/gameController/leagueCodes';
import { HslCompetitionType, type HslGameControlData } from '@robot-runtime/protocol/gameController/hslGameControlData';
import type { RoboCupGameControlData } from './GameControllerData';

/** The HSL packet carrying what the SPL packet `d` says. */
export function hslPacketOf(d: RoboCupGameControlData): HslGameControlData {
  const team = (t: RoboCupGameControlData['teams'][number]): HslGameControlData['teams'][number] => ({
    teamNumber: t.teamNumber,
    fieldPlayerColour: t.fieldPlayerColour,
    goalkeeperColour: t.goalkeeperColour,
    goalkeeper: t.goalkeeper,
    score: t.score,
    penaltyShot: t.penaltyShot,
    singleShots: t.singleShots,
    messageBudget: t.messageBudget,
    players: t.players.map((p) => ({
      penalty: hslPenaltyOfSpl(p.penalty),
      secsTillUnpenalised: p.secsTillUnpenalised,
      warnings: 0,
      cautions: 0,
    })),
  });
  return {
    packetNumber: d.packetNumber,
    playersPerTeam: d.playersPerTeam,
    competitionType: HslCompetitionType.small,
    stopped: 0,
    gamePhase: d.gamePhase,
    state: hslStateOfSpl(d.state),
    setPlay: hslSetPlayOfSpl(d.setPlay),
    firstHalf: d.firstHalf,
    kickingTeam: d.kickingTeam,
    secsRemaining: d.secsRemaining,
    secondaryTime: d.secondaryTime,
    teams: [team(d.teams[0]), team(d.teams[1])],
  };
}
