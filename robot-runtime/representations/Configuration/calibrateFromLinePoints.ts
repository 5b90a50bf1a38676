/**
 * @file The automatic camera calibration on line points found in images (which line a point belongs to unknown):
 * as B-Human's calibrator, the robot knows where it stands, so each point, projected onto the field through the
 * current estimate, belongs to the nearest field line; points farther than a gate from every line, or running in
 * another direction than that line, are outliers. Matching and optimisation alternate with a shrinking gate: with
 * a camera a few degrees off, far points land on the wrong line, so the first round uses only near points, whose
 * ground position a wrong tilt moves little, and later rounds re-match everything under the better estimate.
 */
import type { Vec2 } from '../../math/types';
import {
  calibrateCameras,
  calibrationResiduals,
  pixelsOnField,
  type CalibrationResult,
  type CalibrationSample,
  type FieldLine,
} from './calibrateCameras';
import type { CameraCalibration } from './CameraCalibration';
import type { RobotDimensions } from './RobotDimensions';

/** What one camera saw from one head position: line points with their direction in the image. */
export interface DetectedSample extends Omit<CalibrationSample, 'points'> {
  readonly points: readonly { readonly pixel: Vec2; readonly direction: number }[];
}

/** One round of matching then optimising. */
export interface MatchingRound {
  /** Points farther than this (mm) from every field line are outliers. */
  readonly gate: number;
  /** Only points at most this far (mm) from the robot take part. */
  readonly maxDistance: number;
}

/** The rounds the calibration runs unless told otherwise. */
export const DEFAULT_ROUNDS: readonly MatchingRound[] = [
  { gate: 300, maxDistance: 1800 },
  { gate: 300, maxDistance: 3500 },
  { gate: 150, maxDistance: 5000 },
  { gate: 80, maxDistance: 5000 },
];

/** How to tell a point's line. */
export interface MatchingOptions {
  readonly rounds?: readonly MatchingRound[];
  /** A point whose direction on the ground differs from its line's by more than this (rad) is an outlier. */
  readonly maxAngle?: number;
  /** Pixels between the point and the second point along its direction that gives its direction on the ground. */
  readonly directionStep?: number;
}

/** The outcome: the calibration and how many points took part in its last round. */
export interface LinePointCalibration extends CalibrationResult {
  readonly points: number;
  readonly inliers: number;
}

/** Root mean square of `values`. */
const rms = (values: readonly number[]): number =>
  Math.sqrt(values.reduce((a, v) => a + v * v, 0) / Math.max(1, values.length));

/** Distance (mm) of `p` from the segment `line`. */
export function distanceToSegment(p: Vec2, line: FieldLine): number {
  const [dx, dy] = [line.to.x - line.from.x, line.to.y - line.from.y];
  const t = Math.max(0, Math.min(1, ((p.x - line.from.x) * dx + (p.y - line.from.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - line.from.x - t * dx, p.y - line.from.y - t * dy);
}

/** Difference (rad, 0..π/2) between two undirected directions. */
function directionDifference(a: number, b: number): number {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
}

/**
 * The points of `sample` that lie within `round.gate` of a field line under `calibration` and run along it, each
 * with the index of that line.
 */
export function matchLinePoints(
  sample: DetectedSample,
  lines: readonly FieldLine[],
  dims: Readonly<RobotDimensions>,
  calibration: CameraCalibration,
  round: MatchingRound,
  options: MatchingOptions = {},
): CalibrationSample['points'][number][] {
  const step = options.directionStep ?? 6;
  const maxAngle = options.maxAngle ?? (25 * Math.PI) / 180;
  const pixels = sample.points.flatMap((p) => [
    p.pixel,
    { x: p.pixel.x + step * Math.cos(p.direction), y: p.pixel.y + step * Math.sin(p.direction) },
  ]);
  const onField = pixelsOnField(sample, pixels, dims, calibration);
  const at = sample.robotPose.translation;
  const matched: CalibrationSample['points'][number][] = [];
  sample.points.forEach((point, i) => {
    const [p, q] = [onField[2 * i], onField[2 * i + 1]];
    if (!p || !q || Math.hypot(p.x - at.x, p.y - at.y) > round.maxDistance) return;
    let best = -1;
    let bestDistance = round.gate;
    lines.forEach((line, index) => {
      const d = distanceToSegment(p, line);
      if (d < bestDistance) [best, bestDistance] = [index, d];
    });
    if (best < 0) return;
    const line = lines[best]!;
    const lineAngle = Math.atan2(line.to.y - line.from.y, line.to.x - line.from.x);
    if (directionDifference(Math.atan2(q.y - p.y, q.x - p.x), lineAngle) > maxAngle) return;
    matched.push({ pixel: point.pixel, line: best });
  });
  return matched;
}

/** Calibrates from detected line points, matching them to the field's lines round by round (see the file comment). */
export function calibrateFromLinePoints(
  samples: readonly DetectedSample[],
  lines: readonly FieldLine[],
  dims: Readonly<RobotDimensions>,
  start: CameraCalibration,
  options: MatchingOptions = {},
): LinePointCalibration {
  const rounds = options.rounds ?? DEFAULT_ROUNDS;
  const total = samples.reduce((n, s) => n + s.points.length, 0);
  let calibration = start;
  let result: LinePointCalibration | undefined;
  for (const round of rounds) {
    const matched = samples.map((s) => ({
      ...s,
      points: matchLinePoints(s, lines, dims, calibration, round, options),
    }));
    const inliers = matched.reduce((n, s) => n + s.points.length, 0);
    // Too few points to pin six angles: keep what the previous round found.
    if (inliers < 12) continue;
    const fit = calibrateCameras(matched, lines, dims, calibration);
    calibration = fit.calibration;
    // Before and after on the same points: those the last round matched, under the start and under the result.
    const rmsBefore = rms(calibrationResiduals(matched, lines, dims, start));
    result = { ...fit, rmsBefore, points: total, inliers };
  }
  return result ?? { calibration: start, rmsBefore: 0, rmsAfter: 0, iterations: 0, points: total, inliers: 0 };
}
