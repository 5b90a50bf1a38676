/**
 * @file The Humanoid Soccer League's RoboCupGameControlData, version 19 (formats §8.5): the 198-byte packet the
 * 2026 GameController broadcasts on the SPL's port 3838 with the SPL's header. Little-endian, no padding. Beside
 * the SPL packet it carries `stopped` and per player warnings and cautions, and it numbers set plays and
 * penalties its own way (the codes below).
 */
import { decodePacketHead, decodeTeamHead, encodePacketHead, encodeTeamHead, MAX_NUM_PLAYERS } from './gameControlData';

/** Packet version of the HSL packet. */
export const HSL_GAME_CONTROL_VERSION = 19;
/** Packet size (bytes) of the HSL packet. */
export const HSL_GAME_CONTROL_SIZE = 198;
/** Size of one RobotInfo (penalty, secsTillUnpenalised, warnings, cautions). */
const ROBOT_INFO_SIZE = 4;
/** Size of one TeamInfo (bytes). */
const TEAM_INFO_SIZE = 10 + ROBOT_INFO_SIZE * MAX_NUM_PLAYERS;
/** Where the two TeamInfos start. */
const TEAMS_OFFSET = 18;

/** HSL `state` codes (a timeout travels as initial with game phase timeout; there is no standby). */
export const HslState = { initial: 0, ready: 1, set: 2, playing: 3, finished: 4 } as const;
/** HSL `setPlay` codes (0 also during a kick-off). */
export const HslSetPlay = {
  none: 0,
  directFreeKick: 1,
  indirectFreeKick: 2,
  penaltyKick: 3,
  throwIn: 4,
  goalKick: 5,
  cornerKick: 6,
} as const;
/** HSL `gamePhase` codes. */
export const HslGamePhase = { normal: 0, penaltyShootout: 1, extraTime: 2, timeout: 3 } as const;
/** HSL `competitionType` codes: the league's size divisions (NAOs play in the small one). */
export const HslCompetitionType = { small: 0, middle: 1, large: 2 } as const;
/** HSL penalty codes of RobotInfo.penalty. */
export const HslPenalty = {
  none: 0,
  illegalPositioning: 1,
  motionInSet: 2,
  localGameStuck: 3,
  incapableRobot: 4,
  pickUp: 5,
  ballHolding: 6,
  leavingTheField: 7,
  playingWithArmsHands: 8,
  pushing: 9,
  sentOff: 10,
  substitute: 11,
} as const;

/** One player slot of the HSL packet. */
export interface HslRobotInfo {
  penalty: number;
  secsTillUnpenalised: number;
  /** Warnings the referee gave this player. */
  warnings: number;
  /** Cautions (yellow cards) the referee gave this player. */
  cautions: number;
}

/** One team of the HSL packet. */
export interface HslTeamInfo {
  teamNumber: number;
  fieldPlayerColour: number;
  goalkeeperColour: number;
  /** Player number of the goalkeeper; 0 when none. */
  goalkeeper: number;
  score: number;
  penaltyShot: number;
  singleShots: number;
  messageBudget: number;
  /** Exactly MAX_NUM_PLAYERS slots (index = player number − 1). */
  players: HslRobotInfo[];
}

/** The whole HSL packet except the header and version. */
export interface HslGameControlData {
  packetNumber: number;
  playersPerTeam: number;
  competitionType: number;
  /** 1 while play is stopped (the ball is dead, e.g. before a set play is taken). */
  stopped: number;
  gamePhase: number;
  state: number;
  setPlay: number;
  firstHalf: number;
  kickingTeam: number;
  secsRemaining: number;
  secondaryTime: number;
  /** teams[0] defends the left goal. */
  teams: [HslTeamInfo, HslTeamInfo];
}

/** The 198 bytes of `data`. */
export function encodeHslGameControlData(data: HslGameControlData): Uint8Array {
  const bytes = new Uint8Array(HSL_GAME_CONTROL_SIZE);
  encodePacketHead(
    bytes,
    [
      HSL_GAME_CONTROL_VERSION,
      data.packetNumber,
      data.playersPerTeam,
      data.competitionType,
      data.stopped,
      data.gamePhase,
      data.state,
      data.setPlay,
      data.firstHalf,
      data.kickingTeam,
    ],
    data.secsRemaining,
    data.secondaryTime,
  );
  data.teams.forEach((team, t) => {
    const o = TEAMS_OFFSET + t * TEAM_INFO_SIZE;
    encodeTeamHead(bytes, o, team);
    team.players.slice(0, MAX_NUM_PLAYERS).forEach((player, p) =>
      bytes.set(
        [player.penalty, player.secsTillUnpenalised, player.warnings, player.cautions].map((v) => v & 0xff),
        o + 10 + ROBOT_INFO_SIZE * p,
      ),
    );
  });
  return bytes;
}

/** Decodes an HSL packet whose size, header and version were checked (see `gameControlPacket.ts`). */
export function decodeHslGameControlData(bytes: Uint8Array): HslGameControlData {
  const team = (t: number): HslTeamInfo => {
    const o = TEAMS_OFFSET + t * TEAM_INFO_SIZE;
    return {
      ...decodeTeamHead(bytes, o),
      players: Array.from({ length: MAX_NUM_PLAYERS }, (_, p) => {
        const at = o + 10 + ROBOT_INFO_SIZE * p;
        return {
          penalty: bytes[at]!,
          secsTillUnpenalised: bytes[at + 1]!,
          warnings: bytes[at + 2]!,
          cautions: bytes[at + 3]!,
        };
      }),
    };
  };
  return {
    ...decodePacketHead(bytes),
    competitionType: bytes[7]!,
    stopped: bytes[8]!,
    teams: [team(0), team(1)],
  };
}
