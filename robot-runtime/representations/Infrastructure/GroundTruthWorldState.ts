import { defineRepresentation } from '../../core/representation';
import { Pose2f, Vector3f, defineClass, field, t, type ValueOf } from '../../core/streamable';
import { Colors } from '../../math/colors';
import { solidBrush, solidPen } from '../pens';

/** A robot as the simulator knows it. */
export const GroundTruthPlayer = defineClass('GroundTruthWorldState::GroundTruthPlayer', {
  number: field(t.int32, 'Player number (1..20).'),
  pose: field(Pose2f, 'Pose on the field in the team frame of the receiving robot (mm, rad).'),
  upright: field(t.bool, 'False while the robot lies on the ground.', true),
});

/** A ball as the simulator knows it. */
export const GroundTruthBall = defineClass('GroundTruthWorldState::GroundTruthBall', {
  position: field(Vector3f, 'Position of the ball centre on the field (mm).', () => ({ x: 0, y: 0, z: 50 })),
  velocity: field(Vector3f, 'Velocity of the ball (mm/s).'),
});

/**
 * The true state of the world, only known in simulation. Coordinates are in the team frame of the receiving
 * robot (own goal at negative x), so oracle modules can be swapped for real perception without conversion.
 */
/** A robot's body and head direction in its own frame (the ground truth knows no head angle). */
const FORWARD = Object.freeze({ x: 1, y: 0 });

export const GroundTruthWorldState = defineRepresentation(
  'GroundTruthWorldState',
  {
    ownTeamPlayers: field(t.vector(GroundTruthPlayer), 'Teammates, the receiving robot excluded.'),
    opponentTeamPlayers: field(t.vector(GroundTruthPlayer), 'Robots of the other team.'),
    ownPose: field(Pose2f, 'True pose of the receiving robot on the field (mm, rad).'),
    balls: field(t.vector(GroundTruthBall), 'All balls on the field (normally one).'),
  },
  {
    doc: 'Ground truth of the simulation: robots and balls on the field.',
    draw(w, debug) {
      debug.drawing('representation:GroundTruthWorldState', 'drawingOnField', (d) => {
        for (const p of w.ownTeamPlayers)
          d.robot(p.pose, FORWARD, FORWARD, 0.5, Colors.blue, Colors.white, Colors.white);
        for (const p of w.opponentTeamPlayers)
          d.robot(p.pose, FORWARD, FORWARD, 0.5, Colors.red, Colors.white, Colors.white);
        d.robot(w.ownPose, FORWARD, FORWARD, 0.5, Colors.black, Colors.white, Colors.white);
        for (const b of w.balls)
          d.circle(b.position.x, b.position.y, 50, solidPen(Colors.black, 5), solidBrush(Colors.white));
      });
    },
  },
);
export type GroundTruthWorldState = ValueOf<typeof GroundTruthWorldState>;
