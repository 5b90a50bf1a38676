/**
 * @file The Humanoid Soccer League's RoboCupGameControlData, version 19 (formats §8.5): the 198-byte packet the
 * 2026 GameController broadcasts on the SPL's port 3838 with the SPL's header. Little-endian, no padding. Beside
 * the SPL packet it carries `stopped` and per player warnings and cautions, and it numbers set plays and
 * penalties its own way (the codes below).
 */
import {
  decodePacketHead,
  decodeTeams,
  encodePacketHead,
  encodeTeams,
  type GcPacketHead,
  type GcTeamHead,
  type PlayerSlots,
} from './gameControlData';

/** Packet version of the HSL packet. */
export const HSL_GAME_CONTROL_VERSION = 19;
/** Packet size (bytes) of the HSL packet. */
export const HSL_GAME_CONTROL_SIZE = 198;

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

/** One team of the HSL packet: the SPL's ten head bytes, then HSL player slots. */
export interface HslTeamInfo extends GcTeamHead {
  /** Exactly MAX_NUM_PLAYERS slots (index = player number − 1). */
  players: HslRobotInfo[];
}

/** The whole HSL packet except the header and version. */
export interface HslGameControlData extends GcPacketHead {
  competitionType: number;
  /** 1 while play is stopped (the ball is dead, e.g. before a set play is taken). */
  stopped: number;
  /** teams[0] defends the left goal. */
  teams: [HslTeamInfo, HslTeamInfo];
}

/** The HSL's player slot: penalty, seconds till unpenalised, warnings, cautions. */
const HSL_SLOTS: PlayerSlots<HslRobotInfo> = {
  size: 4,
  write: (p) => [p?.penalty ?? 0, p?.secsTillUnpenalised ?? 0, p?.warnings ?? 0, p?.cautions ?? 0],
  read: (bytes, at) => ({
    penalty: bytes[at]!,
    secsTillUnpenalised: bytes[at + 1]!,
    warnings: bytes[at + 2]!,
    cautions: bytes[at + 3]!,
  }),
};

/** The 198 bytes of `data`. */
export function encodeHslGameControlData(data: HslGameControlData): Uint8Array {
  const bytes = new Uint8Array(HSL_GAME_CONTROL_SIZE);
  encodePacketHead(bytes, HSL_GAME_CONTROL_VERSION, data, [data.competitionType, data.stopped]);
  encodeTeams(bytes, data.teams, HSL_SLOTS);
  return bytes;
}

/** Decodes an HSL packet whose size, header and version were checked (see `gameControlPacket.ts`). */
export function decodeHslGameControlData(bytes: Uint8Array): HslGameControlData {
  return {
    ...decodePacketHead(bytes),
    competitionType: bytes[7]!,
    stopped: bytes[8]!,
    teams: decodeTeams(bytes, HSL_SLOTS),
  };
}
