/**
 * @file The robot's turn about the field's vertical, from the gyroscope, through falls and get-ups. A NAO that fell
 * and got up stood turned by 44° in the median (articulated games), and the steps saw none of it. The turn cannot
 * be summed from the rate about the vertical while the robot lies: rolling over on the ground (about a horizontal
 * axis) turns the robot that then sits up by up to 180° without any turn about the vertical. So the torso's whole
 * orientation is integrated from the body rates; while the torso is upright its roll and pitch come from the
 * inertial data instead (the integrated ones drift) and the turn is the change of its yaw.
 */
import {
  identityRotation,
  multiplyRotation,
  rotationAxisAngle,
  rotationFromEuler,
  toEulerXYZ,
} from '@robot-runtime/math/rotation';
import type { Matrix, Vec3 } from '@robot-runtime/math/types';
import { normalizeAngle } from '@robot-runtime/math/vec2';

/** Integrates the torso's orientation and reports its turns about the vertical. */
export class GyroHeading {
  private orientation: Matrix = identityRotation();
  /** The yaw of the last upright frame. */
  private lastYaw: number | undefined;

  /**
   * One frame: the torso's `roll` and `pitch` (rad), its rates `gyro` (rad/s, torso frame) over `dt` (s). Returns the
   * turn (rad) about the vertical since the last upright frame when the torso is `upright`, else 0: a fall's whole
   * turn comes in the first upright frame after it.
   */
  update(roll: number, pitch: number, gyro: Vec3, dt: number, upright: boolean): number {
    const rate = Math.hypot(gyro.x, gyro.y, gyro.z);
    if (rate > 0 && dt > 0) this.orientation = multiplyRotation(this.orientation, rotationAxisAngle(gyro, rate * dt));
    if (!upright) return 0;
    const yaw = toEulerXYZ(this.orientation).z;
    this.orientation = rotationFromEuler(roll, pitch, yaw);
    const turn = this.lastYaw === undefined ? 0 : normalizeAngle(yaw - this.lastYaw);
    this.lastYaw = yaw;
    return turn;
  }
}
