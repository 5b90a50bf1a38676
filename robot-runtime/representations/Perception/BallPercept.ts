import { defineRepresentation } from '../../core/representation';
import { Matrix2f, Vector2f, defineEnum, field, t, type ValueOf } from '../../core/streamable';
import { Colors } from '../../math/colors';
import { noBrush, solidBrush, solidPen } from '../pens';

/** Whether the ball was found in the current image. */
export const BallPerceptStatus = defineEnum('BallPercept::Status', ['notSeen', 'seen', 'guessed'] as const);

/** The ball as found in one camera image (declared as B-Human declares it). */
export const BallPercept = defineRepresentation(
  'BallPercept',
  {
    positionInImage: field(Vector2f, 'Centre of the ball in the image (pixels).'),
    radiusInImage: field(t.float, 'Radius of the ball in the image (pixels).', 1),
    status: field(BallPerceptStatus, 'Whether the ball was seen, only guessed, or not seen in this image.'),
    positionOnField: field(Vector2f, 'Centre of the ball relative to the robot on the ground (mm).'),
    radiusOnField: field(t.float, 'Radius of the ball (mm).', 50),
    covarianceOnField: field(Matrix2f, 'Measurement covariance of positionOnField (mm^2, column-major).', () => [
      1, 0, 0, 1,
    ]),
  },
  {
    doc: 'Position of the ball in the image and relative to the robot.',
    draw(p, debug) {
      if (p.status === BallPerceptStatus.notSeen) return;
      const color = p.status === BallPerceptStatus.seen ? Colors.orange : Colors.yellow;
      debug.drawing('representation:BallPercept:image', 'drawingOnImage', (d) => {
        d.circle(p.positionInImage.x, p.positionInImage.y, p.radiusInImage, solidPen(Colors.black, 1), noBrush());
        d.cross(p.positionInImage.x, p.positionInImage.y, 2, 1, 1, color);
      });
      debug.drawing('representation:BallPercept:field', 'drawingOnField', (d) => {
        d.circle(
          p.positionOnField.x,
          p.positionOnField.y,
          p.radiusOnField,
          solidPen(Colors.black, 5),
          solidBrush(color),
        );
      });
    },
  },
);
export type BallPercept = ValueOf<typeof BallPercept>;
