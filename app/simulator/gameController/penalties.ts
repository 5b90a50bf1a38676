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

/** Where each penalty may be given by its own name (SimRobot's list plus illegalMotionInStandby). */
const ALLOWED_IN: Record<keyof typeof Penalty, readonly GameStateCode[]> = {
  none: ANY,
  illegalBallContact: [playing],
  playerPushing: DURING_PLAY,
  illegalMotionInSet: [set],
  illegalMotionInStandby: [standby],
  inactivePlayer: DURING_PLAY,
  illegalPosition: DURING_PLAY,
  leavingTheField: DURING_PLAY,
  requestForPickup: ANY,
  localGameStuck: [playing],
  illegalPositionInSet: [set],
  playerStance: DURING_PLAY,
  substitute: ANY,
  manual: ANY,
};

/** The `pr` names: every penalty's own, and the referee's two shortcuts. */
export const PENALTY_COMMANDS: Record<string, PenaltyRequest> = {
  ...Object.fromEntries(
    Object.entries(ALLOWED_IN).map(([name, allowedIn]) => [
      name,
      { penalty: Penalty[name as keyof typeof Penalty], allowedIn },
    ]),
  ),
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
