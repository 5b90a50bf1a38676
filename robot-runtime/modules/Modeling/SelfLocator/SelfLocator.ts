/**
 * @file An extended Kalman filter on the robot's field pose (x, y, rotation). Odometry moves the estimate and
 * widens it in proportion to the distance walked and the angle turned; every seen field feature is associated
 * with the instance of its type that best explains it (Mahalanobis distance; a line corner only with an instance
 * whose lines fit its own) and corrects the pose, unless another instance explains it about as well (then it
 * corrects at most the heading, by lines that both instances share); the direction of the centre line through
 * the centre circle and that of a corner's lines also correct the rotation. Features that keep fitting no instance mean the
 * estimate is off by more than it admits (a robot pushed by others walks less than its odometry says): it is
 * widened until they fit again, unless another feature fitted within the last seconds (then they are false
 * detections); the same feature seen again by a robot that neither moved nor turned counts once. Odometry never moves the estimate off the carpet, nor into a robot this one touches. If the
 * centre circle keeps contradicting an estimate that is already unsure, for a second and always implying the same
 * pose, the robot is lost: the pose is reset to the one the circle and its line imply (of the two mirror images,
 * the one closer to the current heading).
 * In `initial`, and whenever the half changes, the robot stands where robots are put before a half (its start pose
 * in its own half, as B-Human's robot handlers place them), so the estimate is reset there: the field is
 * symmetric, and nothing seen could tell the robot that the teams changed sides at half time. A robot that is
 * up again after a fall searches its heading anew (headingSearch.ts) and widens its position.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { Pose2f, defineParameters, field, t } from '@robot-runtime/core/streamable';
import { Colors } from '@robot-runtime/math/colors';
import type { Pose2, Vec2 } from '@robot-runtime/math/types';
import { deg, norm, normalizeAngle, poseCompose, poseToLocal, rotate, sub } from '@robot-runtime/math/vec2';
import {
  FieldDimensions,
  fieldLandmarks,
  type FieldLandmark,
} from '@robot-runtime/representations/Configuration/FieldDimensions';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GameState, GameStateState, removesFromField } from '@robot-runtime/representations/Infrastructure/GameState';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import { MotionType } from '@robot-runtime/representations/MotionControl/MotionRequest';
import { LocalizationQuality, RobotPose } from '@robot-runtime/representations/Modeling/RobotPose';
import { ObstacleModel } from '@robot-runtime/representations/Modeling/ObstacleModel';
import { OdometryData } from '@robot-runtime/representations/MotionControl/OdometryData';
import {
  LandmarkPercept,
  LandmarkType,
  orientationDifference,
  type SeenLandmark,
} from '@robot-runtime/representations/Perception/LandmarkPercept';
import {
  covarianceToColumnMajor,
  diagonal3,
  innovation,
  predictCovariance,
  update,
  type Cov3,
  type Innovation,
} from './poseCovariance';
import { HeadingSearch } from './headingSearch';
import { SidelineChoice, returnFromPenaltyPoses } from './sidelineChoice';

const Parameters = defineParameters('SelfLocator', {
  startPose: field(Pose2f, 'Pose assumed when the robot starts (field coordinates, mm, rad).', () => ({
    rotation: 0,
    translation: { x: -2000, y: 0 },
  })),
  startPositionStdDev: field(t.float, 'Standard deviation of the start position (mm).', 500),
  startRotationStdDev: field(t.angle, 'Standard deviation of the start rotation (rad).', deg(30)),
  odometryTranslationVariance: field(
    t.float,
    'Variance (mm²) the position gains per mm walked: the deviation grows with the root of the distance.',
    20,
  ),
  odometryRotationVariance: field(t.float, 'Variance (rad²) the rotation gains per rad turned.', 0.02),
  odometryRotationVariancePerDistance: field(
    t.float,
    'Variance (rad²) the rotation gains per mm walked: walking (and bumping into others) also twists the robot.',
    0.00002,
  ),
  goalClearance: field(
    t.float,
    "A robot's centre stays this far (mm) from a goal's posts and net: odometry does not walk it through them (a " +
      'goalkeeper in its goal pressed against the side net for 9 s while its odometry walked it 1.2 m through it).',
    100,
  ),
  contactDistance: field(
    t.float,
    'A robot whose centre is closer than this (mm) touches this one: odometry into it is not walked …',
    300,
  ),
  contactRotationVariance: field(
    t.float,
    '… and the rotation gains this variance (rad² per second) while it touches: a push turns the body, or holds it while the odometry turns (a goalkeeper in a scrum turned 50° while its odometry turned 110°) …',
    0.07,
  ),
  contactSearchRotationStdDev: field(
    t.angle,
    '… and a robot that comes free with its rotation less sure than this (rad) searches its heading as after a fall.',
    deg(15),
  ),
  outlierSearchRotationStdDev: field(
    t.angle,
    'Features that fit nowhere make a robot in contact whose rotation is less sure than this (rad) search its heading instead of widening its position.',
    deg(20),
  ),
  landmarkNoiseBase: field(t.float, 'Standard deviation of a field feature position at distance 0 (mm).', 60),
  landmarkNoisePerMeter: field(
    t.float,
    'Additional standard deviation of a field feature position per metre (mm).',
    100,
  ),
  centerLineAngleStdDev: field(t.angle, 'Standard deviation of the measured centre line direction (rad).', deg(5)),
  cornerAngleStdDev: field(t.angle, "Standard deviation of a line corner's measured orientation (rad).", deg(8)),
  cornerAngleGate: field(
    t.angle,
    'A line corner is taken for an instance of its type only if its orientation fits that one this closely (rad): ' +
      "the position alone does not tell the goal area's corners from the penalty area's.",
    deg(45),
  ),
  landmarkGate: field(
    t.float,
    'Features farther than this many standard deviations from every instance are ignored.',
    4,
  ),
  associationMargin: field(
    t.float,
    'A feature corrects the position only if every other instance of its type fits it worse by at least this much ' +
      'squared Mahalanobis distance (twice the log of how much less likely it is); otherwise it is ambiguous and ' +
      "corrects only the heading, by its lines, if both instances' lines run the same way (traced: a robot 540 mm " +
      "and 15° unsure saw an L corner 3.3 m away that fitted the goal area's corner and the penalty area's about " +
      'equally, took the wrong one and was pulled 1.3 m off).',
    4,
  ),
  circleMaxCorrection: field(
    t.float,
    'A centre circle seen this far (mm) from where the estimate expects it does not correct the estimate, however ' +
      'unsure that is; only the reset below may jump to it (traced: a goalkeeper 1.1 m unsure of its place took a ' +
      'circle that flashed up in two frames at its goal area for the real one and jumped 4 m to the centre).',
    1000,
  ),
  markMaxCorrection: field(
    t.float,
    'A penalty mark seen this far (mm) from where the estimate expects it does not correct the estimate, however ' +
      "unsure that is (traced: a goalkeeper on images 580 mm unsure after a fall took the goal area corner's " +
      'lines at its feet for a penalty mark 1.3 m away and was pulled 1.3 m and 39° off). The two marks lie 6.4 m ' +
      'apart: a real one this far off is never the other one, and the other features bring a lost robot back.',
    1000,
  ),
  outliersBeforeReset: field(
    t.int32,
    'After this many contradicting centre circle sightings that agree on the pose they imply the pose is reset ' +
      'from the circle …',
    8,
  ),
  circleResetMinTime: field(
    t.int32,
    '… if they span at least this long (ms; a false circle in the goal area flickers, the real one stays) …',
    1000,
  ),
  circleAgreementDistance: field(
    t.float,
    '… and the poses they imply, moved by the odometry since, lie within this distance (mm) …',
    300,
  ),
  circleAgreementAngle: field(t.angle, '… and angle (rad) of each other …', deg(15)),
  circleResetMinStdDev: field(
    t.float,
    '… and the estimate is less sure than this (mm): a sure one has been widened first by what contradicts it (a ' +
      'goalkeeper sure of its place to 10 cm took a circle at its goal area for the real one and walked into its goal).',
    250,
  ),
  outliersBeforeWidening: field(
    t.int32,
    'After this many field features in a row that fit no instance, not all of them centre circles (those have the ' +
      'reset above), the estimate is widened: it is less sure than it says.',
    6,
  ),
  newOutlierDistance: field(
    t.float,
    'A feature that fits no instance counts towards widening only as new evidence: the robot walked this far (mm) ' +
      'since the last one counted, or the feature lies this far from where that one was seen …',
    200,
  ),
  newOutlierRotation: field(
    t.angle,
    '… or the robot turned this far (rad). A robot standing still sees a false detection again and again: it is ' +
      'one observation, not dozens (a goalkeeper counted a false penalty mark six times in 0.1 s and jumped 1.6 m).',
    deg(10),
  ),
  trustAfterFit: field(
    t.int32,
    'Features that fit no instance count towards widening and resetting only when none fitted for this long (ms): ' +
      'a feature that fits shows the estimate is right, and the others are false detections.',
    2000,
  ),
  fallPositionStdDev: field(
    t.float,
    'Standard deviation (mm) a fall adds to the position (odometry stops while the robot falls and gets up, but ' +
      'the body moves: a fallen torso lies half a body length away).',
    300,
  ),
  headingSearchMinTime: field(
    t.int32,
    'After getting up, features vote at least this long (ms) for the heading before the filter goes on from the best one …',
    1000,
  ),
  headingSearchMaxTime: field(
    t.int32,
    '… and at most this long (ms): a robot that saw too little keeps its old heading, twice as unsure. Features do ' +
      'not correct the position while they vote: with 9 s, a robot that tumbled 1 m during its get-up tries stayed 1 m off.',
    3000,
  ),
  headingSearchRange: field(
    t.angle,
    'The heading search tries headings up to this far (rad) either way from the estimate: the gyroscope carries the ' +
      'heading through pushes, falls and get-ups to within a few degrees, while the field is symmetric, so the ' +
      'heading turned by 180° fits the features as well as the true one (robots of an articulated soak took it).',
    deg(60),
  ),
  headingSearchMinVotes: field(t.int32, 'The best heading needs at least this many votes …', 20),
  headingSearchMargin: field(
    t.float,
    '… and this many times the score of any heading outside its peak (one goal post fits either post of its goal).',
    1.5,
  ),
  headingVoteTolerance: field(
    t.float,
    'A feature votes for a heading under which it lies this close (mm) to an instance of its type …',
    300,
  ),
  headingVoteTolerancePerMeter: field(t.float, '… plus this much (mm) per metre of its distance …', 150),
  headingVoteAngleTolerance: field(
    t.angle,
    "… and, for a line corner, whose lines run this close (rad) to the instance's.",
    deg(30),
  ),
  fallRotationStdDev: field(
    t.angle,
    'Standard deviation of the rotation after the heading search (rad): that of a found heading, twice that when none was found.',
    deg(15),
  ),
  returnMinVotes: field(
    t.int32,
    'Back from a penalty, the sideline (sidelineChoice.ts) is chosen once one has at least this many votes …',
    6,
  ),
  returnMargin: field(t.float, '… and this many times the votes of the other …', 3),
  returnMaxTime: field(t.int32, '… or after this long (ms), the one with more votes then.', 8000),
  returnPositionStdDev: field(
    t.float,
    'Standard deviation (mm) of the position once the sideline is chosen (referees place by eye) …',
    200,
  ),
  returnRotationStdDev: field(t.angle, '… and of the rotation (rad).', deg(10)),
  wideningPositionStdDev: field(t.float, 'Standard deviation (mm) the widening adds to the position …', 600),
  wideningRotationStdDev: field(t.angle, '… and to the rotation (rad).', deg(25)),
  wideningMaxPositionStdDev: field(
    t.float,
    'Widening stops at this position standard deviation (mm): wider, the 4σ gate lets a false detection of the ' +
      'centre circle at a corner of the penalty area pull the pose across the field.',
    800,
  ),
  superbPositionStdDev: field(t.float, 'Quality is superb below this position standard deviation (mm) …', 150),
  superbRotationStdDev: field(t.angle, '… and below this rotation standard deviation (rad).', deg(8)),
  okayPositionStdDev: field(t.float, 'Quality is okay below this position standard deviation (mm) …', 400),
  okayRotationStdDev: field(t.angle, '… and below this rotation standard deviation (rad); otherwise poor.', deg(20)),
});

export const SelfLocator = defineModule({
  name: 'SelfLocator',
  category: 'Modeling',
  requires: [FrameInfo, OdometryData, LandmarkPercept, FieldDimensions],
  uses: [GameState, ObstacleModel, MotionInfo],
  provides: [RobotPose],
  parameters: Parameters,
  loadsParameters: true,
}).implement(({ the, params, debug, keep }) => {
  const startPose = (): Pose2 => ({
    rotation: params.startPose.rotation,
    translation: { ...params.startPose.translation },
  });
  const startCovariance = (): Cov3 =>
    diagonal3(params.startPositionStdDev ** 2, params.startPositionStdDev ** 2, params.startRotationStdDev ** 2);
  const forgetOutliers = (): void => {
    kept.outliers = 0;
    kept.outlierBesidesCircle = false;
  };
  const kept = keep({
    pose: startPose() as Pose2,
    P: startCovariance() as Cov3,
    lastOdometry: undefined as Pose2 | undefined,
    /** FrameInfo time of the last frame (ms). */
    lastFrameTime: 0,
    /**
     * Contradicting centre circle sightings that agree: the pose they imply (moved by odometry), since when, how
     * many.
     */
    circleEvidence: undefined as { pose: Pose2; since: number; count: number } | undefined,
    /** Features that fit nowhere counted towards widening (see outliersBeforeWidening) … */
    outliers: 0,
    /** … and whether one of them was not a centre circle. */
    outlierBesidesCircle: false,
    /** The last feature that counted towards widening: where it was seen and the odometry then. */
    lastOutlier: undefined as { position: Vec2; odometry: Pose2 } | undefined,
    timestampLastJump: 0,
    /** When a feature last fitted the estimate. */
    lastFit: -Infinity,
    firstHalf: undefined as boolean | undefined,
    /** Whether the robot was lying or getting up in the last frame. */
    wasDown: false,
    /** Whether another robot touched this one in the last frame. */
    wasTouching: false,
    /** While the heading is searched after a fall: when the search began. */
    searchingSince: undefined as number | undefined,
    headingSearch: new HeadingSearch(),
    /** The last penalty while penalized (GameController code), 0 when not penalized. */
    penalty: 0,
    /** Back from a penalty: the sideline choice and when it began. */
    sideline: undefined as { choice: SidelineChoice; since: number } | undefined,
  });

  /**
   * Moves the estimate by the odometry offset (in the robot frame), except into robots this one touches, and
   * widens it in proportion to all the odometry claims.
   */
  function predict(offset: Pose2, dt: number, touching: boolean): void {
    const c = Math.cos(kept.pose.rotation);
    const s = Math.sin(kept.pose.rotation);
    const distance = norm(offset.translation);
    const { x: dx, y: dy } = withoutPushing(offset.translation);
    // Variances grow in proportion to the motion (a random walk). Growing the deviation in proportion instead
    // (variance ∝ distance² per frame) adds almost nothing at 60 frames a second: the estimate claimed 2 cm while
    // it was 1 m off, and then turned away every feature that would have corrected it.
    const qt = params.odometryTranslationVariance * distance;
    const qr =
      params.odometryRotationVariance * Math.abs(offset.rotation) +
      params.odometryRotationVariancePerDistance * distance +
      (touching ? (params.contactRotationVariance * dt) / 1000 : 0);
    // F = ∂(pose ∘ offset)/∂pose: only the rotation moves the translation. The translation noise is isotropic, so
    // it needs no rotation from the robot's axes into the field frame.
    kept.P = predictCovariance(kept.P, -s * dx - c * dy, c * dx - s * dy, qt, qr);
    const moved = keepOnCarpet(poseCompose(kept.pose, { rotation: offset.rotation, translation: { x: dx, y: dy } }));
    kept.pose = { rotation: moved.rotation, translation: outsideGoals(kept.pose.translation, moved.translation) };
  }

  /**
   * Where odometry from `from` to `to` ends when it runs into a goal: the posts and the net (its sides at the posts'
   * y, its back at xPosOpponentGoal) are solid, only the goal's mouth is open.
   */
  function outsideGoals(from: Vec2, to: Vec2): Vec2 {
    const f = the.FieldDimensions;
    const r = params.goalClearance;
    let { x, y } = to;
    for (const side of [-1, 1]) {
      // u runs into the goal, from its line to its back.
      const u0 = side * from.x;
      let u = side * x;
      if (u <= f.xPosOpponentGroundLine) continue;
      const net = f.yPosLeftGoal;
      if (u0 > f.xPosOpponentGroundLine && u0 < f.xPosOpponentGoal && Math.abs(from.y) < net) {
        // In the goal: held by its sides and its back.
        y = Math.max(-(net - r), Math.min(net - r, y));
        u = Math.min(u, f.xPosOpponentGoal - r);
      } else if (u < f.xPosOpponentGoal + r && Math.abs(y) < net + r) {
        // Beside or behind the goal: held outside its net (or in front of it, coming from the field).
        if (u0 <= f.xPosOpponentGroundLine && Math.abs(from.y) < net) continue;
        if (Math.abs(from.y) >= net) y = Math.sign(from.y) * (net + r);
        else u = f.xPosOpponentGoal + r;
      }
      x = side * u;
    }
    // The four posts, at (±goal line, ±yPosLeftGoal): pushed out to their clearance.
    const min = f.goalPostRadius + r;
    for (const px of [-f.xPosOpponentGroundLine, f.xPosOpponentGroundLine])
      for (const py of [-f.yPosLeftGoal, f.yPosLeftGoal]) {
        const d = Math.hypot(x - px, y - py);
        if (d >= min || d < 1e-6) continue;
        x = px + ((x - px) * min) / d;
        y = py + ((y - py) * min) / d;
      }
    return { x, y };
  }

  /**
   * The odometry step without its part into the robots this one touches: two robots pushing against each other
   * walk on the spot while their odometry counts steps (2 m in a soak game, seeing only the penalty mark at their
   * feet, which could not correct it). What the push really moves them is left to the features they see.
   */
  function withoutPushing(step: Vec2): Vec2 {
    let { x, y } = step;
    for (const o of the.ObstacleModel?.obstacles ?? []) {
      const d = norm(o.center);
      if (d > params.contactDistance || d < 1) continue;
      const into = (x * o.center.x + y * o.center.y) / d;
      if (into <= 0) continue;
      x -= (into * o.center.x) / d;
      y -= (into * o.center.y) / d;
    }
    return { x, y };
  }

  /**
   * A robot cannot leave the carpet: odometry that walks it off (a robot pushing against a goal post or another
   * robot walks on the spot while its odometry counts steps) stops at the border.
   */
  function keepOnCarpet(p: Pose2): Pose2 {
    const xMax = the.FieldDimensions.xPosOpponentFieldBorder;
    const yMax = the.FieldDimensions.yPosLeftFieldBorder;
    const { x, y } = p.translation;
    if (Math.abs(x) <= xMax && Math.abs(y) <= yMax) return p;
    return {
      rotation: p.rotation,
      translation: { x: Math.max(-xMax, Math.min(xMax, x)), y: Math.max(-yMax, Math.min(yMax, y)) },
    };
  }

  /** Expected relative position of `landmark` from the current pose, with its Jacobian wrt (x, y, rotation). */
  function expect(landmark: Vec2): { h: Vec2; H: number[][] } {
    const d = sub(landmark, kept.pose.translation);
    const c = Math.cos(kept.pose.rotation);
    const s = Math.sin(kept.pose.rotation);
    return {
      h: { x: c * d.x + s * d.y, y: -s * d.x + c * d.y },
      H: [
        [-c, -s, -s * d.x + c * d.y],
        [s, -c, -c * d.x - s * d.y],
      ],
    };
  }

  /** Squared Mahalanobis distance of a measurement and the pieces of the update it implies. */
  function innovationOf(z: Vec2, landmark: Vec2): Innovation {
    const { h, H } = expect(landmark);
    const sigma = params.landmarkNoiseBase + (params.landmarkNoisePerMeter * norm(z)) / 1000;
    return innovation(kept.P, H, [z.x - h.x, z.y - h.y], sigma ** 2);
  }

  function kalmanUpdate(measurement: Innovation): void {
    const corrected = update(kept.P, measurement);
    kept.P = corrected.P;
    kept.pose = {
      rotation: normalizeAngle(kept.pose.rotation + corrected.dx[2]),
      translation: { x: kept.pose.translation.x + corrected.dx[0], y: kept.pose.translation.y + corrected.dx[1] },
    };
  }

  /** Corrects the rotation by a feature's measured orientation (relative to the robot) and its field direction. */
  function correctOrientation(l: SeenLandmark, landmark: FieldLandmark): void {
    const isCircle = l.type === LandmarkType.centerCircle;
    const measurement = innovation(
      kept.P,
      [[0, 0, -1]],
      [orientationDifference(l.type, l.orientation - (landmark.direction - kept.pose.rotation))],
      (isCircle ? params.centerLineAngleStdDev : params.cornerAngleStdDev) ** 2,
    );
    if (measurement.d2 > params.landmarkGate ** 2) return;
    kalmanUpdate(measurement);
  }

  /** Whether a feature's orientation fits that of `landmark` seen from the current estimate (corners only). */
  function orientationFits(l: SeenLandmark, landmark: FieldLandmark): boolean {
    if (!l.hasOrientation || l.type === LandmarkType.centerCircle) return true;
    const expected = landmark.direction - kept.pose.rotation;
    return Math.abs(orientationDifference(l.type, l.orientation - expected)) <= params.cornerAngleGate;
  }

  /** The pose implied by the centre circle and its line: of the two mirror images, the one nearer the current heading. */
  function poseFromCircle(l: SeenLandmark, circle: Vec2): Pose2 {
    const candidates = [Math.PI / 2 - l.orientation, -Math.PI / 2 - l.orientation].map((rotation) => {
      const offset = rotate(l.position, rotation);
      return { rotation: normalizeAngle(rotation), translation: { x: circle.x - offset.x, y: circle.y - offset.y } };
    });
    const turn = (p: Pose2) => Math.abs(normalizeAngle(p.rotation - kept.pose.rotation));
    return turn(candidates[0]!) <= turn(candidates[1]!) ? candidates[0]! : candidates[1]!;
  }

  function correct(l: SeenLandmark, known: readonly FieldLandmark[], now: number): FieldLandmark | undefined {
    let best: { landmark: FieldLandmark; measurement: Innovation } | undefined;
    let second: typeof best;
    for (const landmark of known) {
      if (landmark.type !== l.type || !orientationFits(l, landmark)) continue;
      const measurement = innovationOf(l.position, landmark.position);
      if (!best || measurement.d2 < best.measurement.d2) {
        second = best;
        best = { landmark, measurement };
      } else if (!second || measurement.d2 < second.measurement.d2) second = { landmark, measurement };
    }
    const isCircle = l.type === LandmarkType.centerCircle;
    const maxCorrection = isCircle
      ? params.circleMaxCorrection
      : l.type === LandmarkType.penaltyMark
        ? params.markMaxCorrection
        : Infinity;
    const tooFar = best !== undefined && Math.hypot(...best.measurement.y) > maxCorrection;
    // A corner whose orientation fits no instance of its type fits nowhere, as one too far from all of them.
    if (!best || best.measurement.d2 > params.landmarkGate ** 2 || tooFar) {
      // A penalty mark taken from a piece of line, a circle from the penalty area's corner: while features fit,
      // such a detection repeated from a robot standing still must neither widen nor reset the estimate.
      if (now - kept.lastFit < params.trustAfterFit) return undefined;
      if (isNewOutlier(l.position)) {
        kept.outliers++;
        if (!isCircle) kept.outlierBesidesCircle = true;
      }
      // Circles alone do not widen: one false circle seen again and again (a goal area corner 1 m away while the
      // goalkeeper turned) first widened a right estimate and then, widened, let the reset from the circle carry
      // it 5 m to the centre.
      if (kept.outliers >= params.outliersBeforeWidening && kept.outlierBesidesCircle) {
        // Unsure of its heading (turned by a push it is still in), the robot is more likely turned than moved: a
        // widened position let a corner 60° off fit the wrong instance and carried the estimate 1.7 m away.
        if (kept.wasTouching && Math.sqrt(kept.P[8]!) > params.outlierSearchRotationStdDev) {
          startHeadingSearch(now);
          return undefined;
        }
        widen();
      }
      if (best && isCircle && l.hasOrientation && circleConfirms(poseFromCircle(l, best.landmark.position), now)) {
        kept.pose = kept.circleEvidence!.pose;
        const sigma = params.landmarkNoiseBase + (params.landmarkNoisePerMeter * norm(l.position)) / 1000;
        kept.P = diagonal3((2 * sigma) ** 2, (2 * sigma) ** 2, (2 * params.centerLineAngleStdDev) ** 2);
        kept.circleEvidence = undefined;
        kept.timestampLastJump = now;
      }
      return undefined;
    }
    if (isCircle) kept.circleEvidence = undefined;
    forgetOutliers();
    kept.lastFit = now;
    if (second && second.measurement.d2 - best.measurement.d2 < params.associationMargin) {
      // It fits, so it is no outlier; but the wrong instance would pull the estimate the wrong way by the distance
      // between the two, while skipping it only waits for a feature that tells them apart.
      if (l.hasOrientation && second.landmark.direction === best.landmark.direction)
        correctOrientation(l, best.landmark);
      return undefined;
    }
    kalmanUpdate(best.measurement);
    if (l.hasOrientation) correctOrientation(l, best.landmark);
    return best.landmark;
  }

  /**
   * Adds a contradicting circle sighting and the pose it implies; whether the sightings now suffice to reset the
   * pose from the circle (see outliersBeforeReset and the parameters after it).
   */
  function circleConfirms(implied: Pose2, now: number): boolean {
    const e = kept.circleEvidence;
    if (
      e &&
      norm(sub(implied.translation, e.pose.translation)) <= params.circleAgreementDistance &&
      Math.abs(normalizeAngle(implied.rotation - e.pose.rotation)) <= params.circleAgreementAngle
    ) {
      e.pose = implied;
      e.count++;
    } else kept.circleEvidence = { pose: implied, since: now, count: 1 };
    const c = kept.circleEvidence!;
    return (
      c.count >= params.outliersBeforeReset &&
      now - c.since >= params.circleResetMinTime &&
      Math.sqrt(Math.max(kept.P[0]!, kept.P[4]!)) >= params.circleResetMinStdDev
    );
  }

  /** Whether a feature that fits nowhere is new evidence (see newOutlierDistance); if so, it is remembered. */
  function isNewOutlier(position: Vec2): boolean {
    const odometry = kept.lastOdometry ?? { rotation: 0, translation: { x: 0, y: 0 } };
    const last = kept.lastOutlier;
    const isNew =
      !last ||
      norm(sub(odometry.translation, last.odometry.translation)) > params.newOutlierDistance ||
      Math.abs(normalizeAngle(odometry.rotation - last.odometry.rotation)) > params.newOutlierRotation ||
      norm(sub(position, last.position)) > params.newOutlierDistance;
    if (isNew) kept.lastOutlier = { position: { ...position }, odometry };
    return isNew;
  }

  /**
   * Sensor resetting for an estimate that is off by more than it admits (pushed by others, a slip): features keep
   * arriving and none fits, so the covariance is widened until they fit again and pull the pose back.
   */
  function widen(): void {
    const max = params.wideningMaxPositionStdDev ** 2;
    const widened = (variance: number): number =>
      Math.max(variance, Math.min(max, variance + params.wideningPositionStdDev ** 2));
    kept.P = [
      widened(kept.P[0]!),
      kept.P[1]!,
      kept.P[2]!,
      kept.P[3]!,
      widened(kept.P[4]!),
      kept.P[5]!,
      kept.P[6]!,
      kept.P[7]!,
      kept.P[8]! + params.wideningRotationStdDev ** 2,
    ];
    forgetOutliers();
  }

  /** How close (mm) a feature seen `distance` mm away must lie to an instance to vote (heading search, sideline). */
  const voteTolerance = (distance: number): number =>
    params.headingVoteTolerance + (params.headingVoteTolerancePerMeter * distance) / 1000;

  /**
   * While the heading is searched after a fall, features vote instead of correcting. When enough agree, the
   * estimate turns to the best heading; when the robot saw too little, the old heading stays, twice as unsure.
   */
  function searchHeading(now: number, known: readonly FieldLandmark[]): void {
    kept.headingSearch.vote(
      kept.pose,
      the.LandmarkPercept.landmarks,
      known,
      voteTolerance,
      params.headingVoteAngleTolerance,
    );
    const elapsed = now - kept.searchingSince!;
    if (elapsed < params.headingSearchMinTime) return;
    const offset = kept.headingSearch.best(params.headingSearchMinVotes, params.headingSearchMargin);
    if (offset === undefined && elapsed < params.headingSearchMaxTime) return;
    const sigma = offset === undefined ? 2 * params.fallRotationStdDev : params.fallRotationStdDev;
    if (offset !== undefined) kept.pose = { ...kept.pose, rotation: normalizeAngle(kept.pose.rotation + offset) };
    kept.P = [kept.P[0]!, kept.P[1]!, 0, kept.P[3]!, kept.P[4]!, 0, 0, 0, sigma ** 2];
    kept.searchingSince = undefined;
    if (offset !== undefined) kept.timestampLastJump = now;
  }

  /** The referees put a robot back after its penalty: on which sideline is voted on (sidelineChoice.ts). */
  function chooseSideline(now: number, known: readonly FieldLandmark[]): void {
    const { choice, since } = kept.sideline!;
    choice.vote(the.LandmarkPercept.landmarks, known, voteTolerance, params.headingVoteAngleTolerance);
    const winner = choice.decided(params.returnMinVotes, params.returnMargin);
    kept.pose = winner ?? choice.leader();
    if (!winner && now - since < params.returnMaxTime) return;
    kept.P = diagonal3(
      params.returnPositionStdDev ** 2,
      params.returnPositionStdDev ** 2,
      params.returnRotationStdDev ** 2,
    );
    kept.sideline = undefined;
    kept.timestampLastJump = now;
  }

  /** Up again after a fall: the position widened by the fall, the heading searched anew. */
  function afterFall(now: number): void {
    const q = params.fallPositionStdDev ** 2;
    kept.P = [
      kept.P[0]! + q,
      kept.P[1]!,
      kept.P[2]!,
      kept.P[3]!,
      kept.P[4]! + q,
      kept.P[5]!,
      kept.P[6]!,
      kept.P[7]!,
      kept.P[8]!,
    ];
    startHeadingSearch(now);
  }

  function startHeadingSearch(now: number): void {
    kept.searchingSince = now;
    kept.headingSearch.reset(params.headingSearchRange);
    kept.lastFit = -Infinity;
    forgetOutliers();
    kept.circleEvidence = undefined;
  }

  /** Whether another robot is close enough to touch this one (contactDistance). */
  function isTouching(): boolean {
    return (the.ObstacleModel?.obstacles ?? []).some((o) => {
      const d = norm(o.center);
      return d >= 1 && d <= params.contactDistance;
    });
  }

  function quality(): number {
    const positionStdDev = Math.sqrt(Math.max(kept.P[0]!, kept.P[4]!));
    const rotationStdDev = Math.sqrt(kept.P[8]!);
    if (positionStdDev < params.superbPositionStdDev && rotationStdDev < params.superbRotationStdDev)
      return LocalizationQuality.superb;
    if (positionStdDev < params.okayPositionStdDev && rotationStdDev < params.okayRotationStdDev)
      return LocalizationQuality.okay;
    return LocalizationQuality.poor;
  }

  return {
    update: {
      RobotPose(robotPose) {
        const now = the.FrameInfo.time;
        const odometry: Pose2 = {
          rotation: the.OdometryData.rotation,
          translation: { ...the.OdometryData.translation },
        };
        const touching = isTouching();
        if (kept.lastOdometry) {
          const offset = {
            rotation: normalizeAngle(odometry.rotation - kept.lastOdometry.rotation),
            translation: poseToLocal(kept.lastOdometry, odometry.translation),
          };
          predict(offset, Math.max(0, now - kept.lastFrameTime), touching);
          kept.sideline?.choice.move(offset);
          if (kept.circleEvidence) kept.circleEvidence.pose = poseCompose(kept.circleEvidence.pose, offset);
        }
        kept.lastOdometry = odometry;
        kept.lastFrameTime = now;
        const motion = the.MotionInfo;
        const down = motion !== undefined && (motion.isFallen || motion.executedMotion === MotionType.getUp);
        if (kept.wasDown && !down) afterFall(now);
        if (down) kept.searchingSince = undefined;
        kept.wasDown = down;
        // A push turned the body by an unknown angle: far off, the filter's linear correction turns the wrong
        // way, so once free again the heading is searched as after a fall.
        if (
          kept.wasTouching &&
          !touching &&
          !down &&
          kept.searchingSince === undefined &&
          Math.sqrt(kept.P[8]!) > params.contactSearchRotationStdDev
        )
          startHeadingSearch(now);
        kept.wasTouching = touching;
        const halfChanged =
          kept.firstHalf !== undefined && the.GameState !== undefined && the.GameState.firstHalf !== kept.firstHalf;
        kept.firstHalf = the.GameState?.firstHalf;
        if (the.GameState?.state === GameStateState.initial || halfChanged) {
          kept.pose = startPose();
          kept.P = startCovariance();
          kept.circleEvidence = undefined;
          forgetOutliers();
          kept.searchingSince = undefined;
          kept.sideline = undefined;
        }
        // Back from a penalty that took it off the field, the robot stands on one of the two sidelines.
        const penaltyNow = the.GameState?.penalty ?? 0;
        if (kept.penalty !== 0 && penaltyNow === 0 && removesFromField(kept.penalty)) {
          kept.sideline = { choice: new SidelineChoice(returnFromPenaltyPoses(the.FieldDimensions)), since: now };
          kept.pose = kept.sideline.choice.leader();
          kept.searchingSince = undefined;
          kept.circleEvidence = undefined;
          forgetOutliers();
        }
        kept.penalty = penaltyNow;

        const known = fieldLandmarks(the.FieldDimensions);
        const used: Vec2[] = [];
        // Lying or getting up, the robot sees the field from a moving, tilted torso: nothing it sees is used.
        if (down) {
          // Lying or getting up: odometry only.
        } else if (kept.sideline) chooseSideline(now, known);
        else if (kept.searchingSince !== undefined) searchHeading(now, known);
        else {
          for (const l of the.LandmarkPercept.landmarks) {
            const match = correct(l, known, now);
            if (match) used.push(match.position);
            // A feature started the heading search: the rest of this frame's features vote from the next frame on.
            if (kept.searchingSince !== undefined) break;
          }
        }

        robotPose.rotation = kept.pose.rotation;
        robotPose.translation = { ...kept.pose.translation };
        robotPose.covariance = covarianceToColumnMajor(kept.P);
        robotPose.quality = quality();
        robotPose.timestamp = now;
        robotPose.timestampLastJump = kept.timestampLastJump;

        debug.drawing('module:SelfLocator:associations', 'drawingOnField', (d) => {
          for (const p of used) d.line(kept.pose.translation.x, kept.pose.translation.y, p.x, p.y, 5, 2, Colors.blue);
        });
      },
    },
  };
});
