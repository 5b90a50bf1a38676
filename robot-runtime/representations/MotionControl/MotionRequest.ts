import { defineRepresentation } from '../../core/representation';
import { Pose2f, defineEnum, field, t, type ValueOf } from '../../core/streamable';
import { Colors } from '../../math/colors';
import { BallState } from '../Modeling/BallModel';
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

/** Which foot kicks, straight forward. */
export const KickType = defineEnum('KickRequest::KickMotionID', ['forwardLeft', 'forwardRight'] as const);

/**
 * How a kick is played (docs/motion.md, "Kicks"): `long` stops, shifts the weight onto the other leg and swings
 * the kicking leg through the ball (the KickEngine; ~4 m); `inWalk` keeps walking and makes one step of the
 * kicking foot a fast forward swing through the ball (the WalkingEngine; ~2 m, for dribbles and short passes).
 */
export const KickKind = defineEnum('KickRequest::KickKind', ['long', 'inWalk'] as const);

/** What the behaviour wants the body to do; read by the Motion thread. */
export const MotionRequest = defineRepresentation(
  'MotionRequest',
  {
    motion: field(MotionType, 'The motion to execute.', MotionType.stand),
    walkSpeed: field(
      Pose2f,
      'walkAtRelativeSpeed: speed as a fraction (-1..1) of the maximum per axis; walkToPose and in-walk kicks: upper limit of that fraction.',
      () => ({
        rotation: 1,
        translation: { x: 1, y: 1 },
      }),
    ),
    walkTarget: field(
      Pose2f,
      'walkToPose, and a kick of kind inWalk (the walk goes on towards it until the kicking step): the target pose relative to the robot (mm, rad).',
    ),
    kickType: field(KickType, 'kick: which foot kicks (the ball must lie in front of that foot).'),
    kickKind: field(
      KickKind,
      'kick: long (from standing, the robot stops first) or inWalk (a kicking step within the walk).',
    ),
    kickStrength: field(
      t.float,
      'kick: how hard (0..1 of the strongest kick of its kind); short passes and kick-offs use less.',
      1,
    ),
    ballEstimate: field(
      BallState,
      "The ball relative to the robot as the behaviour believes it (B-Human's name and type): an in-walk kick's step begins only with the ball within the swing's reach and not rolling away.",
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
          d.text(
            0,
            -200,
            120,
            Colors.magenta,
            `${KickKind.names[r.kickKind] ?? ''} ${KickType.names[r.kickType] ?? ''}`,
          );
        } else if (r.motion === MotionType.special) {
          d.text(0, -200, 120, Colors.magenta, SpecialActionID.names[r.specialAction] ?? 'special');
        }
      });
    },
  },
);
export type MotionRequest = ValueOf<typeof MotionRequest>;
