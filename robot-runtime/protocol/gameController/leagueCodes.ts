/**
 * @file The two leagues' codes side by side (formats §8.5). Robots act on one vocabulary, the SPL's, which
 * B-Human's behaviour and Pitchside's were written for: an HSL penalty becomes the SPL penalty that has the same
 * consequence on the field, an HSL set play the set play of the same name. The simulator's GameController, an
 * SPL state machine, goes the other way when a scene asks it to speak HSL.
 */
import { GameState, Penalty, SetPlay } from './gameControlData';
import { HslPenalty, HslSetPlay, HslState } from './hslGameControlData';

/** The set plays of both leagues under one set of names (the HSL's throw-in is the SPL's kick-in). */
export const SET_PLAY_NAMES = [
  'none',
  'goalKick',
  'pushingFreeKick',
  'cornerKick',
  'kickIn',
  'penaltyKick',
  'directFreeKick',
  'indirectFreeKick',
] as const;
/** One of {@link SET_PLAY_NAMES}. */
export type SetPlayName = (typeof SET_PLAY_NAMES)[number];

/** HSL penalty → SPL penalty. Sent off stays off the field for good, as the SPL's manual penalty does. */
const SPL_PENALTY_OF_HSL: Record<number, number> = {
  [HslPenalty.none]: Penalty.none,
  [HslPenalty.illegalPositioning]: Penalty.illegalPosition,
  [HslPenalty.motionInSet]: Penalty.illegalMotionInSet,
  [HslPenalty.localGameStuck]: Penalty.localGameStuck,
  [HslPenalty.incapableRobot]: Penalty.inactivePlayer,
  [HslPenalty.pickUp]: Penalty.requestForPickup,
  [HslPenalty.ballHolding]: Penalty.illegalBallContact,
  [HslPenalty.leavingTheField]: Penalty.leavingTheField,
  [HslPenalty.playingWithArmsHands]: Penalty.illegalBallContact,
  [HslPenalty.pushing]: Penalty.playerPushing,
  [HslPenalty.sentOff]: Penalty.manual,
  [HslPenalty.substitute]: Penalty.substitute,
};

/** SPL penalty → HSL penalty (standby and stance have no HSL counterpart: motion in set, illegal positioning). */
const HSL_PENALTY_OF_SPL: Record<number, number> = {
  [Penalty.none]: HslPenalty.none,
  [Penalty.illegalBallContact]: HslPenalty.playingWithArmsHands,
  [Penalty.playerPushing]: HslPenalty.pushing,
  [Penalty.illegalMotionInSet]: HslPenalty.motionInSet,
  [Penalty.inactivePlayer]: HslPenalty.incapableRobot,
  [Penalty.illegalPosition]: HslPenalty.illegalPositioning,
  [Penalty.leavingTheField]: HslPenalty.leavingTheField,
  [Penalty.requestForPickup]: HslPenalty.pickUp,
  [Penalty.localGameStuck]: HslPenalty.localGameStuck,
  [Penalty.illegalPositionInSet]: HslPenalty.illegalPositioning,
  [Penalty.playerStance]: HslPenalty.illegalPositioning,
  [Penalty.illegalMotionInStandby]: HslPenalty.motionInSet,
  [Penalty.substitute]: HslPenalty.substitute,
  [Penalty.manual]: HslPenalty.sentOff,
};

/** HSL set play → name. */
const SET_PLAY_OF_HSL: Record<number, SetPlayName> = {
  [HslSetPlay.none]: 'none',
  [HslSetPlay.directFreeKick]: 'directFreeKick',
  [HslSetPlay.indirectFreeKick]: 'indirectFreeKick',
  [HslSetPlay.penaltyKick]: 'penaltyKick',
  [HslSetPlay.throwIn]: 'kickIn',
  [HslSetPlay.goalKick]: 'goalKick',
  [HslSetPlay.cornerKick]: 'cornerKick',
};

/** SPL set play → HSL set play (a pushing free kick is a direct free kick). */
const HSL_SET_PLAY_OF_SPL: Record<number, number> = {
  [SetPlay.none]: HslSetPlay.none,
  [SetPlay.goalKick]: HslSetPlay.goalKick,
  [SetPlay.pushingFreeKick]: HslSetPlay.directFreeKick,
  [SetPlay.cornerKick]: HslSetPlay.cornerKick,
  [SetPlay.kickIn]: HslSetPlay.throwIn,
  [SetPlay.penaltyKick]: HslSetPlay.penaltyKick,
};

/** The SPL penalty a robot acts on for an HSL penalty; an unknown non-zero code counts as manual (still penalized). */
export function splPenaltyOfHsl(code: number): number {
  return SPL_PENALTY_OF_HSL[code] ?? Penalty.manual;
}

/** The HSL penalty an SPL penalty is sent as. */
export function hslPenaltyOfSpl(code: number): number {
  return HSL_PENALTY_OF_SPL[code] ?? HslPenalty.sentOff;
}

/** The name of a set play code of `protocol`; an unknown code is 'none' (no set play the robot knows). */
export function setPlayName(protocol: 'spl' | 'hsl', code: number): SetPlayName {
  if (protocol === 'hsl') return SET_PLAY_OF_HSL[code] ?? 'none';
  return SET_PLAY_NAMES[code] !== undefined && code <= SetPlay.penaltyKick ? SET_PLAY_NAMES[code]! : 'none';
}

/** The HSL set play an SPL set play is sent as. */
export function hslSetPlayOfSpl(code: number): number {
  return HSL_SET_PLAY_OF_SPL[code] ?? HslSetPlay.none;
}

/** The HSL state an SPL state is sent as (the HSL has no standby: robots wait in initial). */
export function hslStateOfSpl(code: number): number {
  return code === GameState.standby ? HslState.initial : code;
}
