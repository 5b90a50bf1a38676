import { field, t, type ValueOf } from '../../core/streamable';
import { defineMotionEngineOutput } from './MotionEngineOutput';
import { KickType } from './MotionRequest';

/**
 * The KickEngine's joints for the long kick from standing (docs/motion.md, "Kicks"), which the MotionCombinator
 * commands while the kick is the active motion, and the kick's state.
 */
export const KickEngineOutput = defineMotionEngineOutput(
  'KickEngineOutput',
  {
    isActive: field(t.bool, 'True from the frame the kick starts until its legs are back in the stand pose.'),
    kickType: field(KickType, 'The foot kicking (valid while isActive).'),
    kickStrength: field(t.float, 'Strength (0..1) of the kick being played (valid while isActive).'),
    phase: field(
      t.uint8,
      'Keyframe the kick moves to: 1 shift, 2 lift, 3 swing, 4 hold, 5 return, 6 set down, 7 back; 0 none.',
    ),
  },
  { doc: 'Joint angles of the long kick from standing, for the MotionCombinator.' },
);
export type KickEngineOutput = ValueOf<typeof KickEngineOutput>;
