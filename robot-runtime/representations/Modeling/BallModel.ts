import { defineRepresentation } from '../../core/representation';
import { Matrix2f, Vector2f, defineClass, field, t, type ValueOf } from '../../core/streamable';
import { Colors, withAlpha } from '../../math/colors';
import { norm } from '../../math/vec2';
import { solidBrush, solidPen } from '../pens';

/** A ball's position and motion relative to the robot, with its uncertainty (declared as B-Human declares it). */
export const BallState = defineClass('BallState', {
  position: field(Vector2f, 'Position of the ball relative to the robot (mm).'),
  velocity: field(Vector2f, 'Velocity of the ball relative to the robot (mm/s).'),
  radius: field(t.float, 'Radius of the ball (mm).', 50),
  covariance: field(Matrix2f, 'Covariance of the position estimate (mm^2, column-major); exactly symmetric.', () => [
    1, 0, 0, 1,
  ]),
});
export type BallState = ValueOf<typeof BallState>;

/** The filtered ball estimate of the Cognition thread. */
export const BallModel = defineRepresentation(
  'BallModel',
  {
    lastPerception: field(Vector2f, 'The last measured ball position relative to the robot (mm), not filtered.'),
    estimate: field(BallState, 'The filtered ball state.'),
    timeWhenLastSeen: field(t.uint32, 'Time (ms) of the last frame in which the ball was seen; 0 if never.'),
    timeWhenDisappeared: field(
      t.uint32,
      'Time (ms) of the last frame in which the ball should have been visible but was not seen.',
    ),
    timeOfLastCollision: field(
      t.uint32,
      'Time (ms) of the last collision of the ball with this robot that the estimate took into account; 0 if none.',
    ),
    seenPercentage: field(t.uint8, 'In how many of the recent frames the ball was seen (percent).'),
    riskyMovingEstimate: field(
      BallState,
      'While the estimate is a resting ball: the most likely rolling ball, if any (only meaningful when riskyMovingEstimateIsValid).',
    ),
    riskyMovingEstimateIsValid: field(t.bool, 'Whether riskyMovingEstimate holds a hypothesis.'),
  },
  {
    doc: 'The estimated position and velocity of the ball relative to the robot.',
    draw(m, debug) {
      const { position: p, velocity: v, covariance, radius } = m.estimate;
      debug.drawing('representation:BallModel', 'drawingOnField', (d) => {
        d.covarianceEllipses(covariance, p, withAlpha(Colors.orange, 80));
        d.circle(p.x, p.y, radius, solidPen(Colors.black, 5), solidBrush(Colors.orange));
        d.arrow(p.x, p.y, p.x + v.x, p.y + v.y, 5, 1, Colors.orange);
      });
      debug.drawing3d('representation:BallModel', 'robot', (d) => {
        d.sphere(p.x, p.y, radius, radius, Colors.orange);
      });
      debug.plot('representation:BallModel:speed', () => norm(v));
      debug.plot('representation:BallModel:distance', () => norm(p));
      debug.plot('representation:BallModel:seenPercentage', m.seenPercentage);
    },
    verify(m) {
      const { position, velocity, covariance } = m.estimate;
      if (![position.x, position.y, velocity.x, velocity.y, ...covariance].every(Number.isFinite))
        return 'BallModel: the estimate is not finite';
      // B-Human's verify asserts exact symmetry, so a model that is symmetric only up to rounding fails there.
      if (covariance[1] !== covariance[2]) return 'BallModel: the covariance is not symmetric';
      return undefined;
    },
  },
);
export type BallModel = ValueOf<typeof BallModel>;
