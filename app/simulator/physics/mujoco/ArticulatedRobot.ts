/**
 * One robot of the articulated simulation: its root body, its joints in B-Human's joint order with their motors,
 * its sensors, and what they measure. Joint requests go to the motors (angle, stiffness 0..100 %, JOINT_OFF =
 * limp, JOINT_IGNORE = unchanged); measurements come from the physics: angles from the hinges, currents from
 * the motors' torques, temperatures from a heating model (warms with the square of the torque, cools towards the
 * room temperature, so a joint switched off cools), the IMU from the gyroscope and accelerometer on the torso,
 * the foot pressure sensors from the contact forces under the soles.
 */
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { JOINT_IGNORE, JOINT_OFF, Joint, numOfJoints } from '@robot-runtime/representations/Infrastructure/Joints';
import type { SensorFrameWithFsr } from '@robot-runtime/representations/Sensing/SensorFrame';
import type { RobotDefinition } from '../../scene/SceneModel';
import type { JointSpec, ModelDescription, RootSpec } from './buildModel';
import { MotorController } from './motors';

/** °C of a joint that has not worked for a while. */
export const ROOM_TEMPERATURE = 30;
/** Warming (K/s) of a joint giving its largest torque continuously. */
const HEATING_AT_MAX_TORQUE = 0.8;
/** Time constant (s) with which a joint's temperature approaches the room temperature. */
const COOLING_TIME = 300;
/** Motor current (mA) at the largest torque (NAO joint motors draw about 2 A when stalled). */
const CURRENT_AT_MAX_TORQUE = 2000;
/** Temperature limits of the NAO's status levels hot, veryHot, criticalHot (°C). */
const TEMPERATURE_LEVELS = [75, 85, 95];
/** Standard deviations of the sensor noise switched on by `sn`. */
const NOISE = { angle: 0.001, gyro: 0.01, acc: 0.05, fsr: 0.02 };
const GRAVITY = 9.80665;
/** FSR order per foot: front left, front right, back left, back right. */
const FSR_LABELS = ['fl', 'fr', 'bl', 'br'] as const;

/** Joint enum name → scene hinge name (`lKneePitch` → `LKneePitch`). */
export const hingeNameOf = (joint: string): string => joint.charAt(0).toUpperCase() + joint.slice(1);

/** What the physics offers a robot to read (views into MuJoCo's state, fetched per read). */
export interface PhysicsState {
  qpos: Float64Array;
  qvel: Float64Array;
  sensordata: Float64Array;
  /** Body orientations as quaternions (w x y z) per body. */
  xquat: Float64Array;
}

/** The measured data of one Motion frame (plain values of the representations). */
export type Measurements = SensorFrameWithFsr;

/** A robot body in the articulated world. */
export class ArticulatedRobot {
  /** Joint of each B-Human joint index (undefined where the model has none, e.g. waistYaw). */
  readonly joints: (JointSpec | undefined)[];
  readonly motors: (MotorController | undefined)[];
  /** Every motorized joint of this robot (including ones outside B-Human's joint list). */
  readonly actuated: { joint: JointSpec; motor: MotorController }[] = [];
  readonly temperatures = new Float64Array(numOfJoints).fill(ROOM_TEMPERATURE);
  private readonly gyro: number | undefined;
  private readonly accelerometer: number | undefined;
  /** sensordata addresses of the FSRs: left fl, fr, bl, br, then right (−1 where missing). */
  private readonly fsr: number[];
  private readonly noise: SeededRandom;
  /** `sn`: white noise on the measurements. */
  noisy = false;
  /** Ground-truth bookkeeping for the WorldState. */
  fallen = false;
  falls = 0;
  /** Falls within CONTACT_FALL_WINDOW after a contact with another robot. */
  fallsAfterContact = 0;
  /** Times it stood up again by itself after a fall. */
  getUps = 0;
  /** Simulated time (ms) of the last contact with another robot. */
  lastRobotContact = -Infinity;
  /** Distance (mm) the torso moved over the ground while not fallen. */
  distance = 0;

  constructor(
    readonly def: RobotDefinition,
    readonly controlled: boolean,
    readonly root: RootSpec,
    readonly rootIndex: number,
    model: ModelDescription,
    seed: number,
  ) {
    const own = model.joints.filter((j) => j.root === rootIndex);
    for (const j of own)
      if (j.motor) this.actuated.push({ joint: j, motor: new MotorController(j.motor, j.range, j.init) });
    this.joints = Joint.names.map((n) => own.find((j) => j.name === hingeNameOf(n)));
    this.motors = this.joints.map((j) => this.actuated.find((a) => a.joint === j)?.motor);
    const sensors = model.sensors.filter((s) => s.root === rootIndex);
    this.gyro = sensors.find((s) => s.kind === 'gyro')?.address;
    this.accelerometer = sensors.find((s) => s.kind === 'accelerometer')?.address;
    this.fsr = ['LFoot', 'RFoot'].flatMap((foot) =>
      FSR_LABELS.map((l) => sensors.find((s) => s.name === `${foot}.${l}`)?.address ?? -1),
    );
    this.noise = new SeededRandom((seed * 7919) ^ (def.number * 104729));
  }

  get name(): string {
    return this.def.name;
  }

  /** Applies a JointRequest (angles in rad, stiffnesses in %, −1 = default 100 %) at simulated time `now` (s). */
  request(angles: readonly number[], stiffnesses: readonly number[], now: number): void {
    for (let i = 0; i < numOfJoints; i++) {
      const motor = this.motors[i];
      if (!motor) continue;
      const angle = angles[i]!;
      if (angle === JOINT_IGNORE) continue;
      const s = stiffnesses[i]!;
      motor.stiffness = angle === JOINT_OFF ? 0 : s < 0 ? 1 : Math.min(1, s / 100);
      if (angle !== JOINT_OFF) motor.command(angle, now);
    }
  }

  /** Warms and cools the joints after a step of `dt` s. */
  heat(dt: number): void {
    for (let i = 0; i < numOfJoints; i++) {
      const m = this.motors[i];
      if (!m) continue;
      const load = m.maxTorque > 0 ? m.torque / m.maxTorque : 0;
      const t = this.temperatures[i]!;
      this.temperatures[i] = t + dt * (HEATING_AT_MAX_TORQUE * load * load - (t - ROOM_TEMPERATURE) / COOLING_TIME);
    }
  }

  /** The torso's orientation as a quaternion (w, x, y, z). */
  torsoQuaternion(state: PhysicsState): [number, number, number, number] {
    const b = this.root.body * 4,
      q = state.xquat;
    return [q[b]!, q[b + 1]!, q[b + 2]!, q[b + 3]!];
  }

  /**
   * Reads what the robot's sensors measure now (with white noise while `noisy`, drawn in a fixed order: angles,
   * foot sensors, gyroscope, accelerometer). Runs for every Motion frame of every robot: plain loops, no
   * intermediate arrays or closures.
   */
  measure(state: PhysicsState, time: number): Measurements {
    const noisy = this.noisy;
    const angles = new Array<number>(numOfJoints);
    const currents = new Array<number>(numOfJoints);
    const temperatures = new Array<number>(numOfJoints);
    const status = new Array<number>(numOfJoints);
    const qpos = state.qpos;
    for (let i = 0; i < numOfJoints; i++) {
      const j = this.joints[i],
        m = this.motors[i];
      // A joint the body lacks (waistYaw) stands at 0.
      angles[i] = j ? qpos[j.qposAddress]! + (noisy ? this.noise.gaussian(NOISE.angle) : 0) : 0;
      currents[i] = m && m.maxTorque > 0 ? Math.round((Math.abs(m.torque) / m.maxTorque) * CURRENT_AT_MAX_TORQUE) : 0;
      const t = this.temperatures[i]!;
      temperatures[i] = Math.max(0, Math.min(255, Math.round(t)));
      let level = 0;
      for (const limit of TEMPERATURE_LEVELS) if (t >= limit) level++;
      status[i] = level;
    }
    const s = state.sensordata;
    const [w, x, y, z] = this.torsoQuaternion(state);
    // Roll and pitch of the torso relative to the ground (what B-Human's inertial filter estimates); yaw is not
    // observable by an IMU without drift and stays 0, as in the simulator's synthesized data before.
    const roll = Math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y));
    const pitch = Math.asin(Math.max(-1, Math.min(1, 2 * (w * y - z * x))));
    const left = [0, 0, 0, 0],
      right = [0, 0, 0, 0];
    let leftTotal = 0,
      rightTotal = 0;
    for (let i = 0; i < 8; i++) {
      const a = this.fsr[i]!;
      const kg = a < 0 ? 0 : Math.max(0, s[a]! / GRAVITY + (noisy ? this.noise.gaussian(NOISE.fsr) : 0));
      if (i < 4) leftTotal += left[i] = kg;
      else rightTotal += right[i - 4] = kg;
    }
    const gyro = this.vector(s, this.gyro, NOISE.gyro, 0);
    const acc = this.vector(s, this.accelerometer, NOISE.acc, GRAVITY);
    return {
      JointSensorData: { angles, timestamp: time, currents, temperatures, status },
      InertialData: { angle: { x: roll, y: pitch, z: 0 }, gyro, acc },
      FsrSensorData: { pressures: [left, right], totals: [leftTotal, rightTotal] },
    };
  }

  /** A three-axis sensor's reading at `address` (with noise of `sigma`); without the sensor (0, 0, `missingZ`). */
  private vector(
    s: Float64Array,
    address: number | undefined,
    sigma: number,
    missingZ: number,
  ): { x: number; y: number; z: number } {
    if (address === undefined) return { x: 0, y: 0, z: missingZ };
    if (!this.noisy) return { x: s[address]! + 0, y: s[address + 1]! + 0, z: s[address + 2]! + 0 };
    const x = s[address]! + this.noise.gaussian(sigma);
    const y = s[address + 1]! + this.noise.gaussian(sigma);
    return { x, y, z: s[address + 2]! + this.noise.gaussian(sigma) };
  }
}
