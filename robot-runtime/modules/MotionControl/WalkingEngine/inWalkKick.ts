/**
 * @file The in-walk kick (docs/motion.md, "Kicks"): the walk does not stop; the next step of the kicking foot
 * becomes a kicking step. Its swing foot is lifted behind the knee, then whipped forward through the ball by the
 * knee alone (the foot moves on a circle around the knee, so the thigh keeps its angle: only the light shank and
 * foot are accelerated, which is fast and hardly disturbs the body), and finally set down ahead of the hip, where
 * the servos, which trail the command, can bring it in time. The support foot and the walk's timing stay as they
 * are. The WalkingEngine asks this file where the swing foot is during a kicking step.
 */
import { defineClass, field, t, type ValueOf } from '@robot-runtime/core/streamable';
import { NAO_THIGH, NAO_TIBIA } from '@robot-runtime/math/legKinematics';
import { clamp, smoothRamp } from '@robot-runtime/math/scalar';
import { deg } from '@robot-runtime/math/vec2';

/** Parameters of the kicking step (a field of the WalkingEngine's parameters). */
export const InWalkKickParameters = defineClass('InWalkKickParameters', {
  duration: field(t.float, 'Duration of the kicking step (s); longer single support made the walk fall.', 0.3),
  thighAngle: field(
    t.angle,
    'Forward angle of the kicking thigh from the vertical during the swing (rad): puts the knee so high that the sole passes the ball at its centre.',
    deg(66),
  ),
  drawBack: field(t.angle, 'Angle of the shank behind the vertical where the strongest swing starts (rad).', deg(50)),
  minStrengthDrawBack: field(
    t.angle,
    'Angle of the shank behind the vertical where the weakest swing (strength 0) starts (rad); strength scales in between.',
    deg(10),
  ),
  swingTo: field(t.angle, 'Angle of the shank ahead of the vertical where the swing ends (rad).', deg(17)),
  retractTo: field(
    t.angle,
    'After the swing the knee bends back until the shank is this far behind the vertical (rad), thigh still up: it brakes the leg, which would otherwise fly on and land far ahead of the body.',
    deg(30),
  ),
  aim: field(
    t.angle,
    "The kicking foot turns its toes this far towards the support foot while it is off the ground (rad): without it the ball goes ~15° to the kicking foot's side, as the swing turns the body on its support foot.",
    deg(2),
  ),
  sway: field(
    t.float,
    'Sideways shift of the hips over the support foot in the middle of the kicking step (mm): it stands longer on one foot than a step does.',
    15,
  ),
  landing: field(
    t.float,
    "The kicking foot lands this far ahead of its hip (mm), or at the step's own target if that is farther.",
    20,
  ),
  recoverySteps: field(
    t.int32,
    'Steps in place after the kicking step, the walk then speeding up again from standstill: the swing turns the body on its support foot, and walking on at full pace did not catch it.',
    2,
  ),
  catchTilt: field(
    t.angle,
    'A torso leaning back further than this (rad) in a step after the kick makes that step go back under it, and ' +
      'the steps in place go on until it leans less: the swing tips the body back, and in games kickers fell backwards ' +
      '0.5–1 s after the kick.',
    deg(8),
  ),
  maxCatchStep: field(t.float, 'Longest such step back (mm).', 50),
  maxSideSpeed: field(t.float, 'A kicking step begins only while the walk goes sideways slower than this (mm/s) …', 30),
  maxTurnSpeed: field(
    t.angle,
    '… and turns slower than this (rad/s); until then the kick waits: in games, kickers that walked sideways or ' +
      'turned while kicking fell after it.',
    deg(10),
  ),
  maxTargetBehind: field(
    t.float,
    "… and goes forwards (not backwards) with the kick request's walk target at most this far behind the robot (mm): " +
      'further, the robot has walked past the ball, and in games it kicked the ball from its toes while stepping back ' +
      'and fell backwards.',
    60,
  ),
  maxBallAhead: field(
    t.float,
    "… with the ball (the MotionRequest's ballEstimate) at most this far ahead of the robot (mm): beyond it the " +
      'swing meets the ball late or not at all (steady walks on the lone NAO: from 200–220 mm ahead the ball flew ' +
      '1.1–3.5 m, from 225 mm 0.4–1.5 m, from 230 mm on under 0.8 m); in games 41–45 % of the kicks had moved the ball ' +
      'less than 200 mm, the ball lying 240–440 mm from the kicker on average when their kicking step began.',
    225,
  ),
  maxBallSpeed: field(
    t.float,
    '… and with the ball rolling away from the robot slower than this (mm/s, its estimated velocity forwards): in an ' +
      "articulated game 18 of 43 in-walk kicks began with the ball rolling away (0.16–0.69 m/s; touched by the kicker's " +
      'own feet, or by its last kick), and none of them moved it 0.5 m. The estimate lags: it said 80–170 mm/s for ' +
      'them, and at most 41 mm/s for resting balls.',
    60,
  ),
  drawnBackAt: field(t.float, 'Fraction of the step at which the foot is drawn back and the swing begins.', 0.35),
  forwardAt: field(t.float, 'Fraction of the step at which the swing ends.', 0.6),
  retractAt: field(
    t.float,
    'Fraction of the step at which the knee has bent back; then the foot goes to its landing place.',
    0.75,
  ),
  setDownAt: field(
    t.float,
    'Fraction of the step at which the foot, back over its landing place, starts down; earlier it could land on the ball.',
    0.9,
  ),
});
export type InWalkKickParameters = ValueOf<typeof InWalkKickParameters>;

/** A kick waiting for its foot's step, or the kicking step under way. */
export interface InWalkKickState {
  left: boolean;
  strength: number;
}

/**
 * The kicking foot at fraction `q` of the kicking step: ahead of its hip (`x`, mm) and lifted (`lift`, mm), with the
 * hips `hipHeight` above the ankles in the stand. `startX` is where the step began, `landingX` the step's target.
 */
export function kickSwingFoot(
  p: InWalkKickParameters,
  strength: number,
  q: number,
  startX: number,
  landingX: number,
  hipHeight: number,
): { x: number; lift: number; yaw: number } {
  const knee = { x: NAO_THIGH * Math.sin(p.thighAngle), z: NAO_THIGH * Math.cos(p.thighAngle) };
  // Turned towards the support foot while off the ground (the caller gives the sign of its side).
  const yaw =
    p.aim * smoothRamp(q / Math.max(p.drawnBackAt, 1e-3)) * (1 - smoothRamp((q - p.setDownAt) / (1 - p.setDownAt)));
  const onCircle = (shank: number) => ({
    x: knee.x + NAO_TIBIA * Math.sin(shank),
    lift: Math.max(0, hipHeight - knee.z - NAO_TIBIA * Math.cos(shank)),
    yaw,
  });
  const from = -(p.minStrengthDrawBack + (p.drawBack - p.minStrengthDrawBack) * clamp(strength, 0, 1));
  const back = clamp(p.drawnBackAt, 1e-3, 1 - 2e-3);
  const forward = clamp(p.forwardAt, back + 1e-3, 1 - 1e-3);
  const drawnBack = onCircle(from);
  if (q < back) {
    const s = smoothRamp(q / back);
    return { x: startX + (drawnBack.x - startX) * s, lift: drawnBack.lift * s, yaw };
  }
  if (q < forward) return onCircle(from + (p.swingTo - from) * smoothRamp((q - back) / (forward - back)));
  const retract = clamp(p.retractAt, forward + 1e-3, 1 - 2e-3);
  if (q < retract)
    return onCircle(p.swingTo + (-p.retractTo - p.swingTo) * smoothRamp((q - forward) / (retract - forward)));
  const retracted = onCircle(-p.retractTo);
  const landing = Math.max(landingX, p.landing);
  const down = clamp(p.setDownAt, retract, 1 - 1e-3);
  return {
    x: retracted.x + (landing - retracted.x) * smoothRamp((q - retract) / (down - retract)),
    lift: retracted.lift * (1 - smoothRamp((q - down) / (1 - down))),
    yaw,
  };
}
