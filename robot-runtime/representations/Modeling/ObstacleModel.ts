import { defineRepresentation } from '../../core/representation';
import { Vector2f, defineClass, defineEnum, field, t, type ValueOf } from '../../core/streamable';
import { Colors } from '../../math/colors';
import { solidBrush, solidPen } from '../pens';

/**
 * What kind of obstacle: a goal post, a robot of the own team, of the other team, or one whose team is not known
 * (B-Human's constants in B-Human's order, so that the values read the same on both sides).
 */
export const ObstacleType = defineEnum('Obstacle::Type', [
  'goalpost',
  'unknown',
  'someRobot',
  'opponent',
  'teammate',
  'fallenSomeRobot',
  'fallenOpponent',
  'fallenTeammate',
] as const);

/** One obstacle near the robot. */
export const Obstacle = defineClass('Obstacle', {
  center: field(Vector2f, 'Centre of the obstacle relative to the robot (mm).'),
  radius: field(t.float, 'Radius of the circle the obstacle occupies (mm).', 150),
  type: field(ObstacleType, 'What the obstacle is.', ObstacleType.unknown),
  number: field(t.uint8, 'Player number of the robot, when known; 0 otherwise.'),
});
export type Obstacle = ValueOf<typeof Obstacle>;

/** Robots (and other obstacles) around this robot, for walking around them. */
export const ObstacleModel = defineRepresentation(
  'ObstacleModel',
  {
    obstacles: field(t.vector(Obstacle), 'Obstacles relative to the robot, nearest first.'),
  },
  {
    doc: 'The obstacles around the robot, relative to it.',
    draw(m, debug) {
      debug.drawing('representation:ObstacleModel', 'drawingOnField', (d) => {
        for (const o of m.obstacles) {
          const own = o.type === ObstacleType.teammate || o.type === ObstacleType.fallenTeammate;
          d.circle(
            o.center.x,
            o.center.y,
            o.radius,
            solidPen(Colors.black, 10),
            solidBrush(own ? Colors.cyan : Colors.red),
          );
        }
      });
    },
  },
);
export type ObstacleModel = ValueOf<typeof ObstacleModel>;
