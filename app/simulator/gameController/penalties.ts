/**
 * The `pr` penalty names, where each may be given and how long it lasts. `foul` and `penaltyKick` are the
 * referee's shortcuts: the robot is penalized for pushing and the opponents get a pushing free kick or a
 * penalty kick.
 */
import { GameState, Penalty, SetPlay, type GameStateCode, type SetPlayCode } from './GameControllerData';
import { PENALTY_DURATION, SHORT_PENALTY_DURATION } from './rules';

/** What a `pr <name>` does. */
export interface PenaltyRequest {
  penalty: number;
  allowedIn: readonly GameStateCode[];
  /** Set play the opponents get. */
  freeKick?: SetPlayCode;
}

const { initial, standby, ready, set, playing, finished } = GameState;
const ANY = [initial, standby, ready, set, playing, finished];
const DURING_PLAY = [ready, playing];

/** The `pr` names (SimRobot's list plus illegalMotionInStandby). */
export const PENALTY_COMMANDS: Record<string, PenaltyRequest> = {
  none: { penalty: Penalty.none, allowedIn: ANY },
  illegalBallContact: { penalty: Penalty.illegalBallContact, allowedIn: [playing] },
  playerPushing: { penalty: Penalty.playerPushing, allowedIn: DURING_PLAY },
  illegalMotionInSet: { penalty: Penalty.illegalMotionInSet, allowedIn: [set] },
  illegalMotionInStandby: { penalty: Penalty.illegalMotionInStandby, allowedIn: [standby] },
  inactivePlayer: { penalty: Penalty.inactivePlayer, allowedIn: DURING_PLAY },
  illegalPosition: { penalty: Penalty.illegalPosition, allowedIn: DURING_PLAY },
  leavingTheField: { penalty: Penalty.leavingTheField, allowedIn: DURING_PLAY },
  requestForPickup: { penalty: Penalty.requestForPickup, allowedIn: ANY },
  localGameStuck: { penalty: Penalty.localGameStuck, allowedIn: [playing] },
  illegalPositionInSet: { penalty: Penalty.illegalPositionInSet, allowedIn: [set] },
  playerStance: { penalty: Penalty.playerStance, allowedIn: DURING_PLAY },
  substitute: { penalty: Penalty.substitute, allowedIn: ANY },
  manual: { penalty: Penalty.manual, allowedIn: ANY },
  foul: { penalty: Penalty.playerPushing, allowedIn: [playing], freeKick: SetPlay.pushingFreeKick },
  penaltyKick: { penalty: Penalty.playerPushing, allowedIn: [playing], freeKick: SetPlay.penaltyKick },
};

/** Looks up a `pr` name. */
export const penaltyCommand = (name: string): PenaltyRequest | undefined =>
  Object.hasOwn(PENALTY_COMMANDS, name) ? PENALTY_COMMANDS[name] : undefined;

/**
 * Penalty time (ms): substitutes and manual penalties last until lifted (0 = no timer); motion in Set/Standby
 * is short; everything else is the standard penalty plus `increment` for each earlier penalty of the team.
 */
export function penaltyDuration(penalty: number, earlierTeamPenalties: number, increment: number): number {
  if (penalty === Penalty.substitute || penalty === Penalty.manual || penalty === Penalty.none) return 0;
  if (penalty === Penalty.illegalMotionInSet || penalty === Penalty.illegalMotionInStandby)
    return SHORT_PENALTY_DURATION;
  return PENALTY_DURATION + earlierTeamPenalties * increment;
}
