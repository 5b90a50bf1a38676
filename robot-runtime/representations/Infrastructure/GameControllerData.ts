import { defineRepresentation } from '../../core/representation';
import { defineClass, field, t, type ValueOf } from '../../core/streamable';
/** Player slots per team (numbers 1..MAX_NUM_PLAYERS are valid), for modules that check player numbers. */
export { MAX_NUM_PLAYERS } from '../../protocol/gameController/gameControlData';
import {
  MAX_NUM_PLAYERS,
  NO_TEAM,
  type GameControlData,
  type GcRobotInfo,
  type GcTeamInfo,
} from '../../protocol/gameController/gameControlData';

/** The packet's codes, for modules (which read the representation, not the protocol). */
export { GamePhase, GameState, NO_TEAM, Penalty, SetPlay } from '../../protocol/gameController/gameControlData';

/** A player slot of a team in a GameController packet. */
export const GameControllerRobotInfo = defineClass('GameControllerData::RobotInfo', {
  penalty: field(t.uint8, 'Penalty of the player (0 = none).'),
  secsTillUnpenalised: field(t.uint8, 'Seconds until the penalty ends.'),
});

/** A team in a GameController packet. */
export const GameControllerTeamInfo = defineClass('GameControllerData::TeamInfo', {
  teamNumber: field(t.uint8, 'Unique team number.'),
  fieldPlayerColour: field(t.uint8, 'Jersey colour of the field players (0 blue … 9 gray).'),
  goalkeeperColour: field(t.uint8, 'Jersey colour of the goalkeeper.'),
  goalkeeper: field(t.uint8, 'Player number of the goalkeeper.', 1),
  score: field(t.uint8, 'Goals scored.'),
  messageBudget: field(t.uint16, 'Team messages the team may still send.'),
  players: field(t.array(GameControllerRobotInfo, MAX_NUM_PLAYERS), 'Player slots 1..20 (index = number - 1).'),
});

/**
 * The subset of the GameController packet the behaviour needs, as received by the robot. Values are the raw
 * packet numbers so that a real packet can be copied in without translation.
 */
export const GameControllerData = defineRepresentation(
  'GameControllerData',
  {
    packetNumber: field(t.uint8, 'Sequence number of the packet (wraps around).'),
    gamePhase: field(t.uint8, 'Game phase (0 normal, 1 penalty shoot-out, 2 overtime, 3 timeout).'),
    state: field(t.uint8, 'Game state (0 initial, 1 ready, 2 set, 3 playing, 4 finished, 5 standby).'),
    setPlay: field(
      t.uint8,
      'Active set play (0 none, 1 goal kick, 2 pushing free kick, 3 corner kick, 4 kick-in, 5 penalty kick).',
    ),
    firstHalf: field(t.bool, 'True in the first half.', true),
    kickingTeam: field(t.uint8, 'Team number of the team with the kick-off or set play (255 = none).', NO_TEAM),
    secsRemaining: field(t.int16, 'Seconds remaining in the half.'),
    secondaryTime: field(t.int16, 'Seconds remaining of the current sub-phase (e.g. ready, set play).'),
    teams: field(t.array(GameControllerTeamInfo, 2), 'The two teams of the game.'),
    timeLastPacketReceived: field(t.uint32, 'Time (ms) when the last packet arrived; 0 if none has arrived yet.'),
  },
  { doc: 'The latest GameController packet.' },
);
export type GameControllerData = ValueOf<typeof GameControllerData>;

/**
 * The fields of a GameController data packet (formats §8.4) the representation keeps, however the packet was obtained.
 */
export type GameControlPacketFields = Pick<
  GameControlData,
  'packetNumber' | 'gamePhase' | 'state' | 'setPlay' | 'firstHalf' | 'kickingTeam' | 'secsRemaining' | 'secondaryTime'
> & {
  readonly teams: readonly (Pick<
    GcTeamInfo,
    'teamNumber' | 'fieldPlayerColour' | 'goalkeeperColour' | 'goalkeeper' | 'score' | 'messageBudget'
  > & { readonly players: readonly GcRobotInfo[] })[];
};

/**
 * The representation of a packet received at `receivedAt` (ms); shared by the robot's network host and the
 * simulator. 0 means "never received", so a packet in the very first millisecond still counts as 1.
 */
export function gameControllerDataFromPacket(d: GameControlPacketFields, receivedAt: number): GameControllerData {
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
      players: t.players.map((p) => ({
        penalty: p.penalty,
        secsTillUnpenalised: Math.min(255, p.secsTillUnpenalised),
      })),
    })),
    timeLastPacketReceived: Math.max(1, Math.round(receivedAt)),
  } as GameControllerData;
}
