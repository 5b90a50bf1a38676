/**
 * @file Perception from simulator ground truth: what the current camera could see, made imperfect on purpose.
 * An object counts as seen when it projects into the image through the current CameraMatrix and lies within a
 * detection range; positions get Gaussian noise that grows with distance, and detections drop out at random.
 * Robots hide what lies behind them: an object is not seen when a robot's body (a circle on the ground) covers
 * its bearing and the robot is nearer. Swapped for real perceptors in threads.cfg.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import { isInImage, robotToImage } from '@robot-runtime/math/projection';
import { pose3ToLocal } from '@robot-runtime/math/rotation';
import type { Vec2 } from '@robot-runtime/math/types';
import { deg, norm, normalizeAngle, poseToLocal } from '@robot-runtime/math/vec2';
import { FieldDimensions, fieldLandmarks } from '@robot-runtime/representations/Configuration/FieldDimensions';
import {
  CameraInfo,
  withFocalLengths,
  type CameraWithFocalLengths,
} from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { GroundTruthWorldState } from '@robot-runtime/representations/Infrastructure/GroundTruthWorldState';
import { BallPercept, BallPerceptStatus } from '@robot-runtime/representations/Perception/BallPercept';
import { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import {
  LandmarkPercept,
  LandmarkType,
  orientationPeriod,
  wrapToPeriod,
  type SeenLandmark,
} from '@robot-runtime/representations/Perception/LandmarkPercept';

const Parameters = defineParameters('OracledPerceptsProvider', {
  ballMaxDistance: field(t.float, 'Balls farther away than this (mm, on the ground) are not detected.', 6000),
  ballDetectionProbability: field(t.float, 'Chance (0..1) that a visible ball is reported.', 0.95),
  ballNoiseBase: field(t.float, 'Standard deviation of the ball position noise at distance 0 (mm).', 15),
  ballNoisePerMeter: field(
    t.float,
    'Additional standard deviation of the ball position noise per metre of distance (mm).',
    40,
  ),
  landmarkMaxDistance: field(t.float, 'Field features farther away than this (mm) are not detected.', 4500),
  landmarkDetectionProbability: field(t.float, 'Chance (0..1) that a visible field feature is reported.', 0.9),
  landmarkNoiseBase: field(t.float, 'Standard deviation of the field feature position noise at distance 0 (mm).', 30),
  landmarkNoisePerMeter: field(
    t.float,
    'Additional standard deviation of the field feature position noise per metre (mm).',
    60,
  ),
  centerLineMaxDistance: field(
    t.float,
    'The centre line direction is only measured when the centre circle is closer than this (mm).',
    3000,
  ),
  centerLineAngleNoise: field(t.angle, 'Standard deviation of the measured centre line direction (rad).', deg(3)),
  cornerMaxDistance: field(
    t.float,
    'Line corners (L, T, X) farther away than this (mm) are not detected: both lines must be seen long enough.',
    3500,
  ),
  cornerDetectionProbability: field(t.float, 'Chance (0..1) that a visible line corner is reported.', 0.7),
  cornerAngleNoise: field(t.angle, "Standard deviation of a corner's measured orientation (rad).", deg(5)),
  imageMargin: field(t.float, "An object's centre must lie this many pixels inside the image border to be seen.", 2),
  occluderRadius: field(
    t.float,
    'Half the width (mm) of a robot as it hides objects behind it; 0 switches occlusion off.',
    130,
  ),
});

export const OracledPerceptsProvider = defineModule({
  name: 'OracledPerceptsProvider',
  category: 'Perception',
  requires: [GroundTruthWorldState, CameraMatrix, CameraInfo, FieldDimensions],
  provides: [BallPercept, LandmarkPercept],
  parameters: Parameters,
  loadsParameters: true,
  stateless: true,
}).implement(({ the, params, random }) => {
  /** The pixel where a point relative to the robot appears, if `camera` (this frame's) sees it. */
  const visibleAt = (camera: CameraWithFocalLengths, relative: Vec2, z: number): Vec2 | undefined => {
    if (!the.CameraMatrix.isValid) return undefined;
    const pixel = robotToImage(the.CameraMatrix, camera, { x: relative.x, y: relative.y, z });
    return pixel && isInImage(pixel, camera.width, camera.height, params.imageMargin) ? pixel : undefined;
  };
  /** Whether another robot stands between this robot and the point `relative` (robot frame, mm). */
  const occluded = (relative: Vec2): boolean => {
    if (params.occluderRadius <= 0) return false;
    const world = the.GroundTruthWorldState;
    const distance = norm(relative);
    const bearing = Math.atan2(relative.y, relative.x);
    for (const players of [world.ownTeamPlayers, world.opponentTeamPlayers]) {
      for (const p of players) {
        const r = poseToLocal(world.ownPose, p.pose.translation);
        const d = norm(r);
        if (d >= distance || d < 1) continue;
        if (Math.abs(normalizeAngle(Math.atan2(r.y, r.x) - bearing)) < Math.atan2(params.occluderRadius, d))
          return true;
      }
    }
    return false;
  };
  const noisy = (p: Vec2, base: number, perMeter: number): Vec2 => {
    const sigma = base + (perMeter * norm(p)) / 1000;
    return { x: p.x + random.gaussian(sigma), y: p.y + random.gaussian(sigma) };
  };

  return {
    update: {
      BallPercept(percept) {
        const camera = withFocalLengths(the.CameraInfo);
        percept.status = BallPerceptStatus.notSeen;
        const ball = the.GroundTruthWorldState.balls[0];
        if (!ball) return;
        const radius = the.FieldDimensions.ballRadius;
        const relative = poseToLocal(the.GroundTruthWorldState.ownPose, ball.position);
        if (norm(relative) > params.ballMaxDistance || !visibleAt(camera, relative, radius) || occluded(relative))
          return;
        if (random.next() >= params.ballDetectionProbability) return;
        const measured = noisy(relative, params.ballNoiseBase, params.ballNoisePerMeter);
        const pixel =
          robotToImage(the.CameraMatrix, camera, { x: measured.x, y: measured.y, z: radius }) ??
          visibleAt(camera, relative, radius)!;
        const inCamera = pose3ToLocal(the.CameraMatrix, { x: measured.x, y: measured.y, z: radius });
        percept.status = BallPerceptStatus.seen;
        percept.positionOnField = measured;
        percept.radiusOnField = radius;
        percept.positionInImage = pixel;
        percept.radiusInImage =
          (camera.focalLength * radius) / Math.max(Math.hypot(inCamera.x, inCamera.y, inCamera.z), 1);
      },

      LandmarkPercept(percept) {
        const camera = withFocalLengths(the.CameraInfo);
        const seen: SeenLandmark[] = [];
        const pose = the.GroundTruthWorldState.ownPose;
        for (const landmark of fieldLandmarks(the.FieldDimensions)) {
          const isCircle = landmark.type === LandmarkType.centerCircle;
          const period = orientationPeriod(landmark.type);
          const isCorner = period > 0 && !isCircle;
          const relative = poseToLocal(pose, landmark.position);
          const distance = norm(relative);
          const range = isCorner ? params.cornerMaxDistance : params.landmarkMaxDistance;
          if (distance > range || !visibleAt(camera, relative, 0) || occluded(relative)) continue;
          const probability = isCorner ? params.cornerDetectionProbability : params.landmarkDetectionProbability;
          if (random.next() >= probability) continue;
          const item: SeenLandmark = {
            type: landmark.type,
            position: noisy(relative, params.landmarkNoiseBase, params.landmarkNoisePerMeter),
            hasOrientation: false,
            orientation: 0,
          };
          // The centre line's direction needs a long piece of it in view; a corner shows its lines where it lies.
          if (isCorner || (isCircle && distance <= params.centerLineMaxDistance)) {
            const noise = random.gaussian(isCorner ? params.cornerAngleNoise : params.centerLineAngleNoise);
            item.hasOrientation = true;
            item.orientation = wrapToPeriod(landmark.direction - pose.rotation + noise, period);
          }
          seen.push(item);
        }
        percept.landmarks = seen;
      },
    },
  };
});
