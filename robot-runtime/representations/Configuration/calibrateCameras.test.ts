import { describe, expect, it } from 'vitest';
import { imageToRobotPlane, robotToImage } from '../../math/projection';
import { seededRandom } from '../../math/SeededRandom';
import type { Vec3 } from '../../math/types';
import { deg } from '../../math/vec2';
import { naoCameraInfo, withFocalLengths } from '../Infrastructure/CameraInfo';
import { Joint, numOfJoints } from '../Infrastructure/Joints';
import { cameraPose, torsoPose } from '../Perception/cameraKinematics';
import { CameraCalibration } from './CameraCalibration';
import {
  CALIBRATION_HEAD_POSITIONS,
  calibrateCameras,
  calibrationPlace,
  seenLinePoints,
  straightFieldLines,
  type CalibrationSample,
  type FieldLine,
} from './calibrateCameras';
import { calibrateFromLinePoints, type DetectedSample } from './calibrateFromLinePoints';
import { FieldDimensions } from './FieldDimensions';
import { RobotDimensions } from './RobotDimensions';

const dims = RobotDimensions.defaultValue();
const f = FieldDimensions.defaultValue();
const cameras = [withFocalLengths(naoCameraInfo(0, 640, 480)), withFocalLengths(naoCameraInfo(1, 320, 240))];

const robotPose = calibrationPlace(f);

/** The truth's camera pose (robot frame) for one head position. */
function trueCamera(truth: CameraCalibration, camera: number, angles: number[]) {
  const torso = torsoPose(dims, angles, 0, 0, truth.bodyRotationCorrection);
  const correction: Vec3 = truth.cameraRotationCorrections[camera]!;
  return cameraPose(dims, torso, angles[Joint.headYaw]!, angles[Joint.headPitch]!, camera === 0, correction);
}

/** What the cameras of a robot mounted as `truth` see of the lines, with half a pixel of noise. */
function samplesSeen(truth: CameraCalibration, lines: readonly FieldLine[]): CalibrationSample[] {
  const random = seededRandom(7);
  const { translation: at, rotation } = robotPose;
  const [c, n] = [Math.cos(rotation), Math.sin(rotation)];
  const toRobot = (p: Vec3): Vec3 => {
    const [dx, dy] = [p.x - at.x, p.y - at.y];
    return { x: c * dx + n * dy, y: -n * dx + c * dy, z: 0 };
  };
  return CALIBRATION_HEAD_POSITIONS.map(({ camera, yaw, pitch }) => {
    const angles = new Array<number>(numOfJoints).fill(0);
    angles[Joint.headYaw] = yaw;
    angles[Joint.headPitch] = pitch;
    const pose = trueCamera(truth, camera, angles);
    const info = cameras[camera]!;
    const points = seenLinePoints(
      lines,
      (p) => robotToImage(pose, info, toRobot(p)),
      info.width,
      info.height,
      () => random() - 0.5,
    );
    return { camera, intrinsics: info, jointAngles: angles, torso: { roll: 0, pitch: 0 }, robotPose, points };
  });
}

/** A robot whose six optimised angles are all off: upper 2°/1.5°, lower 1°/−1°, body −0.7°/0.5° (tilt/roll). */
function allSixOff(): CameraCalibration {
  const truth = CameraCalibration.defaultValue();
  truth.cameraRotationCorrections[0] = { x: deg(1.5), y: deg(2), z: 0 };
  truth.cameraRotationCorrections[1] = { x: deg(-1), y: deg(1), z: 0 };
  truth.bodyRotationCorrection = { x: deg(0.5), y: deg(-0.7) };
  return truth;
}

/** The six optimised angles of `c`, to compare two calibrations. */
const flat = (c: CameraCalibration): number[] => [
  ...c.cameraRotationCorrections.flatMap((r) => [r.x, r.y]),
  c.bodyRotationCorrection.x,
  c.bodyRotationCorrection.y,
];

describe('automatic camera calibration', () => {
  it('brings an upper camera mounted 2° tilted and 1.5° rolled back to within 0.2° from the field lines', () => {
    const truth = CameraCalibration.defaultValue();
    truth.cameraRotationCorrections[0] = { x: deg(1.5), y: deg(2), z: 0 };
    const lines = straightFieldLines(f);
    const samples = samplesSeen(truth, lines);
    // Every head position sees lines with both cameras, hundreds of points in all.
    expect(samples.every((s) => s.points.length > 20)).toBe(true);
    const result = calibrateCameras(samples, lines, dims, CameraCalibration.defaultValue());
    const [upper, lower] = result.calibration.cameraRotationCorrections;
    const error = (value: number, expected: number) => Math.abs(value - expected) / deg(1);
    expect(error(upper!.y, deg(2))).toBeLessThan(0.2);
    expect(error(upper!.x, deg(1.5))).toBeLessThan(0.2);
    for (const v of [
      lower!.x,
      lower!.y,
      result.calibration.bodyRotationCorrection.x,
      result.calibration.bodyRotationCorrection.y,
    ])
      expect(error(v, 0)).toBeLessThan(0.2);
    expect(result.rmsBefore).toBeGreaterThan(50);
    // Distances are dominated by far points, where half a pixel of noise is several centimetres.
    expect(result.rmsAfter).toBeLessThan(result.rmsBefore / 50);

    // A ball 3 m ahead, seen with the upper camera: its distance as the robot measures it before and after.
    const angles = new Array<number>(numOfJoints).fill(0);
    angles[Joint.headPitch] = 0.1;
    const ball = { x: 3000, y: 0, z: f.ballRadius };
    const pixel = robotToImage(trueCamera(truth, 0, angles), cameras[0]!, ball)!;
    const measured = (calibration: CameraCalibration) => {
      const seen = imageToRobotPlane(trueCamera(calibration, 0, angles), cameras[0]!, pixel, f.ballRadius)!;
      return Math.hypot(seen.x, seen.y);
    };
    const before = Math.abs(measured(CameraCalibration.defaultValue()) - 3000);
    const after = Math.abs(measured(result.calibration) - 3000);
    expect(before).toBeGreaterThan(300);
    expect(after).toBeLessThan(30);
  });

  it('separates the body from the cameras: all six corrections at once', () => {
    const truth = allSixOff();
    const lines = straightFieldLines(f);
    const { calibration } = calibrateCameras(samplesSeen(truth, lines), lines, dims, CameraCalibration.defaultValue());
    const errors = flat(calibration).map((v, i) => Math.abs(v - flat(truth)[i]!) / deg(1));
    expect(Math.max(...errors)).toBeLessThan(0.2);
  });
});

/**
 * The samples as a line detector reports them: which line a point belongs to unknown, each with the direction of
 * its line in the image (from its neighbour on the same line), and `outliers` per sample of random white spots
 * (a robot, a reflection) with random directions.
 */
function detected(samples: readonly CalibrationSample[], outliers: number): DetectedSample[] {
  const random = seededRandom(11);
  return samples.map((s) => {
    // A point alone on its line in the image has no direction: the detector would not report it.
    const points = s.points.flatMap((p, i) => {
      const next = [s.points[i + 1], s.points[i - 1]].find((q) => q?.line === p.line);
      return next
        ? [{ pixel: p.pixel, direction: Math.atan2(next.pixel.y - p.pixel.y, next.pixel.x - p.pixel.x) }]
        : [];
    });
    const { opticalCenter } = s.intrinsics;
    for (let k = 0; k < outliers; k++)
      points.push({
        pixel: { x: random() * 2 * opticalCenter.x, y: (0.5 + random() / 2) * 2 * opticalCenter.y },
        direction: (random() - 0.5) * Math.PI,
      });
    return { ...s, points };
  });
}

describe('automatic camera calibration on detected line points', () => {
  it('matches points to their lines from the known place, rejects outliers and finds all six corrections', () => {
    const truth = allSixOff();
    const lines = straightFieldLines(f);
    const seen = samplesSeen(truth, lines);
    const samples = detected(seen, 30);
    const onLines = samples.reduce((n, s) => n + s.points.length, 0) - 300;
    const result = calibrateFromLinePoints(samples, lines, dims, CameraCalibration.defaultValue());
    const errors = flat(result.calibration).map((v, i) => Math.abs(v - flat(truth)[i]!) / deg(1));
    expect(Math.max(...errors)).toBeLessThan(0.2);
    expect(result.points).toBe(onLines + 300);
    // The random spots add at most a tenth of their number to the points used: the rest are rejected.
    const clean = calibrateFromLinePoints(detected(seen, 0), lines, dims, CameraCalibration.defaultValue());
    expect(clean.inliers).toBeGreaterThan(onLines / 3); // the rest lie beyond 5 m, too far to be used
    expect(result.inliers - clean.inliers).toBeLessThan(30);
    expect(result.rmsAfter).toBeLessThan(result.rmsBefore / 5);
  });

  it('keeps the start when too few points match any line', () => {
    const samples = detected(samplesSeen(CameraCalibration.defaultValue(), []), 1);
    const start = CameraCalibration.defaultValue();
    const result = calibrateFromLinePoints(samples, straightFieldLines(f), dims, start, {
      rounds: [{ gate: 1, maxDistance: 5000 }],
    });
    expect(result.calibration).toBe(start);
    expect(result.inliers).toBe(0);
  });
});
