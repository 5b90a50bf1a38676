import { defineRepresentation } from '../../core/representation';
import { defineClass, field, t, type ValueOf } from '../../core/streamable';
import { JOINT_IGNORE, JOINT_OFF, Joint, STIFFNESS_DEFAULT } from './Joints';

/** The stiffness of every joint (B-Human's StiffnessData). */
export const StiffnessData = defineClass('StiffnessData', {
  stiffnesses: field(
    t.enumArray(Joint, t.int32),
    'Stiffness of each joint in percent (0..100); -1 means the configured default.',
    () => Joint.names.map(() => STIFFNESS_DEFAULT),
  ),
});

/** Angles and stiffnesses the Motion thread commands to the joints this frame (declared as B-Human declares it). */
export const JointRequest = defineRepresentation(
  'JointRequest',
  {
    angles: field(
      t.enumArray(Joint, t.angle),
      'Target angle of each joint (rad); JOINT_OFF switches a motor off, JOINT_IGNORE leaves it unchanged.',
      () => Joint.names.map(() => JOINT_OFF),
    ),
    timestamp: field(t.uint32, 'Time (ms) of the frame the request was made in.'),
    stiffnessData: field(StiffnessData, 'The stiffness of every joint.'),
  },
  {
    doc: 'The joint angles and stiffnesses sent to the robot.',
    verify(value) {
      for (let i = 0; i < value.angles.length; i++) {
        const a = value.angles[i]!;
        if (a !== JOINT_OFF && a !== JOINT_IGNORE && !(Math.abs(a) <= 2 * Math.PI))
          return `JointRequest: ${Joint.names[i]} angle ${a} is not a valid angle`;
        const s = value.stiffnessData.stiffnesses[i]!;
        if (s !== STIFFNESS_DEFAULT && !(s >= 0 && s <= 100))
          return `JointRequest: ${Joint.names[i]} stiffness ${s} is outside 0..100`;
      }
      return undefined;
    },
  },
);
export type JointRequest = ValueOf<typeof JointRequest>;
