/**
 * @file A Kalman filter on the ball's position and velocity relative to the robot. Each frame it moves the
 * estimate into the robot's new frame (odometry), lets the ball roll on with rolling friction, and corrects it
 * with the ball percept. Measurements far outside the expected spread are treated as outliers; several in a row
 * mean the ball really moved (kicked, replaced), so the filter restarts there.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import { isInImage, robotToImage } from '@robot-runtime/math/projection';
import type { Pose2, Vec2 } from '@robot-runtime/math/types';
import { norm, normalizeAngle, poseToLocal, rotate } from '@robot-runtime/math/vec2';
import { CameraInfo, withFocalLengths } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { OdometryData } from '@robot-runtime/representations/MotionControl/OdometryData';
import { BallPercept, BallPerceptStatus } from '@robot-runtime/representations/Perception/BallPercept';
import { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import { diagonal4, positionUpdate, propagate, type Mat4 } from './ballCovariance';

const Parameters = defineParameters('BallLocator', {
  processNoisePosition: field(t.float, 'Random-walk noise of the position (mm per sqrt(s)).', 20),
  processNoiseVelocity: field(
    t.float,
    'Random-walk noise of the velocity (mm/s per sqrt(s)): how abruptly the ball may change speed.',
    100,
  ),
  measurementNoiseBase: field(t.float, 'Standard deviation of a ball percept at distance 0 (mm).', 20),
  measurementNoisePerMeter: field(
    t.float,
    'Additional standard deviation of a ball percept per metre of distance (mm).',
    50,
  ),
  ballFriction: field(t.float, 'Acceleration of a rolling ball against its motion (mm/s^2, negative).', -400),
  initialVelocityStdDev: field(t.float, 'Velocity standard deviation of a freshly started filter (mm/s).', 1000),
  odometryNoiseFactor: field(t.float, 'Position noise added per mm the robot moved (fraction of the distance).', 0.05),
  outlierGate: field(
    t.float,
    'Measurements farther than this many standard deviations from the prediction are outliers.',
    5,
  ),
  outliersBeforeReset: field(t.int32, 'After this many outliers in a row the filter restarts at the measurement.', 3),
  resetAfter: field(
    t.uint32,
    'A ball not seen for this long (ms) is forgotten; the next percept starts a new filter.',
    5000,
  ),
  seenHistoryLength: field(t.int32, 'Number of recent frames seenPercentage is computed over.', 60),
});

/** The odometry change from `previous` to `current`, expressed in the previous robot frame. */
function odometryOffset(previous: Pose2, current: Pose2): Pose2 {
  return {
    rotation: normalizeAngle(current.rotation - previous.rotation),
    translation: poseToLocal(previous, current.translation),
  };
}

export const BallLocator = defineModule({
  name: 'BallLocator',
  category: 'Modeling',
  requires: [FrameInfo, BallPercept, OdometryData],
  uses: [CameraMatrix, CameraInfo],
  provides: [BallModel],
  parameters: Parameters,
  loadsParameters: true,
}).implement(({ the, params, debug, keep }) => {
  const kept = keep({
    x: [0, 0, 0, 0] as number[],
    P: diagonal4(1, 1, 1, 1) as Mat4,
    initialized: false,
    lastTime: undefined as number | undefined,
    lastOdometry: undefined as Pose2 | undefined,
    outliers: 0,
    seenHistory: [] as boolean[],
  });

  const measurementVariance = (p: Vec2): number =>
    (params.measurementNoiseBase + (params.measurementNoisePerMeter * norm(p)) / 1000) ** 2;

  function start(at: Vec2): void {
    kept.x = [at.x, at.y, 0, 0];
    const r = measurementVariance(at);
    kept.P = diagonal4(r, r, params.initialVelocityStdDev ** 2, params.initialVelocityStdDev ** 2);
    kept.initialized = true;
    kept.outliers = 0;
  }

  /** Moves the estimate into the robot's current frame. */
  function applyOdometry(offset: Pose2): void {
    const p = rotate({ x: kept.x[0]! - offset.translation.x, y: kept.x[1]! - offset.translation.y }, -offset.rotation);
    const v = rotate({ x: kept.x[2]!, y: kept.x[3]! }, -offset.rotation);
    kept.x = [p.x, p.y, v.x, v.y];
    const c = Math.cos(-offset.rotation);
    const s = Math.sin(-offset.rotation);
    const J = [c, -s, 0, 0, s, c, 0, 0, 0, 0, c, -s, 0, 0, s, c];
    const q = (params.odometryNoiseFactor * norm(offset.translation)) ** 2;
    kept.P = propagate(J, kept.P, q, 0);
  }

  /** Rolls the ball on for `dt` seconds; friction slows it down but never reverses it. */
  function predict(dt: number): void {
    const v = { x: kept.x[2]!, y: kept.x[3]! };
    const speed = norm(v);
    const deceleration = Math.min(-params.ballFriction * dt, speed); // speed lost this step
    const stopTime = speed > 0 ? Math.min(dt, speed / Math.max(-params.ballFriction, 1e-6)) : 0;
    const factor = speed > 0 ? (speed - deceleration) / speed : 0;
    // Distance covered while decelerating: average of start and end speed over the time the ball still moves.
    const travel = speed > 0 ? ((speed + speed * factor) / 2) * stopTime : 0;
    const dir = speed > 0 ? { x: v.x / speed, y: v.y / speed } : { x: 0, y: 0 };
    kept.x = [kept.x[0]! + dir.x * travel, kept.x[1]! + dir.y * travel, v.x * factor, v.y * factor];
    const F = [1, 0, dt, 0, 0, 1, 0, dt, 0, 0, 1, 0, 0, 0, 0, 1];
    const qp = params.processNoisePosition ** 2 * dt;
    const qv = params.processNoiseVelocity ** 2 * dt;
    kept.P = propagate(F, kept.P, qp, qv);
  }

  /** Kalman correction with a position measurement; returns false for an outlier (state unchanged). */
  function correct(z: Vec2): boolean {
    const measurement = positionUpdate(kept.x, kept.P, z, measurementVariance(z));
    if (measurement.d2 > params.outlierGate ** 2) return false;
    ({ x: kept.x, P: kept.P } = measurement.apply());
    return true;
  }

  /** Whether the current estimate lies inside the current image, i.e. the ball should have been seen. */
  function shouldBeVisible(position: Vec2): boolean {
    const cm = the.CameraMatrix;
    if (!cm.isValid) return false;
    const pixel = robotToImage(cm, withFocalLengths(the.CameraInfo), { x: position.x, y: position.y, z: 50 });
    return pixel !== undefined && isInImage(pixel, the.CameraInfo.width, the.CameraInfo.height, 10);
  }

  return {
    update: {
      BallModel(model) {
        const now = the.FrameInfo.time;
        const odometry: Pose2 = {
          rotation: the.OdometryData.rotation,
          translation: { ...the.OdometryData.translation },
        };
        const dt = kept.lastTime === undefined ? 0 : Math.max(0, (now - kept.lastTime) / 1000);
        if (kept.initialized && kept.lastOdometry) applyOdometry(odometryOffset(kept.lastOdometry, odometry));
        if (kept.initialized && dt > 0) predict(dt);
        kept.lastTime = now;
        kept.lastOdometry = odometry;

        const percept = the.BallPercept;
        const seen = percept.status === BallPerceptStatus.seen;
        if (seen) {
          const z = percept.positionOnField;
          const forgotten = model.timeWhenLastSeen === 0 || now - model.timeWhenLastSeen > params.resetAfter;
          if (!kept.initialized || forgotten) start(z);
          else if (correct(z)) kept.outliers = 0;
          else if (++kept.outliers >= params.outliersBeforeReset) start(z);
          model.lastPerception = { x: z.x, y: z.y };
          model.timeWhenLastSeen = now;
          model.estimate.radius = percept.radiusOnField;
        } else if (kept.initialized && shouldBeVisible({ x: kept.x[0]!, y: kept.x[1]! })) {
          model.timeWhenDisappeared = now;
        }

        kept.seenHistory.push(seen);
        while (kept.seenHistory.length > Math.max(1, params.seenHistoryLength)) kept.seenHistory.shift();
        model.seenPercentage = Math.round((100 * kept.seenHistory.filter(Boolean).length) / kept.seenHistory.length);

        model.estimate.position = { x: kept.x[0]!, y: kept.x[1]! };
        model.estimate.velocity = { x: kept.x[2]!, y: kept.x[3]! };
        // The position block; rounding leaves its two off-diagonal elements slightly apart, and B-Human's
        // BallModel::verify demands exact symmetry.
        const offDiagonal = (kept.P[1]! + kept.P[4]!) / 2;
        model.estimate.covariance = [kept.P[0]!, offDiagonal, offDiagonal, kept.P[5]!];
        debug.plot('module:BallLocator:velocityStdDev', () => Math.sqrt(kept.P[10]!));
      },
    },
  };
});
