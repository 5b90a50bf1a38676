/**
 * @file LoLA's vocabulary (formats §9): the joint order, the sensor categories and the actuator keys with their
 * sizes, and the mapping between LoLA's joint order and B-Human's internal Joints::Joint order.
 */
import { Joint, numOfJoints, type JointName } from '@robot-runtime/representations/Infrastructure/Joints';

/** The joints from `first` to `last` in B-Human's order. */
function chain(first: JointName, last: JointName): JointName[] {
  return Joint.names.slice(Joint.names.indexOf(first), Joint.names.indexOf(last) + 1);
}

/**
 * LoLA's joint order (formats §9.4): B-Human's chains in another order, without waistYaw and rHipYawPitch (the
 * motor lHipYawPitch drives), the hands last.
 */
export const LOLA_JOINTS: readonly JointName[] = [
  ...chain('headYaw', 'headPitch'),
  ...chain('lShoulderPitch', 'lWristYaw'),
  ...chain('lHipYawPitch', 'lAnkleRoll'),
  ...chain('rHipRoll', 'rAnkleRoll'),
  ...chain('rShoulderPitch', 'rWristYaw'),
  'lHand',
  'rHand',
];
/** Joints LoLA knows. */
export const NUM_LOLA_JOINTS = LOLA_JOINTS.length;

/** For each LoLA index, the index in Joints::Joint. */
export const LOLA_TO_JOINT: readonly number[] = LOLA_JOINTS.map((name) => Joint.names.indexOf(name));
/** For each Joints::Joint index, the LoLA index, or −1 (waistYaw; rHipYawPitch is the same motor as lHipYawPitch). */
export const JOINT_TO_LOLA: readonly number[] = Joint.names.map((name) =>
  name === 'rHipYawPitch' ? LOLA_JOINTS.indexOf('lHipYawPitch') : LOLA_JOINTS.indexOf(name),
);

/** Sensor categories B-Human reads and their sizes (formats §9.2); others (Sonar, strings) are skipped. */
export const SENSOR_CATEGORIES = {
  Position: NUM_LOLA_JOINTS,
  Stiffness: NUM_LOLA_JOINTS,
  Current: NUM_LOLA_JOINTS,
  Temperature: NUM_LOLA_JOINTS,
  Status: NUM_LOLA_JOINTS,
  Accelerometer: 3,
  Gyroscope: 3,
  Angles: 3,
  FSR: 8,
  Touch: 14,
  Battery: 4,
} as const;
/** A sensor category. */
export type SensorCategory = keyof typeof SENSOR_CATEGORIES;

/** Index of the chest button in `Touch`. */
export const TOUCH_CHEST = 0;

/** The actuator map's keys in the order they are sent, with their sizes (formats §9.3). */
export const ACTUATOR_KEYS = [
  ['Position', NUM_LOLA_JOINTS],
  ['Stiffness', NUM_LOLA_JOINTS],
  ['REar', 10],
  ['LEar', 10],
  ['Chest', 3],
  ['LEye', 24],
  ['REye', 24],
  ['LFoot', 3],
  ['RFoot', 3],
  ['Skull', 12],
] as const;
/** An actuator key. */
export type ActuatorKey = (typeof ACTUATOR_KEYS)[number][0];

if (LOLA_TO_JOINT.some((i) => i < 0) || JOINT_TO_LOLA.length !== numOfJoints)
  throw new Error('LoLA joint names do not match Joints::Joint');
