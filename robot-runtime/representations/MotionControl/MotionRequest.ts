import { defineRepresentation } from '../../core/representation';
import { Pose2f, defineEnum, field, t, type ValueOf } from '../../core/streamable';
import { Colors } from '../../math/colors';
import { rotate } from '../../math/vec2';

/**
 * The motions the Motion thread can execute. `getUp` stands up from lying (a fallen robot also gets up by itself);
 * `special` plays the keyframe motion named by `specialAction` (B-Human's name for the motion).
 */
export const MotionType = defineEnum('MotionRequest::Motion', [
  'playDead',
  'stand',
  'walkAtRelativeSpeed',
  'walkToPose',
  'kick',
  'getUp',
  'special',
] as const);

/**
 * Keyframe motions the behaviour can request (the special actions of B-Human's older SpecialActionRequest): sit
 * down (torso low and stable, e.g. when penalized or at the end of a game), stand up again from sitting into the
 * walk's stand, and stand with straight legs (a high stand).
 */
export const SpecialActionID = defineEnum('SpecialActionRequest::SpecialActionID', [
  'sitDown',
  'stand',
  'standHigh',
] as const);

/** Kicks the walking engine can play. */
export const KickType = defineEnum('KickRequest::KickMotionID', ['forwardLeft', 'forwardRight'] as const);

/** What the behaviour wants the body to do; read by the Motion thread. */
export const MotionRequest = defineRepresentation(
  'MotionRequest',
  {
    motion: field(MotionType, 'The motion to execute.', MotionType.stand),
    walkSpeed: field(
      Pose2f,
      'walkAtRelativeSpeed: speed as a fraction (-1..1) of the maximum per axis; walkToPose: upper limit of that fraction.',
      () => ({
        rotation: 1,
        translation: { x: 1, y: 1 },
      }),
    ),
    walkTarget: field(Pose2f, 'walkToPose: the target pose relative to the robot (mm, rad).'),
    kickType: field(KickType, 'kick: which kick to play.'),
    kickStrength: field(
      t.float,
      'kick: how hard (0..1 of the strongest kick); short passes and kick-offs use less.',
      1,
    ),
    specialAction: field(
      SpecialActionID,
      'special: which keyframe motion to play; its end pose is held until another motion is requested.',
    ),
  },
  {
    doc: 'The motion requested by the behaviour.',
    draw(r, debug) {
      debug.drawing('representation:MotionRequest', 'drawingOnField', (d) => {
        if (r.motion === MotionType.walkToPose) {
          const t = r.walkTarget.translation;
          d.arrow(0, 0, t.x, t.y, 10, 1, Colors.magenta);
          const dir = rotate({ x: 200, y: 0 }, r.walkTarget.rotation);
          d.arrow(t.x, t.y, t.x + dir.x, t.y + dir.y, 10, 1, Colors.magenta);
        } else if (r.motion === MotionType.walkAtRelativeSpeed) {
          d.arrow(0, 0, r.walkSpeed.translation.x * 500, r.walkSpeed.translation.y * 500, 10, 1, Colors.magenta);
        } else if (r.motion === MotionType.kick) {
          d.text(0, -200, 120, Colors.magenta, KickType.names[r.kickType] ?? 'kick');
        } else if (r.motion === MotionType.special) {
          d.text(0, -200, 120, Colors.magenta, SpecialActionID.names[r.specialAction] ?? 'special');
        }
      });
    },
  },
);
export type MotionRequest = ValueOf<typeof MotionRequest>;
