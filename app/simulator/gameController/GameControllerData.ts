/**
 * The data the GameController broadcasts (RoboCupGameControlData, version 18) as a plain object with the
 * packet's field names and numeric codes, plus the constants for those codes.
 */

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

/** `kickingTeam` when nobody has the kick-off or set play (e.g. after a drop ball). */
export const NO_TEAM = 255;
/** Player slots per team in the packet (MAX_NUM_PLAYERS). */
export const MAX_NUM_PLAYERS = 20;

/** RobotInfo. */
export interface RobotInfo {
  penalty: number;
  secsTillUnpenalised: number;
}

/** TeamInfo. */
export interface TeamInfo {
  teamNumber: number;
  fieldPlayerColour: number;
  goalkeeperColour: number;
  /** Player number of the goalkeeper. */
  goalkeeper: number;
  score: number;
  penaltyShot: number;
  singleShots: number;
  messageBudget: number;
  players: RobotInfo[];
}

/** RoboCupGameControlData. */
export interface RoboCupGameControlData {
  packetNumber: number;
  playersPerTeam: number;
  competitionPhase: number;
  competitionType: number;
  gamePhase: number;
  state: GameStateCode;
  setPlay: SetPlayCode;
  /** 1 in the first half. */
  firstHalf: number;
  /** Team number of the team with the kick-off or set play, or NO_TEAM. */
  kickingTeam: number;
  secsRemaining: number;
  secondaryTime: number;
  teams: [TeamInfo, TeamInfo];
}

/** What a simulated robot receives: the packet plus when it arrived (B-Human's GameControllerData). */
export interface GameControllerData extends RoboCupGameControlData {
  /** Simulated time (ms) of the last packet. */
  timeLastPacketReceived: number;
}
