import { describe, expect, it } from 'vitest';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { deg, norm, poseToLocal } from '@robot-runtime/math/vec2';
import { Camera, naoCameraInfo } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { OdometryData } from '@robot-runtime/representations/MotionControl/OdometryData';
import { BallPercept, BallPerceptStatus } from '@robot-runtime/representations/Perception/BallPercept';
import { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import { BallLocator } from './BallLocator';

const FRAME_MS = 16;

function setup() {
  const frameInfo = { time: 1000 };
  const percept = BallPercept.defaultValue();
  const odometry = OdometryData.defaultValue();
  const h = createModuleForTest(BallLocator, {
    the: {
      FrameInfo: frameInfo,
      BallPercept: percept,
      OdometryData: odometry,
      CameraMatrix: CameraMatrix.defaultValue(),
      CameraInfo: naoCameraInfo(Camera.upper, 640, 480),
    },
  });
  const model = BallModel.defaultValue();
  const noise = new SeededRandom(7);
  /** One Cognition frame: the ball at `p` measured with `sigma` noise (or not seen). */
  const frame = (p: { x: number; y: number } | undefined, sigma = 0) => {
    frameInfo.time += FRAME_MS;
    percept.status = p ? BallPerceptStatus.seen : BallPerceptStatus.notSeen;
    if (p) percept.positionOnField = { x: p.x + noise.gaussian(sigma), y: p.y + noise.gaussian(sigma) };
    h.update.BallModel!(model);
  };
  return { ...h, model, frame, odometry, frameInfo };
}

describe('BallLocator', () => {
  it('converges on a noisy stationary ball and shrinks its covariance', () => {
    const { model, frame } = setup();
    const truth = { x: 2000, y: 500 };
    frame(truth, 100);
    const initialVariance = model.estimate.covariance[0]!;
    // Measurements scatter by 141 mm (2-D); once converged, the estimate should be several times closer.
    let errorSum = 0;
    let asymmetric = 0;
    for (let i = 0; i < 150; i++) {
      frame(truth, 100);
      if (i >= 100)
        errorSum += norm({ x: model.estimate.position.x - truth.x, y: model.estimate.position.y - truth.y });
      // Exactly symmetric in every frame: B-Human's BallModel::verify asserts it.
      if (model.estimate.covariance[1] !== model.estimate.covariance[2]) asymmetric++;
    }
    expect(asymmetric).toBe(0);
    expect(BallModel.hooks.verify?.(model)).toBeUndefined();
    expect(errorSum / 50).toBeLessThan(40);
    expect(norm({ x: model.estimate.position.x - truth.x, y: model.estimate.position.y - truth.y })).toBeLessThan(
      3 * Math.sqrt(model.estimate.covariance[0]! + model.estimate.covariance[3]!),
    );
    expect(norm(model.estimate.velocity)).toBeLessThan(150);
    expect(model.estimate.covariance[0]!).toBeLessThan(initialVariance / 4);
    expect(model.seenPercentage).toBe(100);
    expect(model.timeWhenLastSeen).toBeGreaterThan(0);
  });

  it('tracks a rolling ball that slows down by friction', () => {
    const { model, frame } = setup();
    const friction = 400; // the default ballFriction
    let p = { x: 800, y: -200 };
    let v = { x: 1500, y: 400 };
    for (let i = 0; i < 90; i++) {
      frame(p, 30);
      const dt = FRAME_MS / 1000;
      const speed = norm(v);
      const slower = Math.max(0, speed - friction * dt) / speed;
      p = { x: p.x + v.x * dt, y: p.y + v.y * dt };
      v = { x: v.x * slower, y: v.y * slower };
    }
    frame(p, 30);
    expect(norm({ x: model.estimate.position.x - p.x, y: model.estimate.position.y - p.y })).toBeLessThan(80);
    expect(norm({ x: model.estimate.velocity.x - v.x, y: model.estimate.velocity.y - v.y })).toBeLessThan(200);
  });

  it('predicts the ball relative to the robot from odometry alone', () => {
    const { model, frame, odometry } = setup();
    const truth = { x: 1500, y: 0 };
    for (let i = 0; i < 60; i++) frame(truth, 10);
    // The robot walks 500 mm forward and turns left by 90 deg without seeing the ball.
    const robot = { rotation: deg(90), translation: { x: 500, y: 0 } };
    odometry.rotation = robot.rotation;
    odometry.translation = robot.translation;
    frame(undefined);
    const expected = poseToLocal(robot, truth);
    expect(model.estimate.position.x).toBeCloseTo(expected.x, -1);
    expect(model.estimate.position.y).toBeCloseTo(expected.y, -1);
    expect(model.seenPercentage).toBeLessThan(100);
    // Rotated by odometry and updated by noisy measurements, the covariance is still exactly symmetric.
    for (let i = 0; i < 40; i++) {
      odometry.rotation += deg(7);
      odometry.translation = { x: odometry.translation.x + 13, y: odometry.translation.y - 5 };
      frame(poseToLocal(robot, truth), 25);
      expect(model.estimate.covariance[1]).toBe(model.estimate.covariance[2]);
    }
  });

  it('restarts at the new position after consistent outliers (a moved ball)', () => {
    const { model, frame } = setup();
    for (let i = 0; i < 30; i++) frame({ x: 1000, y: 0 }, 10);
    for (let i = 0; i < 5; i++) frame({ x: 3000, y: 1000 }, 10);
    expect(model.estimate.position.x).toBeGreaterThan(2800);
  });
});
