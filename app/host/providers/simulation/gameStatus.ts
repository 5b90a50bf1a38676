/**
 * @file The GameController's packet as the IDE shows it: state, set play and penalties by name instead of the
 * packet's numeric codes, and only the players that take part (slots up to the team size).
 */
import { GameState, NO_TEAM, Penalty, SetPlay, type RoboCupGameControlData } from '@app/simulator/index';
import type { GameStatus, TeamStatus } from '@app/ipc/simulation';

/** Inverts a `{ name: code }` table. */
function namesOf(table: Readonly<Record<string, number>>): Map<number, string> {
  return new Map(Object.entries(table).map(([name, code]) => [code, name]));
}

const STATE_NAMES = namesOf(GameState);
const SET_PLAY_NAMES = namesOf(SetPlay);
const PENALTY_NAMES = namesOf(Penalty);

/** The panel's view of a GameController packet. */
export function gameStatus(data: RoboCupGameControlData): GameStatus {
  const teams = data.teams.map((t): TeamStatus => ({
    number: t.teamNumber,
    score: t.score,
    messageBudget: t.messageBudget,
    players: t.players.slice(0, data.playersPerTeam).map((p, i) => ({
      playerNumber: i + 1,
      penalty: PENALTY_NAMES.get(p.penalty) ?? `penalty${p.penalty}`,
      secsTillUnpenalised: p.secsTillUnpenalised,
    })),
  })) as unknown as [TeamStatus, TeamStatus];
  const kicking = data.kickingTeam === NO_TEAM ? -1 : data.teams.findIndex((t) => t.teamNumber === data.kickingTeam);
  return {
    state: STATE_NAMES.get(data.state) ?? `state${data.state}`,
    setPlay: SET_PLAY_NAMES.get(data.setPlay) ?? `setPlay${data.setPlay}`,
    firstHalf: data.firstHalf !== 0,
    ...(kicking === 0 || kicking === 1 ? { kickingTeam: kicking as 0 | 1 } : {}),
    secsRemaining: data.secsRemaining,
    secondaryTime: data.secondaryTime,
    teams,
  };
}
