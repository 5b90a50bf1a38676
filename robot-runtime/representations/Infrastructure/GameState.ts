import { defineRepresentation } from '../../core/representation';
import { defineClass, defineEnum, field, t, type ValueOf } from '../../core/streamable';
import { Penalty } from '../../protocol/gameController/gameControlData';
import { SET_PLAY_NAMES } from '../../protocol/gameController/leagueCodes';

/** The game states a robot acts on. */
export const GameStateState = defineEnum('GameState::State', [
  'initial',
  'standby',
  'ready',
  'set',
  'playing',
  'finished',
] as const);

/**
 * The set plays of both leagues (the SPL's codes are the first six values; the HSL's throw-in is kickIn, its direct
 * and indirect free kicks are the last two).
 */
export const GameStateSetPlay = defineEnum('GameState::SetPlay', SET_PLAY_NAMES);

/** Score and identity of a team. */
export const GameStateTeam = defineClass('GameState::Team', {
  number: field(t.uint8, 'Team number.'),
  color: field(t.uint8, 'Jersey colour of the field players (0 blue … 9 gray).'),
  score: field(t.uint8, 'Goals scored.'),
});

/** The game situation as this robot sees it (derived from GameController packets). */
export const GameState = defineRepresentation(
  'GameState',
  {
    state: field(GameStateState, 'Current state of the game.'),
    firstHalf: field(t.bool, 'True in the first half.', true),
    isPenalized: field(t.bool, 'True while this robot is penalized.'),
    penalty: field(
      t.uint8,
      "This robot's penalty as the SPL GameController's code (0 none, 3 illegal motion in set, 6 leaving the field " +
        '…); an HSL penalty is given as the SPL penalty of the same consequence (docs/formats.md §8.5).',
    ),
    ownKickOff: field(t.bool, 'True when the own team has the kick-off or set play.'),
    setPlay: field(GameStateSetPlay, 'The set play being taken (none during a kick-off and in open play).'),
    stopped: field(t.bool, 'True while the HSL GameController has stopped play (the SPL has no such flag: false).'),
    warnings: field(t.uint8, "This robot's warnings from the HSL GameController (0 with the SPL's)."),
    cautions: field(t.uint8, "This robot's cautions (yellow cards) from the HSL GameController (0 with the SPL's)."),
    playerNumber: field(t.uint8, 'Number of this robot (1..20).', 1),
    ownTeam: field(GameStateTeam, "The robot's team."),
    opponentTeam: field(GameStateTeam, 'The other team.'),
    timeWhenStateStarted: field(t.uint32, 'Time (ms) when the current state began.'),
    timeWhenPenaltyStarted: field(t.uint32, 'Time (ms) when the current penalty began; 0 when not penalized.'),
    gameControllerActive: field(
      t.bool,
      'True while GameController packets arrive; false when the state is a local default.',
    ),
  },
  { doc: 'The state of the game and of this robot in it.' },
);
export type GameState = ValueOf<typeof GameState>;

/**
 * Whether the referees take a robot with this penalty (`GameState.penalty`) off the field, and put it back on a
 * sideline when the penalty ends: all penalties but the motion penalties of `set` and `standby`, after which it
 * stays where it is.
 */
export function removesFromField(penalty: number): boolean {
  return (
    penalty !== Penalty.none &&
    penalty !== Penalty.illegalMotionInSet &&
    penalty !== Penalty.illegalMotionInStandby &&
    penalty !== Penalty.substitute
  );
}
