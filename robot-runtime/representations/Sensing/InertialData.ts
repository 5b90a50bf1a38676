import { defineRepresentation } from '../../core/representation';
import { Vector3f, field, type ValueOf } from '../../core/streamable';

/** The filtered inertial state of the torso. */
export const InertialData = defineRepresentation(
  'InertialData',
  {
    angle: field(Vector3f, 'Torso orientation as roll (x), pitch (y) and yaw (z) angles relative to the ground (rad).'),
    gyro: field(Vector3f, 'Angular velocity of the torso around x, y and z (rad/s).'),
    acc: field(Vector3f, 'Linear acceleration of the torso along x, y and z, gravity included (m/s^2).', () => ({
      x: 0,
      y: 0,
      z: 9.80665,
    })),
  },
  {
    doc: 'Orientation, angular velocity and acceleration of the torso.',
    // B-Human's plot names (its Walk.con plots them), in degrees and degrees per second.
    draw(m, debug) {
      const deg = 180 / Math.PI;
      debug.plot('representation:InertialData:angle:x', () => m.angle.x * deg);
      debug.plot('representation:InertialData:angle:y', () => m.angle.y * deg);
      debug.plot('representation:InertialData:gyro:x', () => m.gyro.x * deg);
      debug.plot('representation:InertialData:gyro:y', () => m.gyro.y * deg);
    },
  },
);
export type InertialData = ValueOf<typeof InertialData>;
