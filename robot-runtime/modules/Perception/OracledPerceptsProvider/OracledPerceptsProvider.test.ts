import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { composePose3, rotationPose3, rotationY, translationPose3 } from '@robot-runtime/math/rotation';
import { deg, norm, rotate } from '@robot-runtime/math/vec2';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { Camera, naoCameraInfo } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { GroundTruthWorldState } from '@robot-runtime/representations/Infrastructure/GroundTruthWorldState';
import { BallPercept, BallPerceptStatus } from '@robot-runtime/representations/Perception/BallPercept';
import { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import { LandmarkPercept, LandmarkType } from '@robot-runtime/representations/Perception/LandmarkPercept';
import { OracledPerceptsProvider } from './OracledPerceptsProvider';

/** A camera `height` mm high (500: an upper camera), looking `tilt` down. */
function camera(tilt: number, height = 500) {
  const pose = composePose3(translationPose3(0, 0, height), rotationPose3(rotationY(tilt)));
  return { ...CameraMatrix.defaultValue(), ...pose, isValid: true };
}

function setup(params: Record<string, number> = {}) {
  const world = GroundTruthWorldState.defaultValue();
  world.balls = [{ position: { x: 0, y: 0, z: 50 }, velocity: { x: 0, y: 0, z: 0 } }];
  const the = {
    GroundTruthWorldState: world,
    CameraMatrix: camera(deg(10)),
    CameraInfo: naoCameraInfo(Camera.upper, 640, 480),
    FieldDimensions: FieldDimensions.defaultValue(),
  };
  const h = createModuleForTest(OracledPerceptsProvider, {
    the,
    params: { ballDetectionProbability: 1, landmarkDetectionProbability: 1, ...params },
  });
  return { ...h, world, the };
}

const seesBallAt = (h: ReturnType<typeof setup>, x: number, y: number): boolean => {
  h.world.balls[0]!.position = { x, y, z: 50 };
  const percept = BallPercept.defaultValue();
  h.update.BallPercept!(percept);
  return percept.status === BallPerceptStatus.seen;
};

describe('OracledPerceptsProvider', () => {
  it('reports a ball only inside the horizontal field of view', () => {
    const h = setup();
    const halfFov = deg(56.3) / 2;
    for (const bearing of [0, halfFov - deg(3), -(halfFov - deg(3))]) {
      const p = rotate({ x: 2500, y: 0 }, bearing);
      expect(seesBallAt(h, p.x, p.y)).toBe(true);
    }
    for (const bearing of [halfFov + deg(3), -(halfFov + deg(3)), Math.PI / 2, Math.PI]) {
      const p = rotate({ x: 2500, y: 0 }, bearing);
      expect(seesBallAt(h, p.x, p.y)).toBe(false);
    }
  });

  it('respects the vertical field of view, the detection range and an invalid camera matrix', () => {
    const h = setup();
    expect(seesBallAt(h, 300, 0)).toBe(false); // below the image of a camera tilted only 10 deg
    expect(seesBallAt(h, 7000, 0)).toBe(false); // beyond ballMaxDistance
    expect(seesBallAt(h, 3000, 0)).toBe(true);
    h.the.CameraMatrix.isValid = false;
    expect(seesBallAt(h, 3000, 0)).toBe(false);
  });

  it('sees a ball at the feet with the lower camera only when the head looks down (a scan at 15° misses it)', () => {
    const h = setup();
    h.the.CameraInfo = naoCameraInfo(Camera.lower, 320, 240);
    const lowerTilt = deg(39.7);
    // The lower camera 460 mm high, about 50 mm ahead of the neck; the ball 85 mm in front of it: 135 mm from the
    // robot's centre, where a traced striker had pushed it unseen and then turned for 16 s without finding it.
    h.the.CameraMatrix = camera(lowerTilt + deg(15), 460);
    expect(seesBallAt(h, 85, 0)).toBe(false);
    h.the.CameraMatrix = camera(lowerTilt + deg(29.5), 460);
    expect(seesBallAt(h, 85, 0)).toBe(true);
  });

  it('uses the robot pose: a ball ahead on the field is behind a robot facing the own goal', () => {
    const h = setup();
    h.world.ownPose = { rotation: Math.PI, translation: { x: 0, y: 0 } };
    expect(seesBallAt(h, 2000, 0)).toBe(false);
    expect(seesBallAt(h, -2000, 0)).toBe(true);
  });

  it('adds noise that grows with distance and reports a plausible image radius', () => {
    const h = setup();
    const errors = (x: number): number[] => {
      const out: number[] = [];
      for (let i = 0; i < 200; i++) {
        h.world.balls[0]!.position = { x, y: 0, z: 50 };
        const percept = BallPercept.defaultValue();
        h.update.BallPercept!(percept);
        out.push(norm({ x: percept.positionOnField.x - x, y: percept.positionOnField.y }));
      }
      return out;
    };
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    expect(mean(errors(1500))).toBeGreaterThan(5);
    expect(mean(errors(4000))).toBeGreaterThan(mean(errors(1500)));
    const percept = BallPercept.defaultValue();
    h.world.balls[0]!.position = { x: 2000, y: 0, z: 50 };
    h.update.BallPercept!(percept);
    expect(percept.radiusInImage).toBeGreaterThan(4);
    expect(percept.radiusInImage).toBeLessThan(15);
  });

  it('sees the centre circle with the centre line direction, but no goal post behind it', () => {
    const h = setup({ landmarkNoiseBase: 0, landmarkNoisePerMeter: 0, centerLineAngleNoise: 0 });
    h.world.ownPose = { rotation: deg(15), translation: { x: -1500, y: 0 } };
    const percept = LandmarkPercept.defaultValue();
    h.update.LandmarkPercept!(percept);
    const circle = percept.landmarks.find((l) => l.type === LandmarkType.centerCircle)!;
    expect(circle).toBeDefined();
    expect(circle.hasOrientation).toBe(true);
    expect(circle.orientation).toBeCloseTo(deg(75), 5);
    expect(percept.landmarks.every((l) => l.type !== LandmarkType.goalPost)).toBe(true);
  });

  it('sees line corners with the direction of their lines, within cornerMaxDistance', () => {
    const h = setup({
      landmarkNoiseBase: 0,
      landmarkNoisePerMeter: 0,
      cornerAngleNoise: 0,
      cornerDetectionProbability: 1,
    });
    // 2.4 m in front of the own goal area, facing it: the goal area's front corners and its T on the goal line
    // are in view; the field's corners are neither in view nor in range.
    h.world.ownPose = { rotation: Math.PI, translation: { x: -1500, y: 0 } };
    const percept = LandmarkPercept.defaultValue();
    h.update.LandmarkPercept!(percept);
    const corners = percept.landmarks.filter((l) => l.type === LandmarkType.lCorner);
    // The goal area's corner at (-3900, 1100) appears ahead-right; its lines run towards the goal line and to
    // -y: in the field −135°, relative to a robot facing −x +45°, i.e. forward and to the left.
    const right = corners.find((l) => l.position.y < 0)!;
    expect(right.position.x).toBeCloseTo(2400, 0);
    expect(right.position.y).toBeCloseTo(-1100, 0);
    expect(right.hasOrientation).toBe(true);
    expect(right.orientation).toBeCloseTo(deg(45), 5);
    const left = corners.find((l) => l.position.y > 0)!;
    expect(left.orientation).toBeCloseTo(deg(-45), 5);
    expect(percept.landmarks.some((l) => l.type === LandmarkType.tCorner)).toBe(true);
    // Corners only within cornerMaxDistance: at 2.5 m, neither the L corners (2.6 m) nor the T (3.2 m) are reported.
    const near = setup({ cornerDetectionProbability: 1, cornerMaxDistance: 2500 });
    near.world.ownPose = h.world.ownPose;
    const closer = LandmarkPercept.defaultValue();
    near.update.LandmarkPercept!(closer);
    expect(closer.landmarks.some((l) => l.type === LandmarkType.lCorner)).toBe(false);
    expect(closer.landmarks.some((l) => l.type === LandmarkType.tCorner)).toBe(false);
  });
});
