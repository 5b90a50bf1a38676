/**
 * @file Between LoLA's flat vectors and the runtime's representations: sensors to JointSensorData,
 * InertialData (Joints::Joint order) and FsrSensorData, JointRequest to the Position/Stiffness actuator values (LoLA order).
 */
import {
  JOINT_IGNORE,
  JOINT_OFF,
  STIFFNESS_DEFAULT,
  numOfJoints,
} from '@robot-runtime/representations/Infrastructure/Joints';
import type { SensorFrameWithFsr } from '@robot-runtime/representations/Sensing/SensorFrame';
import { ACTUATOR_BASE } from './ActuatorPacket';
import { JOINT_TO_LOLA, LOLA_TO_JOINT, NUM_LOLA_JOINTS } from './lolaNames';
import { SENSOR_BASE } from './SensorLayout';

/** Converts the flat sensor vector; `time` becomes the joint data's time stamp. */
export function sensorFrame(v: Float64Array, time: number): SensorFrameWithFsr {
  const perJoint = (base: number, scale: number, missing: number): number[] => {
    const out = new Array<number>(numOfJoints);
    for (let j = 0; j < numOfJoints; j++) {
      const l = JOINT_TO_LOLA[j]!;
      out[j] = l < 0 ? missing : v[base + l]! * scale;
    }
    return out;
  };
  const a = SENSOR_BASE.Accelerometer;
  const g = SENSOR_BASE.Gyroscope;
  const angles = SENSOR_BASE.Angles;
  // LoLA's FSR order: left front left, front right, rear left, rear right, then the right foot (kg).
  const foot = (first: number): number[] => [0, 1, 2, 3].map((i) => Math.max(0, v[SENSOR_BASE.FSR + first + i]!));
  const left = foot(0);
  const right = foot(4);
  const sum = (a: number[]): number => a.reduce((x, y) => x + y, 0);
  return {
    JointSensorData: {
      angles: perJoint(SENSOR_BASE.Position, 1, JOINT_OFF),
      timestamp: time,
      // LoLA reports amperes; the representation holds mA.
      currents: perJoint(SENSOR_BASE.Current, 1000, 0).map(Math.round),
      temperatures: perJoint(SENSOR_BASE.Temperature, 1, 0).map((t) => Math.max(0, Math.min(255, Math.round(t)))),
      status: perJoint(SENSOR_BASE.Status, 1, 0).map((s) => Math.max(0, Math.min(3, Math.round(s)))),
    },
    InertialData: {
      angle: { x: v[angles]!, y: v[angles + 1]!, z: 0 },
      gyro: { x: v[g]!, y: v[g + 1]!, z: v[g + 2]! },
      // LoLA's accelerometer points the other way (B-Human negates it too).
      acc: { x: -v[a]!, y: -v[a + 1]!, z: -v[a + 2]! },
    },
    // The walking engine shifts its support foot by the feet's weight, as B-Human's does.
    FsrSensorData: { pressures: [left, right], totals: [sum(left), sum(right)] },
  };
}

/** Stiffness (percent) used for joints that ask for the default. */
export const DEFAULT_STIFFNESS = 100;

/**
 * Writes Position and Stiffness for a JointRequest (formats §9.3): an "off" joint or stiffness 0 holds its measured
 * position with stiffness 0; "ignore" keeps what was sent last; otherwise request + calibration offset.
 */
export function writeJointRequest(
  request: { angles: readonly number[]; stiffnessData: { stiffnesses: readonly number[] } } | undefined,
  sensors: Float64Array,
  out: Float32Array,
  offsets: readonly number[] = [],
): void {
  const pos = ACTUATOR_BASE.Position;
  const stiff = ACTUATOR_BASE.Stiffness;
  for (let l = 0; l < NUM_LOLA_JOINTS; l++) {
    const j = LOLA_TO_JOINT[l]!;
    const angle = request?.angles[j] ?? JOINT_OFF;
    const percent = request?.stiffnessData.stiffnesses[j] ?? 0;
    if (angle === JOINT_IGNORE) continue;
    const stiffness = percent === STIFFNESS_DEFAULT ? DEFAULT_STIFFNESS : percent;
    if (angle === JOINT_OFF || stiffness <= 0 || !Number.isFinite(angle)) {
      out[pos + l] = sensors[SENSOR_BASE.Position + l]!;
      out[stiff + l] = 0;
    } else {
      out[pos + l] = angle + (offsets[j] ?? 0);
      out[stiff + l] = Math.min(100, stiffness) / 100;
    }
  }
}
