import { defineRepresentation } from '../../core/representation';
import { Pose2f, Vector2f, defineClass, field, t, type ValueOf } from '../../core/streamable';
import { Colors } from '../../math/colors';
import { BehaviorRole } from '../BehaviorControl/BehaviorStatus';
import { solidBrush, solidPen } from '../pens';

/** What a teammate last told us about itself (field coordinates of the team frame). */
export const Teammate = defineClass('Teammate', {
  number: field(t.uint8, 'Player number of the teammate.'),
  timeWhenLastPacketReceived: field(t.uint32, 'Time (ms, own clock) when its last message arrived.'),
  timeWhenSent: field(t.uint32, 'Time (ms, own clock) when its last message was sent.'),
  pose: field(Pose2f, 'Its estimated pose on the field when it sent (mm, rad).'),
  poseValid: field(t.bool, 'Whether it trusted its pose estimate (localization quality not poor).'),
  ballPosition: field(Vector2f, 'Where it saw the ball, on the field (mm).'),
  ballVelocity: field(Vector2f, 'The ball velocity it estimated, on the field (mm/s).'),
  timeWhenBallLastSeen: field(t.uint32, 'Time (ms, own clock) when it last saw the ball; 0 if it never did.'),
  role: field(BehaviorRole, 'The role it played.'),
  timeToReachBall: field(t.uint32, 'Its estimate of the time it needs to reach the ball (ms).', 100000),
  isUpright: field(t.bool, 'False while it lay on the ground.', true),
  isPenalized: field(t.bool, 'True while it was penalized.'),
});
export type Teammate = ValueOf<typeof Teammate>;

/** Everything received from teammates through team communication. */
export const TeamData = defineRepresentation(
  'TeamData',
  {
    teammates: field(t.vector(Teammate), 'The teammates heard from recently, by player number.'),
    receivedMessages: field(t.uint32, 'Messages received since the robot started.'),
    sentMessages: field(t.uint32, 'Messages this robot sent since it started.'),
  },
  {
    doc: 'The data teammates sent through team communication.',
    draw(data, debug) {
      debug.drawing('representation:TeamData', 'drawingOnField', (d) => {
        for (const m of data.teammates) {
          d.robot(m.pose, { x: 1, y: 0 }, { x: 1, y: 0 }, 0.6, Colors.cyan, Colors.white, Colors.white);
          if (m.timeWhenBallLastSeen)
            d.circle(m.ballPosition.x, m.ballPosition.y, 50, solidPen(Colors.cyan, 5), solidBrush(Colors.orange));
        }
      });
    },
  },
);
export type TeamData = ValueOf<typeof TeamData>;
