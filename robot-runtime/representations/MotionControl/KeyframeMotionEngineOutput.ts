import { defineEnum, field, t, type ValueOf } from '../../core/streamable';
import { defineMotionEngineOutput } from './MotionEngineOutput';

/** The keyframe motions of the KeyframeMotionEngine (each one a motion in keyframeMotionEngine.cfg). */
export const KeyframeMotionID = defineEnum('KeyframeMotionEngine::Motion', [
  'none',
  'getUpFront',
  'getUpBack',
  'sitDown',
  'stand',
  'standHigh',
] as const);

/** The keyframe motion being played (getting up, special actions), for the MotionCombinator. */
export const KeyframeMotionEngineOutput = defineMotionEngineOutput(
  'KeyframeMotionEngineOutput',
  {
    motion: field(KeyframeMotionID, 'The motion being played; none while the engine is not the active one.'),
    keyframe: field(t.int32, 'Index of the keyframe being moved to; the number of keyframes once the motion is done.'),
    isDone: field(t.bool, 'True once the last keyframe is reached and its checks passed; its pose is held.'),
    getUpTries: field(t.uint32, 'Get-up attempts started since the program started, retries included.'),
    getUpCount: field(t.uint32, 'Get-ups completed upright since the program started.'),
    gaveUp: field(
      t.bool,
      'True when maxGetUpTries get-ups in a row failed: the motors are off until the robot is placed upright or retryAfterGivingUp has passed.',
    ),
  },
  { doc: "The KeyframeMotionEngine's joints and state, combined into the JointRequest by the MotionCombinator." },
);
export type KeyframeMotionEngineOutput = ValueOf<typeof KeyframeMotionEngineOutput>;
