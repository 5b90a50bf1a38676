/**
 * @file The ball from the camera image: the largest orange region (findBallBlob.ts) gives the ball's centre
 * and radius in the image; its centre, projected through the CameraMatrix onto the plane at ball height, gives
 * its position relative to the robot. A ball cut off by the image border or partly hidden keeps its full
 * radius on the uncut side, so centre and radius come from the larger of width and height. The radius the ball
 * should have at that distance must match the measured one, which rejects orange that is not a ball. Only new
 * images are processed; a frame without one reports the ball as not seen.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import { imageToRobotPlane, robotToImage } from '@robot-runtime/math/projection';
import { CameraImage, newImageReader } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { CameraInfo, withFocalLengths } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { BallPercept, BallPerceptStatus } from '@robot-runtime/representations/Perception/BallPercept';
import { CameraMatrix } from '@robot-runtime/representations/Perception/CameraMatrix';
import { findBallBlob, type Blob } from './findBallBlob';

const Parameters = defineParameters('BallPerceptor', {
  scanStep: field(t.int32, 'Grid spacing (pixels) of the first, sparse search for orange.', 4),
  orangeMinV: field(t.uint8, 'Minimum V (red chroma) of orange pixels.', 165),
  orangeMaxU: field(t.uint8, 'Maximum U (blue chroma) of orange pixels; red robots have far more.', 85),
  orangeMinY: field(t.uint8, 'Minimum brightness of orange pixels.', 90),
  minRadius: field(t.float, 'Smaller blobs (radius in pixels) are ignored.', 1.5),
  radiusTolerance: field(t.float, 'Measured / expected radius in the image must lie within [1/this, this].', 1.6),
  maxDistance: field(t.float, 'Balls farther away than this (mm) are ignored.', 8000),
});

/** Centre and radius (pixels, continuous coordinates) of a blob, assuming a circle cut by the border or hidden on one side. */
function circleOf(blob: Blob, width: number, height: number): { x: number; y: number; r: number } {
  const w = blob.right - blob.left + 1,
    h = blob.bottom - blob.top + 1;
  const r = Math.max(w, h) / 2;
  // Along the shorter extent the ball is cut: the centre lies r from the uncut edge.
  let x = (blob.left + blob.right + 1) / 2,
    y = (blob.top + blob.bottom + 1) / 2;
  if (w < h) x = blob.left === 0 ? blob.right + 1 - r : blob.right === width - 1 ? blob.left + r : x;
  if (h < w) y = blob.top === 0 ? blob.bottom + 1 - r : blob.bottom === height - 1 ? blob.top + r : y;
  return { x, y, r };
}

export const BallPerceptor = defineModule({
  name: 'BallPerceptor',
  category: 'Perception',
  requires: [CameraImage, CameraMatrix, CameraInfo, FieldDimensions],
  provides: [BallPercept],
  parameters: Parameters,
}).implement(({ the, params }) => {
  const readImage = newImageReader();
  return {
    update: {
      BallPercept(percept) {
        percept.status = BallPerceptStatus.notSeen;
        const image = readImage(the.CameraImage, the.CameraInfo, the.CameraMatrix.isValid);
        if (!image) return;
        const blob = findBallBlob(image, params.scanStep, {
          minV: params.orangeMinV,
          maxU: params.orangeMaxU,
          minY: params.orangeMinY,
        });
        if (!blob) return;
        const circle = circleOf(blob, image.width, image.height);
        if (circle.r < params.minRadius) return;
        const radius = the.FieldDimensions.ballRadius;
        const intrinsics = withFocalLengths(the.CameraInfo);
        const onField = imageToRobotPlane(the.CameraMatrix, intrinsics, circle, radius);
        if (!onField || Math.hypot(onField.x, onField.y) > params.maxDistance) return;
        // The radius a ball at that spot has in the image: project a point one radius to its side.
        const side = Math.hypot(onField.x, onField.y) || 1;
        const edge = robotToImage(the.CameraMatrix, intrinsics, {
          x: onField.x - (onField.y / side) * radius,
          y: onField.y + (onField.x / side) * radius,
          z: radius,
        });
        const centre = robotToImage(the.CameraMatrix, intrinsics, { x: onField.x, y: onField.y, z: radius });
        if (!edge || !centre) return;
        const expected = Math.hypot(edge.x - centre.x, edge.y - centre.y);
        if (circle.r > expected * params.radiusTolerance || circle.r * params.radiusTolerance < expected) return;
        percept.status = BallPerceptStatus.seen;
        percept.positionInImage = { x: circle.x, y: circle.y };
        percept.radiusInImage = circle.r;
        percept.positionOnField = onField;
        percept.radiusOnField = radius;
      },
    },
  };
});
