import { defineRepresentation } from '../../core/representation';
import { Pose2f, field, t, type ValueOf } from '../../core/streamable';
import { MotionType, SpecialActionID } from './MotionRequest';

/** What the Motion thread is executing right now (as opposed to what was requested). */
export const MotionInfo = defineRepresentation(
  'MotionInfo',
  {
    executedMotion: field(
      MotionType,
      'The motion being executed (getUp while the robot stands up, also when it does so by itself).',
      MotionType.stand,
    ),
    speed: field(Pose2f, 'The executed walk speed (rad/s, mm/s), after limits.'),
    isKicking: field(t.bool, 'True while a kick is being played; new kick requests are ignored until it ends.'),
    gaitPhase: field(t.float, 'Phase of the current walk cycle (0..1).'),
    kickStrength: field(t.float, 'Strength (0..1) of the kick being played; valid while isKicking.'),
    isFallen: field(
      t.bool,
      'True while the robot lies on the ground (it stands up by itself; requests are ignored meanwhile).',
    ),
    specialAction: field(SpecialActionID, 'The keyframe motion being played; valid while executedMotion is special.'),
    getUpCount: field(t.uint32, 'Get-ups completed (the robot stood upright at the end) since the program started.'),
    getUpTries: field(t.uint32, 'Get-up attempts started since the program started, retries after a failure included.'),
  },
  { doc: 'The motion currently executed.' },
);
export type MotionInfo = ValueOf<typeof MotionInfo>;
