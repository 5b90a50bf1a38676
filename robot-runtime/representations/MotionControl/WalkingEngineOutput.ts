import { Pose2f, field, t, type ValueOf } from '../../core/streamable';
import { defineMotionEngineOutput } from './MotionEngineOutput';
import { MotionType } from './MotionRequest';

/**
 * The walk's joints (walking, standing, the standing kick, the protective fall) and what it is doing, for the
 * MotionCombinator. The WalkingEngine also detects falls, so `isFallen` here is what makes the robot get up.
 */
export const WalkingEngineOutput = defineMotionEngineOutput(
  'WalkingEngineOutput',
  {
    executedMotion: field(MotionType, 'What the walk executes: stand, walkAtRelativeSpeed or kick.', MotionType.stand),
    speed: field(Pose2f, 'The executed walk speed (rad/s, mm/s), after limits.'),
    isKicking: field(t.bool, 'True while a kick is being played; new kick requests are ignored until it ends.'),
    gaitPhase: field(t.float, 'Phase of the current walk cycle (0..1).'),
    kickStrength: field(t.float, 'Strength (0..1) of the kick being played; valid while isKicking.'),
    isFalling: field(t.bool, 'True from a detected fall until the torso is upright again (protective pose).'),
    isFallen: field(t.bool, 'True while the torso tilts beyond fallenTilt: the robot lies on the ground.'),
  },
  { doc: "The WalkingEngine's joint angles and walk state, combined into the JointRequest by the MotionCombinator." },
);
export type WalkingEngineOutput = ValueOf<typeof WalkingEngineOutput>;
