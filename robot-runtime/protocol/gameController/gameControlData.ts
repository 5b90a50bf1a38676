/**
 * @file RoboCupGameControlData version 18 (formats §8.4): the 118-byte packet the GameController broadcasts on
 * port 3838, little-endian with natural alignment.
 */

/** Packet header. */
export const GAME_CONTROL_HEADER = 'RGme';
/** Packet version. */
export const GAME_CONTROL_VERSION = 18;
/** Packet size (bytes). */
export const GAME_CONTROL_SIZE = 118;
/** Port the GameController sends data packets to. */
export const GAME_CONTROL_PORT = 3838;
/** Player slots per team (MAX_NUM_PLAYERS). */
export const MAX_NUM_PLAYERS = 20;
/** Where the two TeamInfos start. */
const TEAMS_OFFSET = 18;

/** `state` codes. Standby (5) comes between initial and ready since the 2023 rules. */
export const GameState = { initial: 0, ready: 1, set: 2, playing: 3, finished: 4, standby: 5 } as const;
/** A game state code. */
export type GameStateCode = (typeof GameState)[keyof typeof GameState];

/** `setPlay` codes. */
export const SetPlay = { none: 0, goalKick: 1, pushingFreeKick: 2, cornerKick: 3, kickIn: 4, penaltyKick: 5 } as const;
/** A set play code. */
export type SetPlayCode = (typeof SetPlay)[keyof typeof SetPlay];

/** `gamePhase` codes. */
export const GamePhase = { normal: 0, penaltyShootout: 1, overtime: 2, timeout: 3 } as const;
/** `competitionPhase` codes. */
export const CompetitionPhase = { roundRobin: 0, playoff: 1 } as const;
/** `competitionType` codes (0 normal; the cup names are Pitchside's labels for the 1 and 2 the GC sends). */
export const CompetitionType = { normal: 0, championsCup: 1, challengeShield: 2 } as const;

/** Penalty codes of RobotInfo.penalty. */
export const Penalty = {
  none: 0,
  illegalBallContact: 1,
  playerPushing: 2,
  illegalMotionInSet: 3,
  inactivePlayer: 4,
  illegalPosition: 5,
  leavingTheField: 6,
  requestForPickup: 7,
  localGameStuck: 8,
  illegalPositionInSet: 9,
  playerStance: 10,
  illegalMotionInStandby: 11,
  substitute: 14,
  manual: 15,
} as const;

/** Messages a team may send in a game (TeamInfo.messageBudget at the start). */
export const DEFAULT_MESSAGE_BUDGET = 1200;

/** `kickingTeam` when nobody has the kick-off or set play (e.g. after a drop ball). */
export const NO_TEAM = 255;
/** One player slot. */
export interface GcRobotInfo {
  penalty: number;
  secsTillUnpenalised: number;
}

/** One team. */
export interface GcTeamInfo {
  teamNumber: number;
  fieldPlayerColour: number;
  goalkeeperColour: number;
  /** Player number of the goalkeeper (the HSL packet sends 0 when there is none). */
  goalkeeper: number;
  score: number;
  penaltyShot: number;
  singleShots: number;
  messageBudget: number;
  /** Exactly MAX_NUM_PLAYERS slots (index = player number − 1). */
  players: GcRobotInfo[];
}

/** The fields of the first 18 bytes that mean the same in both leagues' packets (all but bytes 7 and 8). */
export interface GcPacketHead {
  packetNumber: number;
  playersPerTeam: number;
  gamePhase: number;
  state: number;
  setPlay: number;
  firstHalf: number;
  kickingTeam: number;
  secsRemaining: number;
  secondaryTime: number;
}

/** The whole packet except the header and version. */
export interface GameControlData extends GcPacketHead {
  competitionPhase: number;
  competitionType: number;
  teams: [GcTeamInfo, GcTeamInfo];
}

/** A team with no players penalized. */
export function defaultTeamInfo(teamNumber: number, fieldPlayerColour = 0): GcTeamInfo {
  return {
    teamNumber,
    fieldPlayerColour,
    goalkeeperColour: fieldPlayerColour,
    goalkeeper: 1,
    score: 0,
    penaltyShot: 0,
    singleShots: 0,
    messageBudget: DEFAULT_MESSAGE_BUDGET,
    players: Array.from({ length: MAX_NUM_PLAYERS }, () => ({ penalty: 0, secsTillUnpenalised: 0 })),
  };
}

/** A packet in the initial state of the first half between `teamA` and `teamB`. */
export function defaultGameControlData(teamA: number, teamB: number): GameControlData {
  return {
    packetNumber: 0,
    playersPerTeam: 7,
    competitionPhase: 0,
    competitionType: 0,
    gamePhase: 0,
    state: 0,
    setPlay: 0,
    firstHalf: 1,
    kickingTeam: teamA,
    secsRemaining: 600,
    secondaryTime: 0,
    teams: [defaultTeamInfo(teamA, 0), defaultTeamInfo(teamB, 1)],
  };
}

/** The ten bytes every TeamInfo starts with, the same in the SPL's and the HSL's packet. */
export type GcTeamHead = Omit<GcTeamInfo, 'players'>;

/** Writes a TeamInfo's first ten bytes at `o`. */
export function encodeTeamHead(bytes: Uint8Array, o: number, team: GcTeamHead): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const head = [team.teamNumber, team.fieldPlayerColour, team.goalkeeperColour, team.goalkeeper, team.score];
  bytes.set(
    [...head, team.penaltyShot].map((v) => v & 0xff),
    o,
  );
  view.setUint16(o + 6, team.singleShots, true);
  view.setUint16(o + 8, team.messageBudget, true);
}

/** Reads a TeamInfo's first ten bytes at `o`. */
export function decodeTeamHead(bytes: Uint8Array, o: number): GcTeamHead {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    teamNumber: bytes[o]!,
    fieldPlayerColour: bytes[o + 1]!,
    goalkeeperColour: bytes[o + 2]!,
    goalkeeper: bytes[o + 3]!,
    score: bytes[o + 4]!,
    penaltyShot: bytes[o + 5]!,
    singleShots: view.getUint16(o + 6, true),
    messageBudget: view.getUint16(o + 8, true),
  };
}

/**
 * Writes the first 18 bytes both leagues share in shape: the header, `version`, the shared fields of `head` and the
 * two bytes at 7 and 8 whose meanings differ between the leagues (`leagueBytes`).
 */
export function encodePacketHead(
  bytes: Uint8Array,
  version: number,
  head: GcPacketHead,
  leagueBytes: readonly [number, number],
): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < 4; i++) bytes[i] = GAME_CONTROL_HEADER.charCodeAt(i);
  const singles = [version, head.packetNumber, head.playersPerTeam, ...leagueBytes, head.gamePhase, head.state];
  bytes.set(
    [...singles, head.setPlay, head.firstHalf, head.kickingTeam].map((v) => v & 0xff),
    4,
  );
  view.setInt16(14, head.secsRemaining, true);
  view.setInt16(16, head.secondaryTime, true);
}

/** Reads the shared fields of the first 18 bytes (see encodePacketHead). */
export function decodePacketHead(bytes: Uint8Array): GcPacketHead {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    packetNumber: bytes[5]!,
    playersPerTeam: bytes[6]!,
    gamePhase: bytes[9]!,
    state: bytes[10]!,
    setPlay: bytes[11]!,
    firstHalf: bytes[12]!,
    kickingTeam: bytes[13]!,
    secsRemaining: view.getInt16(14, true),
    secondaryTime: view.getInt16(16, true),
  };
}

/** How one league stores a player slot: its size and its bytes. */
export interface PlayerSlots<P> {
  /** Bytes per slot. */
  size: number;
  /** The slot's bytes for `player` (an absent player is all zeros). */
  write(player: P | undefined): number[];
  /** The player whose slot starts at `at`. */
  read(bytes: Uint8Array, at: number): P;
}

/** Writes both TeamInfos (the shared ten bytes, then MAX_NUM_PLAYERS slots each) from byte 18 on. */
export function encodeTeams<P>(
  bytes: Uint8Array,
  teams: readonly (GcTeamHead & { players: P[] })[],
  slots: PlayerSlots<P>,
) {
  const teamSize = 10 + slots.size * MAX_NUM_PLAYERS;
  teams.forEach((team, t) => {
    const o = TEAMS_OFFSET + t * teamSize;
    encodeTeamHead(bytes, o, team);
    for (let p = 0; p < MAX_NUM_PLAYERS; p++)
      bytes.set(
        slots.write(team.players[p]).map((v) => v & 0xff),
        o + 10 + slots.size * p,
      );
  });
}

/** Reads both TeamInfos written by encodeTeams. */
export function decodeTeams<P>(
  bytes: Uint8Array,
  slots: PlayerSlots<P>,
): [GcTeamHead & { players: P[] }, GcTeamHead & { players: P[] }] {
  const teamSize = 10 + slots.size * MAX_NUM_PLAYERS;
  const team = (t: number) => {
    const o = TEAMS_OFFSET + t * teamSize;
    return {
      ...decodeTeamHead(bytes, o),
      players: Array.from({ length: MAX_NUM_PLAYERS }, (_, p) => slots.read(bytes, o + 10 + slots.size * p)),
    };
  };
  return [team(0), team(1)];
}

/** The SPL's player slot: penalty and seconds till unpenalised. */
const SPL_SLOTS: PlayerSlots<GcRobotInfo> = {
  size: 2,
  write: (player) => [player?.penalty ?? 0, player?.secsTillUnpenalised ?? 0],
  read: (bytes, at) => ({ penalty: bytes[at]!, secsTillUnpenalised: bytes[at + 1]! }),
};

/** The 118 bytes of `data`. */
export function encodeGameControlData(data: GameControlData): Uint8Array {
  const bytes = new Uint8Array(GAME_CONTROL_SIZE);
  encodePacketHead(bytes, GAME_CONTROL_VERSION, data, [data.competitionPhase, data.competitionType]);
  encodeTeams(bytes, data.teams, SPL_SLOTS);
  return bytes;
}

/** Why `bytes` is not a data packet of this version, or undefined when it is (the size, header and version rules). */
export function gameControlDataProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length !== GAME_CONTROL_SIZE) return `size ${bytes.length} is not ${GAME_CONTROL_SIZE}`;
  if (String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!) !== GAME_CONTROL_HEADER)
    return 'header is not RGme';
  if (bytes[4] !== GAME_CONTROL_VERSION) return `version ${bytes[4]} is not ${GAME_CONTROL_VERSION}`;
  return undefined;
}

/** Decodes a data packet; undefined when its size, header or version is wrong. */
export function decodeGameControlData(bytes: Uint8Array): GameControlData | undefined {
  if (gameControlDataProblem(bytes)) return undefined;
  return {
    ...decodePacketHead(bytes),
    competitionPhase: bytes[7]!,
    competitionType: bytes[8]!,
    teams: decodeTeams(bytes, SPL_SLOTS),
  };
}
