import { defineRepresentation } from '../../core/representation';
import { field, t, type ValueOf } from '../../core/streamable';
import { JOINT_IGNORE, Joint } from '../Infrastructure/Joints';
import { StiffnessData } from '../Infrastructure/JointRequest';
import { KickType } from './MotionRequest';

/**
 * The KickEngine's joint angles for the long kick from standing (docs/motion.md, "Kicks"), which the module that
 * assembles the JointRequest uses while the kick is active. Head angles are left to the head control.
 */
export const KickEngineOutput = defineRepresentation(
  'KickEngineOutput',
  {
    angles: field(
      t.enumArray(Joint, t.angle),
      'Target angle of each joint (rad); JOINT_IGNORE leaves the joint to the other motions (the head).',
      () => Joint.names.map(() => JOINT_IGNORE),
    ),
    stiffnessData: field(StiffnessData, 'The stiffness of every joint during the kick.'),
    isActive: field(t.bool, 'True from the frame the kick starts until its legs are back in the stand pose.'),
    isLeavingPossible: field(
      t.bool,
      'True when another motion may take over: no kick is active, or it has ended in the stand pose.',
      true,
    ),
    kickType: field(KickType, 'The foot kicking (valid while isActive).'),
    kickStrength: field(t.float, 'Strength (0..1) of the kick being played (valid while isActive).'),
    phase: field(
      t.uint8,
      'Keyframe the kick moves to: 1 shift, 2 lift, 3 swing, 4 hold, 5 return, 6 set down, 7 back; 0 none.',
    ),
  },
  { doc: 'Joint angles of the long kick from standing.' },
);
export type KickEngineOutput = ValueOf<typeof KickEngineOutput>;
