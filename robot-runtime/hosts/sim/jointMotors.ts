/**
 * @file The joint motors of a simulated body as the robot's sensors report them: current and temperature. A motor
 * draws a holding current in proportion to its stiffness (more in the legs, which carry the robot) plus a current in
 * proportion to how far it lags behind its commanded angle; it warms with the square of that current and cools
 * towards the room temperature. So the joints view shows load and heat that follow what the robot does, instead of
 * constant zeros.
 */
import {
  Joint,
  JOINT_IGNORE,
  JOINT_OFF,
  LEFT_LEG_JOINTS,
  numOfJoints,
  RIGHT_LEG_JOINTS,
} from '../../representations/Infrastructure/Joints';

/** Room temperature (°C) the motors start at and cool towards. */
const AMBIENT = 28;
/** Holding current (mA) at full stiffness of a joint that carries weight (hips, knees, ankles) … */
const LEG_HOLDING = 250;
/** … and of any other joint (head, arms). */
const OTHER_HOLDING = 60;
/** Additional current (mA) per radian a stiff joint lags behind its target. */
const CURRENT_PER_RADIAN = 2000;
/** Largest current (mA) a motor draws. */
const MAX_CURRENT = 2500;
/** Heating (°C per second per A²) and cooling (fraction of the excess temperature per second). */
const HEATING = 0.14;
const COOLING = 0.004;

// rHipYawPitch shares lHipYawPitch's motor on a NAO: the legs' holding current is charged to that motor once.
const LEG_JOINTS: ReadonlySet<number> = new Set(
  [...LEFT_LEG_JOINTS, ...RIGHT_LEG_JOINTS].filter((j) => j !== Joint.rHipYawPitch),
);

/** Currents and temperatures of all joint motors of one body. */
export class JointMotors {
  /** Motor temperatures (°C, fractional; the sensor reports whole degrees). */
  private readonly temperature = new Array<number>(numOfJoints).fill(AMBIENT);
  private readonly current = new Array<number>(numOfJoints).fill(0);
  private lastTime: number | undefined;

  /**
   * Updates the motors for a Motion frame at `time` (ms): `request` is the last JointRequest (angles and
   * stiffnesses in percent, -1 the default of 100), `measured` the joint angles now.
   */
  update(
    time: number,
    request: { angles: readonly number[]; stiffnesses?: readonly number[] } | undefined,
    measured: readonly number[],
  ): void {
    const dt = this.lastTime === undefined ? 0 : Math.max(0, Math.min(1, (time - this.lastTime) / 1000));
    this.lastTime = time;
    for (let i = 0; i < numOfJoints; i++) {
      const target = request?.angles[i];
      const off = target === undefined || target === JOINT_OFF;
      const percent = request?.stiffnesses?.[i] ?? -1;
      const stiffness = off ? 0 : Math.max(0, Math.min(100, percent < 0 ? 100 : percent)) / 100;
      const lag = target === undefined || off || target === JOINT_IGNORE ? 0 : Math.abs(target - (measured[i] ?? 0));
      const holding = LEG_JOINTS.has(i) ? LEG_HOLDING : OTHER_HOLDING;
      this.current[i] = Math.min(MAX_CURRENT, stiffness * (holding + CURRENT_PER_RADIAN * lag));
      const amps = this.current[i]! / 1000;
      const t = this.temperature[i]!;
      this.temperature[i] = t + dt * (HEATING * amps * amps - COOLING * (t - AMBIENT));
    }
  }

  /** Currents (mA) as JointSensorData reports them. */
  currents(): number[] {
    return this.current.map(Math.round);
  }

  /** Temperatures (whole °C) as JointSensorData reports them. */
  temperatures(): number[] {
    return this.temperature.map((t) => Math.max(0, Math.min(255, Math.round(t))));
  }
}
