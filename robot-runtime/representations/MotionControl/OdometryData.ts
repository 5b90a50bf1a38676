import { defineRepresentation } from '../../core/representation';
import { Vector2f, field, t, type ValueOf } from '../../core/streamable';

/**
 * How far the robot believes it has walked since it started: a Pose2f that only ever accumulates. Consumers
 * keep the value they saw last and apply the difference, so frames of different rates stay consistent.
 */
export const OdometryData = defineRepresentation(
  'OdometryData',
  {
    rotation: field(t.angle, 'Accumulated rotation (rad, normalized to [-pi, pi)).'),
    translation: field(Vector2f, 'Accumulated translation in the frame the robot started in (mm).'),
  },
  { doc: 'Accumulated odometry of the walk (a Pose2f).' },
);
export type OdometryData = ValueOf<typeof OdometryData>;
