/**
 * @file The automatic camera calibration's optimisation: the six corrections B-Human optimises (lower roll and
 * tilt, upper roll and tilt, body roll and tilt; pans are left alone) that make the field lines the cameras saw
 * lie on the field's lines. Each seen line point is projected onto the ground through the corrected camera
 * matrix of its moment, placed on the field by the robot's known pose, and its distance (mm) to the field line
 * it belongs to is one residual; a point whose ray misses the ground counts as 10 m, as B-Human counts an
 * unprojectable sample. Levenberg-Marquardt (Gauss-Newton with damping, ml-levenberg-marquardt) minimises the
 * squared sum. Which field line a seen point belongs to is the caller's: the robot stands at a known place.
 */
import { levenbergMarquardt } from 'ml-levenberg-marquardt';
import { imageToRobotPlane, isInImage, type CameraIntrinsics } from '../../math/projection';
import type { Pose2, Pose3, Vec2, Vec3 } from '../../math/types';
import { cameraPose, torsoPose } from '../Perception/cameraKinematics';
import { Joint } from '../Infrastructure/Joints';
import type { CameraCalibration } from './CameraCalibration';
import type { FieldDimensions } from './FieldDimensions';
import type { RobotDimensions } from './RobotDimensions';

/** A straight field line (team frame, mm). */
export interface FieldLine {
  readonly from: Vec2;
  readonly to: Vec2;
}

/** What one camera saw from one head position. */
export interface CalibrationSample {
  /** CameraInfo.camera: 0 upper, 1 lower. */
  readonly camera: 0 | 1;
  readonly intrinsics: CameraIntrinsics;
  /** Joint angles at the moment of the image (JointSensorData.angles). */
  readonly jointAngles: readonly number[];
  /** Torso roll and pitch the inertial sensor measured then (rad). */
  readonly torso: { readonly roll: number; readonly pitch: number };
  /** Where the robot stands (team frame). */
  readonly robotPose: Pose2;
  /** Points on field lines in the image, each with the index of its line in the caller's list. */
  readonly points: readonly { readonly pixel: Vec2; readonly line: number }[];
}

/** The outcome. */
export interface CalibrationResult {
  readonly calibration: CameraCalibration;
  /** Root mean square distance (mm) of the seen points to their lines with the start and with the result. */
  readonly rmsBefore: number;
  readonly rmsAfter: number;
  readonly iterations: number;
}

/**
 * B-Human's ten head positions for calibrating: five pans (rad), each with the head pitch at which the upper
 * (camera 0) and at which the lower camera (1) looks at the lines.
 */
export const CALIBRATION_HEAD_POSITIONS: readonly { camera: 0 | 1; yaw: number; pitch: number }[] = [
  0, -0.9, -2.07, 0.9, 2.07,
].flatMap((yaw, i) => [
  { camera: 0 as const, yaw, pitch: [0.34, 0.26, 0.26, 0.26, 0.26][i]! },
  { camera: 1 as const, yaw, pitch: [-0.25, -0.34, -0.33, -0.34, -0.33][i]! },
]);

/** B-Human's calibration place (team frame): 1.5 m diagonally off the own goal area's corner, facing the own goal. */
export function calibrationPlace(f: Readonly<FieldDimensions>): Pose2 {
  const at = { x: -f.xPosOpponentGoalArea + 1500 / Math.SQRT2, y: f.yPosLeftGoalArea + 1500 / Math.SQRT2 };
  return { translation: at, rotation: Math.atan2(-at.y, -f.xPosOpponentGroundLine - at.x) };
}

/** The field's straight lines (team frame): touch, goal and centre lines, penalty and goal areas. */
export function straightFieldLines(f: Readonly<FieldDimensions>): FieldLine[] {
  const [gx, sy] = [f.xPosOpponentGroundLine, f.yPosLeftSideline];
  const lines: FieldLine[] = [
    { from: { x: -gx, y: sy }, to: { x: gx, y: sy } },
    { from: { x: -gx, y: -sy }, to: { x: gx, y: -sy } },
    { from: { x: 0, y: -sy }, to: { x: 0, y: sy } },
  ];
  for (const side of [-1, 1]) {
    lines.push({ from: { x: side * gx, y: -sy }, to: { x: side * gx, y: sy } });
    for (const [front, half] of [
      [f.xPosOpponentPenaltyArea, f.yPosLeftPenaltyArea],
      [f.xPosOpponentGoalArea, f.yPosLeftGoalArea],
    ] as const) {
      lines.push({ from: { x: side * front, y: -half }, to: { x: side * front, y: half } });
      for (const y of [-half, half]) lines.push({ from: { x: side * gx, y }, to: { x: side * front, y } });
    }
  }
  return lines;
}

/**
 * The points of `lines` (every 40 mm) that an ideal line percept reports in a `width` x `height` image, where
 * `project` puts a field point (team frame, on the ground) into the image; `noise` (pixels) is added to each
 * coordinate. For simulations and tests: what a robot's line detection would deliver for calibrating.
 */
export function seenLinePoints(
  lines: readonly FieldLine[],
  project: (point: Vec3) => Vec2 | undefined,
  width: number,
  height: number,
  noise: () => number = () => 0,
): CalibrationSample['points'][number][] {
  const points: CalibrationSample['points'][number][] = [];
  lines.forEach((line, index) => {
    const length = Math.hypot(line.to.x - line.from.x, line.to.y - line.from.y);
    for (let s = 0; s <= length; s += 40) {
      const t = s / length;
      const at = {
        x: line.from.x + t * (line.to.x - line.from.x),
        y: line.from.y + t * (line.to.y - line.from.y),
        z: 0,
      };
      const pixel = project(at);
      if (!pixel || !isInImage(pixel, width, height, 2)) continue;
      points.push({ pixel: { x: pixel.x + noise(), y: pixel.y + noise() }, line: index });
    }
  });
  return points;
}

/** Residual of a point whose viewing ray does not reach the ground (mm). */
const UNPROJECTABLE = 10_000;

/** The six optimised angles in B-Human's order, as a CameraCalibration (pans taken from `base`). */
function calibrationOf(p: readonly number[], base: CameraCalibration): CameraCalibration {
  const [upper, lower] = base.cameraRotationCorrections;
  return {
    cameraRotationCorrections: [
      { x: p[2]!, y: p[3]!, z: upper!.z },
      { x: p[0]!, y: p[1]!, z: lower!.z },
    ],
    bodyRotationCorrection: { x: p[4]!, y: p[5]! },
  };
}

/** Signed distance (mm) of `point` from the infinite line through `line`. */
function distanceToLine(point: Vec2, line: FieldLine): number {
  const dx = line.to.x - line.from.x;
  const dy = line.to.y - line.from.y;
  return ((point.x - line.from.x) * dy - (point.y - line.from.y) * dx) / Math.hypot(dx, dy);
}

/** Where the robot's camera was when `sample` was taken, under `calibration` (robot frame). */
function cameraOf(
  s: Omit<CalibrationSample, 'points'>,
  dims: Readonly<RobotDimensions>,
  calibration: CameraCalibration,
): Pose3 {
  const torso = torsoPose(dims, s.jointAngles, s.torso.roll, s.torso.pitch, calibration.bodyRotationCorrection);
  const correction: Vec3 = calibration.cameraRotationCorrections[s.camera]!;
  const yaw = s.jointAngles[Joint.headYaw] ?? 0;
  const pitch = s.jointAngles[Joint.headPitch] ?? 0;
  return cameraPose(dims, torso, yaw, pitch, s.camera === 0, correction);
}

/**
 * Where pixels of `sample`'s image lie on the field (team frame, mm) under `calibration`, placed by the known robot
 * pose; undefined for a pixel whose viewing ray does not reach the ground.
 */
export function pixelsOnField(
  sample: Omit<CalibrationSample, 'points'>,
  pixels: readonly Vec2[],
  dims: Readonly<RobotDimensions>,
  calibration: CameraCalibration,
): (Vec2 | undefined)[] {
  const camera = cameraOf(sample, dims, calibration);
  const { translation: at, rotation } = sample.robotPose;
  const [c, n] = [Math.cos(rotation), Math.sin(rotation)];
  return pixels.map((pixel) => {
    const ground = imageToRobotPlane(camera, sample.intrinsics, pixel);
    return ground && { x: at.x + c * ground.x - n * ground.y, y: at.y + n * ground.x + c * ground.y };
  });
}

/** Every seen point's distance (mm) to its line under `calibration`. */
export function calibrationResiduals(
  samples: readonly CalibrationSample[],
  lines: readonly FieldLine[],
  dims: Readonly<RobotDimensions>,
  calibration: CameraCalibration,
): number[] {
  const residuals: number[] = [];
  for (const s of samples) {
    const onField = pixelsOnField(
      s,
      s.points.map((p) => p.pixel),
      dims,
      calibration,
    );
    s.points.forEach(({ line }, i) => {
      const field = onField[i];
      residuals.push(field ? distanceToLine(field, lines[line]!) : UNPROJECTABLE);
    });
  }
  return residuals;
}

/** Finds the corrections that put the seen line points on their field lines, starting from `start`. */
export function calibrateCameras(
  samples: readonly CalibrationSample[],
  lines: readonly FieldLine[],
  dims: Readonly<RobotDimensions>,
  start: CameraCalibration,
): CalibrationResult {
  const [upper, lower] = start.cameraRotationCorrections;
  const body = start.bodyRotationCorrection;
  const initial = [lower!.x, lower!.y, upper!.x, upper!.y, body.x, body.y];
  const rms = (r: readonly number[]): number => Math.sqrt(r.reduce((a, v) => a + v * v, 0) / Math.max(1, r.length));
  const residualsAt = (p: readonly number[]): number[] =>
    calibrationResiduals(samples, lines, dims, calibrationOf(p, start));
  const before = residualsAt(initial);
  const indices = before.map((_, i) => i);
  // The residuals of one parameter vector are computed once and then read per index.
  let cached: { p: string; r: number[] } | undefined;
  const model = (p: number[]) => {
    const key = p.join(',');
    if (cached?.p !== key) cached = { p: key, r: residualsAt(p) };
    const r = cached.r;
    return (i: number): number => r[i]!;
  };
  const fit = levenbergMarquardt({ x: indices, y: indices.map(() => 0) }, model, {
    initialValues: initial,
    // Steps of about 0.006° for the numeric Jacobian: small against the 0.2° the calibration must reach.
    gradientDifference: 1e-4,
    centralDifference: true,
    damping: 1e-3,
    // Noise-free it converges in under 12 iterations; the cap bounds the time on a robot.
    maxIterations: 30,
    errorTolerance: 1e-9,
  });
  const calibration = calibrationOf(fit.parameterValues, start);
  return {
    calibration,
    rmsBefore: rms(before),
    rmsAfter: rms(residualsAt(fit.parameterValues)),
    iterations: fit.iterations,
  };
}
