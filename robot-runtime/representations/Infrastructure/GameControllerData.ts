import { defineRepresentation } from '../../core/representation';
import { defineClass, defineEnum, field, t, type ValueOf } from '../../core/streamable';
/** Player slots per team (numbers 1..MAX_NUM_PLAYERS are valid), for modules that check player numbers. */
export { MAX_NUM_PLAYERS } from '../../protocol/gameController/gameControlData';
import {
  MAX_NUM_PLAYERS,
  NO_TEAM,
  type GameControlData,
  type GcRobotInfo,
  type GcTeamInfo,
} from '../../protocol/gameController/gameControlData';
import { decodeGameControlPacket, type GameControllerProtocol } from '../../protocol/gameController/gameControlPacket';

/** The packet's codes, for modules (which read the representation, not the protocol). */
export { GamePhase, GameState, NO_TEAM, Penalty, SetPlay } from '../../protocol/gameController/gameControlData';
/** The HSL packet's codes and their SPL counterparts, for modules. */
export { HslPenalty, HslSetPlay, HslState } from '../../protocol/gameController/hslGameControlData';
export {
  SET_PLAY_NAMES,
  setPlayName,
  splPenaltyOfHsl,
  type SetPlayName,
} from '../../protocol/gameController/leagueCodes';

/** Which GameController sent the packet: the SPL's (version 18) or the Humanoid Soccer League's (version 19). */
export const GameControllerProtocolEnum = defineEnum('GameControllerData::Protocol', ['spl', 'hsl'] as const);

/** A player slot of a team in a GameController packet. */
export const GameControllerRobotInfo = defineClass('GameControllerData::RobotInfo', {
  penalty: field(t.uint8, 'Penalty of the player (0 = none).'),
  secsTillUnpenalised: field(t.uint8, 'Seconds until the penalty ends.'),
  warnings: field(t.uint8, 'Warnings the referee gave the player (HSL packets only; 0 from the SPL).'),
  cautions: field(t.uint8, 'Cautions (yellow cards) the referee gave the player (HSL packets only; 0 from the SPL).'),
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
 * packet numbers of the packet's protocol (`protocol`) so that a real packet can be copied in without translation;
 * GameStateProvider maps HSL codes onto the SPL vocabulary the behaviour acts on.
 */
export const GameControllerData = defineRepresentation(
  'GameControllerData',
  {
    protocol: field(
      GameControllerProtocolEnum,
      'The league whose GameController sent the packet (codes below are its).',
    ),
    packetNumber: field(t.uint8, 'Sequence number of the packet (wraps around).'),
    gamePhase: field(t.uint8, 'Game phase (0 normal, 1 penalty shoot-out, 2 overtime, 3 timeout).'),
    state: field(t.uint8, 'Game state (0 initial, 1 ready, 2 set, 3 playing, 4 finished, 5 standby).'),
    setPlay: field(
      t.uint8,
      'Active set play (SPL: 0 none, 1 goal kick, 2 pushing free kick, 3 corner kick, 4 kick-in, 5 penalty kick; ' +
        'HSL: 0 none, 1 direct free kick, 2 indirect free kick, 3 penalty kick, 4 throw-in, 5 goal kick, 6 corner kick).',
    ),
    stopped: field(t.bool, 'True while the HSL GameController says play is stopped (always false from the SPL).'),
    firstHalf: field(t.bool, 'True in the first half.', true),
    kickingTeam: field(t.uint8, 'Team number of the team with the kick-off or set play (255 = none).', NO_TEAM),
    secsRemaining: field(t.int16, 'Seconds remaining in the half.'),
    secondaryTime: field(t.int16, 'Seconds remaining of the current sub-phase (e.g. ready, set play).'),
    teams: field(t.array(GameControllerTeamInfo, 2), 'The two teams of the game.'),
    timeLastPacketReceived: field(t.uint32, 'Time (ms) when the last packet arrived; 0 if none has arrived yet.'),
    packetsRejected: field(
      t.uint32,
      'GameController packets refused so far (wrong size, header or version, or not naming our team).',
    ),
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
  /** HSL only. */
  readonly stopped?: number;
  readonly teams: readonly (Pick<
    GcTeamInfo,
    'teamNumber' | 'fieldPlayerColour' | 'goalkeeperColour' | 'goalkeeper' | 'score' | 'messageBudget'
  > & { readonly players: readonly (GcRobotInfo & { warnings?: number; cautions?: number })[] })[];
};

/** What the receiver adds to a packet's fields. */
export interface GameControlReception {
  /** The packet's league (default SPL). */
  readonly protocol?: GameControllerProtocol;
  /** Packets refused so far (default 0). */
  readonly packetsRejected?: number;
}

/**
 * The representation of a packet received at `receivedAt` (ms); shared by the robot's network host and the
 * simulator. 0 means "never received", so a packet in the very first millisecond still counts as 1.
 */
export function gameControllerDataFromPacket(
  d: GameControlPacketFields,
  receivedAt: number,
  reception: GameControlReception = {},
): GameControllerData {
  return {
    protocol: GameControllerProtocolEnum[reception.protocol ?? 'spl'],
    packetNumber: d.packetNumber,
    gamePhase: d.gamePhase,
    state: d.state,
    setPlay: d.setPlay,
    stopped: (d.stopped ?? 0) !== 0,
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
        warnings: p.warnings ?? 0,
        cautions: p.cautions ?? 0,
      })),
    })),
    timeLastPacketReceived: Math.max(1, Math.round(receivedAt)),
    packetsRejected: reception.packetsRejected ?? 0,
  } as GameControllerData;
}

/**
 * The representation of the data packet `bytes` (either league) received at `receivedAt` (ms), or undefined when
 * it is no data packet; shared by the robot's network host and the simulator speaking HSL.
 */
export function gameControllerDataFromBytes(
  bytes: Uint8Array,
  receivedAt: number,
  packetsRejected = 0,
): GameControllerData | undefined {
  const packet = decodeGameControlPacket(bytes);
  return (
    packet && gameControllerDataFromPacket(packet.data, receivedAt, { protocol: packet.protocol, packetsRejected })
  );
}
