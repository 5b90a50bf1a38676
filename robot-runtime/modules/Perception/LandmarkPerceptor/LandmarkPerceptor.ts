/**
 * @file Field features from the camera image, for self-localization: the centre circle (with the direction of
 * the centre line through it), penalty marks and goal posts, each relative to the robot on the ground. The
 * image is read sparsely (scan lines every few pixels, see scanWhite.ts); everything after that works on a few
 * hundred ground points. Only new images are processed: a frame without one reports nothing, so a feature is
 * never counted twice.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import { Colors } from '@robot-runtime/math/colors';
import { CameraImage, newImageReader } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { CameraInfo, withFocalLengths } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import {
  LandmarkPercept,
  LandmarkType,
  type SeenLandmark,
} from '@robot-runtime/representations/Perception/LandmarkPercept';
import { findCenterCircle } from './centerCircle';
import { circleIsInImage } from './circleCheck';
import { findGoalPosts, inShadow } from './goalPosts';
import { ImageGeometry } from '@robot-runtime/representations/Perception/imageGeometry';
import { surroundedByField } from './markSurroundings';
import { findPenaltyMarks } from './penaltyMarks';
import { scanWhite, type LinePoint } from './scanWhite';

const Parameters = defineParameters('LandmarkPerceptor', {
  scanStep: field(t.int32, 'Distance (pixels) between scan lines, both vertical and horizontal.', 4),
  whiteMinY: field(t.uint8, 'Minimum brightness (Y) of white pixels.', 210),
  whiteMaxChroma: field(t.uint8, 'Maximum distance of U and V from 128 for white pixels.', 24),
  maxPointDistance: field(t.float, 'White ground points farther than this (mm) are ignored.', 5500),
  pieceLength: field(
    t.float,
    'White runs longer than this on the ground (mm) are split into points about this far apart.',
    250,
  ),
  rowFactor: field(t.int32, 'Horizontal scan lines are this many times farther apart than vertical ones.', 2),
  circleCellSize: field(t.float, 'Accumulator cell size of the centre circle search (mm).', 80),
  circleTolerance: field(t.float, 'A point lies on the circle within this distance of its radius (mm) …', 60),
  circleTolerancePerDistance: field(t.float, '… plus this fraction of its distance from the robot.', 0.03),
  circleMinPoints: field(t.int32, 'Points a centre circle needs at least.', 8),
  circleMinSectors: field(t.int32, "Of 12 sectors of 30°, the circle's points must cover at least this many.", 4),
  circleMaxVoters: field(t.int32, 'At most this many points vote for circle centres (evenly picked).', 250),
  circleCheckTolerance: field(t.float, 'In the image check, white is searched this far (mm) from the circle.', 60),
  circleMinVisible: field(
    t.int32,
    'In the image check, at least this many of 48 samples along the circle must be visible …',
    8,
  ),
  circleMinWhiteRatio: field(
    t.float,
    '… and this fraction of them white (lines at a goal area corner lie along an arc at 71-77 %).',
    0.8,
  ),
  markSpotRadius: field(t.float, 'All points of a penalty mark lie this close to its centre (mm).', 100),
  markClearRadius: field(t.float, 'No other white lies closer than this to a penalty mark (mm).', 280),
  markMaxDistance: field(
    t.float,
    'Penalty marks farther than this (mm) are ignored: farther away the scan lines cross a line at a few points ' +
      'only, and a piece of it between robots looks like a spot (the centre line taken for a mark 4.3 m away).',
    3000,
  ),
  markMinPoints: field(t.int32, 'Points a penalty mark needs at least.', 2),
  fieldMinChroma: field(t.uint8, 'Field pixels have U and V at least this far below 128 (green).', 12),
  markMinFieldRatio: field(
    t.float,
    'Of the visible ground between the spot and the clear radius around a penalty mark, at least this fraction ' +
      'must be field (a piece of a line between robots is surrounded by robots).',
    0.7,
  ),
  markMinInnerVisible: field(
    t.int32,
    'Of the 16 samples just outside a penalty mark, at least this many must be inside the image (a spot cut off by ' +
      "the image border or the robot's own body is the end of a line as often as a mark).",
    12,
  ),
  markMinInnerFieldRatio: field(
    t.float,
    'Of those of the 16 samples just outside a penalty mark that are visible, at least this fraction must be field ' +
      "(a lit piece of another robot's leg or foot has the robot's body next to it along the viewing ray: 3-11 of 16).",
    0.8,
  ),
  borderMargin: field(t.float, 'A penalty mark must lie this many pixels inside the image.', 6),
  postRowsAboveHorizon: field(t.int32, 'Goal posts are searched this many rows above the horizon.', 3),
  postWidthTolerance: field(t.float, "A post's measured width may differ from the expected one by this factor.", 1.8),
  postMaxDistance: field(t.float, 'Goal posts farther than this (mm) are ignored.', 7000),
  shadowMargin: field(
    t.angle,
    'White ground points within this bearing (rad) of white reaching above the horizon, beyond its foot, belong to it.',
    0.02,
  ),
});

export const LandmarkPerceptor = defineModule({
  name: 'LandmarkPerceptor',
  category: 'Perception',
  requires: [CameraImage, CameraMatrix, CameraInfo, FieldDimensions],
  provides: [LandmarkPercept],
  parameters: Parameters,
  stateless: true,
}).implement(({ the, params, debug }) => {
  const readImage = newImageReader();
  const drawPoints = (points: readonly LinePoint[]): void =>
    debug.drawing('module:LandmarkPerceptor:points', 'drawingOnImage', (d) => {
      for (const p of points) d.cross(p.u, p.v, 2, 1, 1, Colors.blue);
    });

  return {
    update: {
      LandmarkPercept(percept) {
        const seen: SeenLandmark[] = [];
        percept.landmarks = seen;
        const image = readImage(the.CameraImage, the.CameraInfo, the.CameraMatrix.isValid);
        if (!image) return;
        const geometry = new ImageGeometry(the.CameraMatrix, withFocalLengths(the.CameraInfo));
        const white = { minY: params.whiteMinY, maxChroma: params.whiteMaxChroma };
        const f = the.FieldDimensions;
        const { posts, shadows } = findGoalPosts(image, geometry, {
          white,
          radius: f.goalPostRadius,
          rowsAboveHorizon: params.postRowsAboveHorizon,
          widthTolerance: params.postWidthTolerance,
          maxDistance: params.postMaxDistance,
        });
        const points = scanWhite(image, geometry, {
          step: params.scanStep,
          white,
          maxDistance: params.maxPointDistance,
          pieceLength: params.pieceLength,
          rowFactor: params.rowFactor,
        }).filter((p) => !inShadow(shadows, geometry, p, params.shadowMargin));
        drawPoints(points);
        const circle = findCenterCircle(
          points,
          {
            radius: f.centerCircleRadius,
            cellSize: params.circleCellSize,
            tolerance: params.circleTolerance,
            tolerancePerDistance: params.circleTolerancePerDistance,
            minPoints: params.circleMinPoints,
            minSectors: params.circleMinSectors,
            maxDistance: params.maxPointDistance,
            maxVoters: params.circleMaxVoters,
          },
          (center) =>
            circleIsInImage(image, geometry, center, {
              radius: f.centerCircleRadius,
              white,
              tolerance: params.circleCheckTolerance,
              minVisible: params.circleMinVisible,
              minWhiteRatio: params.circleMinWhiteRatio,
            }),
        );
        const used = new Set<number>(circle?.members ?? []);
        if (circle) {
          seen.push({
            type: LandmarkType.centerCircle,
            position: circle.center,
            hasOrientation: circle.lineDirection !== undefined,
            orientation: circle.lineDirection ?? 0,
          });
          // Points inside the circle are the centre line and spot: no penalty marks there.
          for (let i = 0; i < points.length; i++)
            if (Math.hypot(points[i]!.x - circle.center.x, points[i]!.y - circle.center.y) < f.centerCircleRadius)
              used.add(i);
        }
        const marks = findPenaltyMarks(points, used, image, {
          spotRadius: params.markSpotRadius,
          clearRadius: params.markClearRadius,
          maxDistance: params.markMaxDistance,
          borderMargin: params.borderMargin,
          minPoints: params.markMinPoints,
        });
        const surroundings = {
          // Just outside the spot: an occluder right next to it (a ball, the robot's own feet) is seen there.
          innerRadius: 1.25 * params.markSpotRadius,
          outerRadius: params.markClearRadius,
          green: { minChroma: params.fieldMinChroma },
          minInnerVisible: params.markMinInnerVisible,
          minGreenRatio: params.markMinFieldRatio,
          minInnerGreenRatio: params.markMinInnerFieldRatio,
        };
        for (const position of marks.filter((m) => surroundedByField(image, geometry, m, surroundings)))
          seen.push({ type: LandmarkType.penaltyMark, position, hasOrientation: false, orientation: 0 });
        for (const position of posts)
          seen.push({ type: LandmarkType.goalPost, position, hasOrientation: false, orientation: 0 });
      },
    },
  };
});
