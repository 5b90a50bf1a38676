import { defineRepresentation } from '../../core/representation';
import { Vector2f, defineEnum, field, t, type ValueOf } from '../../core/streamable';
import { Colors } from '../../math/colors';

/** What the behaviour is doing, for teammates and debugging. */
export const BehaviorActivity = defineEnum('BehaviorStatus::Activity', [
  'unknown',
  'standing',
  'searchForBall',
  'goToBall',
  'kick',
  'penalized',
  'positioning',
  'guardGoal',
  'waitForKickOff',
] as const);

/** The roles of a team (assigned through team communication; the goalkeeper is fixed by the GameController). */
export const BehaviorRole = defineEnum('Role::Type', [
  'none',
  'goalkeeper',
  'striker',
  'supporter',
  'defender',
  'forward',
] as const);

/** The behaviour's current intentions. */
export const BehaviorStatus = defineRepresentation(
  'BehaviorStatus',
  {
    activity: field(BehaviorActivity, 'What the robot is doing.'),
    passTarget: field(t.int32, 'Number of the teammate the robot passes to; -1 for none.', -1),
    walkingTo: field(Vector2f, 'Where the robot is walking to, on the field (mm).'),
    shootingTo: field(Vector2f, 'Where the robot is kicking the ball to, on the field (mm).'),
    role: field(BehaviorRole, 'The role the robot plays.'),
    timeToReachBall: field(
      t.uint32,
      'Estimated time (ms) the robot needs to reach the ball; what role assignment compares.',
      100000,
    ),
  },
  {
    doc: 'The current activity and targets of the behaviour.',
    draw(s, debug) {
      debug.drawing('representation:BehaviorStatus', 'drawingOnField', (d) => {
        d.cross(s.walkingTo.x, s.walkingTo.y, 80, 15, 1, Colors.magenta);
        if (s.activity === BehaviorActivity.kick || s.activity === BehaviorActivity.goToBall) {
          d.arrow(s.walkingTo.x, s.walkingTo.y, s.shootingTo.x, s.shootingTo.y, 15, 2, Colors.red);
        }
        d.text(s.walkingTo.x, s.walkingTo.y + 150, 120, Colors.magenta, BehaviorActivity.names[s.activity] ?? '?');
      });
    },
  },
);
export type BehaviorStatus = ValueOf<typeof BehaviorStatus>;
