import { defineEnum } from '../../core/streamable';

/**
 * The joints in B-Human's internal order (not LoLA's, see formats §9.4). `waistYaw` keeps the slot other
 * robot types use; a NAO never moves it. `rHipYawPitch` is the same motor as `lHipYawPitch` on a NAO.
 */
export const Joint = defineEnum('Joints::Joint', [
  'headYaw',
  'headPitch',
  'waistYaw',
  'lShoulderPitch',
  'lShoulderRoll',
  'lElbowYaw',
  'lElbowRoll',
  'lWristYaw',
  'lHand',
  'rShoulderPitch',
  'rShoulderRoll',
  'rElbowYaw',
  'rElbowRoll',
  'rWristYaw',
  'rHand',
  'lHipYawPitch',
  'lHipRoll',
  'lHipPitch',
  'lKneePitch',
  'lAnklePitch',
  'lAnkleRoll',
  'rHipYawPitch',
  'rHipRoll',
  'rHipPitch',
  'rKneePitch',
  'rAnklePitch',
  'rAnkleRoll',
] as const);
export type JointName = (typeof Joint.names)[number];
export const numOfJoints = Joint.names.length;

/** The left leg's joints from hip to ankle: the order leg kinematics and keyframe limbs give their angles in. */
export const LEFT_LEG_JOINTS: readonly number[] = [
  Joint.lHipYawPitch,
  Joint.lHipRoll,
  Joint.lHipPitch,
  Joint.lKneePitch,
  Joint.lAnklePitch,
  Joint.lAnkleRoll,
];
/** The right leg's joints in the order of {@link LEFT_LEG_JOINTS}. */
export const RIGHT_LEG_JOINTS: readonly number[] = [
  Joint.rHipYawPitch,
  Joint.rHipRoll,
  Joint.rHipPitch,
  Joint.rKneePitch,
  Joint.rAnklePitch,
  Joint.rAnkleRoll,
];

/** Joint angle meaning "switch the motor off" (B-Human's JointAngles::off). */
export const JOINT_OFF = 10000;
/** Joint angle meaning "leave this joint to another motion" (B-Human's JointAngles::ignore). */
export const JOINT_IGNORE = 20000;
/** Stiffness meaning "use the configured default stiffness". */
export const STIFFNESS_DEFAULT = -1;
