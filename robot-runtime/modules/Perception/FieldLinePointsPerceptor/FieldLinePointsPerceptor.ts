/**
 * @file Field line points from the camera image for the automatic camera calibration (scanLinePoints.ts): centres
 * of white runs on green with the line's direction, together with the joint angles and torso tilt the camera
 * matrix came from. The image is scanned only while the calibration records samples of this camera or while the
 * points' drawing is requested, so the module costs nothing during a game.
 * Its drawings on the image: `module:FieldLinePointsPerceptor:points` (the points found, each with a short stroke
 * along its line) and `module:FieldLinePointsPerceptor:fieldLines` (the field's lines projected through the
 * current camera matrix, seen from the calibration place, where the calibration assumes the robot stands: where
 * they and the white lines of the image part, the camera is not calibrated).
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { copyInPlace, defineParameters, field, t } from '@robot-runtime/core/streamable';
import { Colors } from '@robot-runtime/math/colors';
import { isInImage } from '@robot-runtime/math/projection';
import type { Vec2 } from '@robot-runtime/math/types';
import { calibrationPlace, straightFieldLines } from '@robot-runtime/representations/Configuration/calibrateCameras';
import {
  CameraCalibrationState,
  CameraCalibrationStatus,
} from '@robot-runtime/representations/Configuration/CameraCalibrationStatus';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { CameraImage, newImageReader, type YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { CameraInfo, withFocalLengths } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import { FieldLinePoints } from '@robot-runtime/representations/Perception/FieldLinePoints';
import { ImageGeometry } from '@robot-runtime/representations/Perception/imageGeometry';
import { InertialData } from '@robot-runtime/representations/Sensing/InertialData';
import { PenStyle } from '@robot-runtime/representations/pens';
import { scanLinePoints, type ImageLinePoint } from './scanLinePoints';

const Parameters = defineParameters('FieldLinePointsPerceptor', {
  scanStep: field(t.int32, 'Distance (pixels) between vertical scan lines.', 8),
  rowFactor: field(t.int32, 'Horizontal scan lines are this many times farther apart than vertical ones.', 2),
  whiteMinY: field(t.uint8, 'Minimum brightness (Y) of white pixels.', 180),
  whiteMaxChroma: field(t.uint8, 'Maximum distance of U and V from 128 for white pixels.', 24),
  greenMinChroma: field(t.uint8, 'Field pixels have U and V at least this far below 128.', 8),
  greenGap: field(t.int32, 'Green must lie within this many pixels before and after a white run.', 3),
  horizonMargin: field(
    t.int32,
    'Rows above the computed horizon that are scanned as well: a camera mounted 3° off moves the horizon by ' +
      'about 31 rows at 640×480.',
    48,
  ),
  maxRunLength: field(t.float, 'White runs wider than this on the ground (mm) are not a line seen across.', 300),
  maxDistance: field(t.float, 'Points farther away than this (mm) are dropped.', 5000),
  strokeLength: field(t.float, "Length (pixels) of the stroke drawn along each point's line.", 8),
  lineStep: field(
    t.float,
    'Field lines are drawn as chords between points this far apart on the ground (mm), those inside the image only.',
    100,
  ),
});

export const FieldLinePointsPerceptor = defineModule({
  name: 'FieldLinePointsPerceptor',
  category: 'Perception',
  requires: [CameraImage, CameraInfo, CameraMatrix, JointSensorData, FieldDimensions],
  uses: [InertialData, CameraCalibrationStatus],
  provides: [FieldLinePoints],
  parameters: Parameters,
  stateless: true,
}).implement(({ the, params, debug }) => {
  const readImage = newImageReader();
  const pointsDrawing = 'module:FieldLinePointsPerceptor:points';

  /** Draws the field's straight lines as the camera matrix puts them into the image, from the calibration place. */
  function drawFieldLines(geometry: ImageGeometry): void {
    debug.drawing('module:FieldLinePointsPerceptor:fieldLines', 'drawingOnImage', (d) => {
      const place = calibrationPlace(the.FieldDimensions);
      const [c, s] = [Math.cos(place.rotation), Math.sin(place.rotation)];
      const relative = (p: Vec2): Vec2 => {
        const [dx, dy] = [p.x - place.translation.x, p.y - place.translation.y];
        return { x: c * dx + s * dy, y: -s * dx + c * dy };
      };
      const [a, b] = [
        { x: 0, y: 0 },
        { x: 0, y: 0 },
      ];
      for (const line of straightFieldLines(the.FieldDimensions)) {
        const [from, to] = [relative(line.from), relative(line.to)];
        const pieces = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / params.lineStep));
        let previous = false;
        for (let k = 0; k <= pieces; k++) {
          const f = k / pieces;
          const visible =
            geometry.toImage(from.x + f * (to.x - from.x), from.y + f * (to.y - from.y), 0, b) &&
            isInImage(b, the.CameraInfo.width, the.CameraInfo.height);
          if (visible && previous) d.line(a.x, a.y, b.x, b.y, 1, PenStyle.solidPen, Colors.red);
          previous = visible;
          [a.x, a.y] = [b.x, b.y];
        }
      }
    });
  }

  const scan = (image: YuyvImage, geometry: ImageGeometry): ImageLinePoint[] =>
    scanLinePoints(image, geometry, {
      step: params.scanStep,
      rowFactor: params.rowFactor,
      white: { minY: params.whiteMinY, maxChroma: params.whiteMaxChroma },
      green: { minChroma: params.greenMinChroma },
      greenGap: params.greenGap,
      horizonMargin: params.horizonMargin,
      maxRunLength: params.maxRunLength,
      maxDistance: params.maxDistance,
    });

  return {
    update: {
      FieldLinePoints(percept) {
        percept.time = 0;
        percept.points.length = 0;
        percept.camera = the.CameraInfo.camera;
        const geometry = new ImageGeometry(the.CameraMatrix, withFocalLengths(the.CameraInfo));
        drawFieldLines(geometry);
        const status = the.CameraCalibrationStatus;
        const recording =
          status !== undefined &&
          status.state === CameraCalibrationState.recordSamples &&
          status.camera === the.CameraInfo.camera;
        const wanted = recording || debug.isActive(`debug drawing:${pointsDrawing}`);
        const image = wanted ? readImage(the.CameraImage, the.CameraInfo, the.CameraMatrix.isValid) : undefined;
        const found = image ? scan(image, geometry) : [];
        if (image) {
          percept.time = the.CameraImage.timestamp;
          const intrinsics = withFocalLengths(the.CameraInfo);
          percept.opticalCenter = { ...intrinsics.opticalCenter };
          percept.focalLength = intrinsics.focalLength;
          percept.focalLengthHeight = intrinsics.focalLengthHeight;
          percept.jointAngles = copyInPlace(percept.jointAngles, the.JointSensorData.angles) as number[];
          percept.torso.x = the.InertialData?.angle.x ?? 0;
          percept.torso.y = the.InertialData?.angle.y ?? 0;
          for (const p of found)
            percept.points.push({ pixel: { x: p.u, y: p.v }, direction: p.direction, onGround: p.ground });
        }
        debug.drawing(pointsDrawing, 'drawingOnImage', (d) => {
          const half = params.strokeLength / 2;
          for (const p of found) {
            const [dx, dy] = [Math.cos(p.direction) * half, Math.sin(p.direction) * half];
            d.line(p.u - dx, p.v - dy, p.u + dx, p.v + dy, 1, PenStyle.solidPen, Colors.blue);
            d.cross(p.u, p.v, 2, 1, 1, Colors.orange);
          }
        });
      },
    },
  };
});
