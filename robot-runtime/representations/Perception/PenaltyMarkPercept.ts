import { defineRepresentation } from '../../core/representation';
import { Matrix2f, Vector2f, field, t, type ValueOf } from '../../core/streamable';
import { Colors } from '../../math/colors';
import { noBrush, solidBrush, solidPen } from '../pens';

/** A penalty mark as found in one camera image (B-Human's name; seen when `wasSeen`). */
export const PenaltyMarkPercept = defineRepresentation(
  'PenaltyMarkPercept',
  {
    positionInImage: field(Vector2f, 'Centre of the mark in the image (pixels).'),
    positionOnField: field(Vector2f, 'Centre of the mark relative to the robot on the ground (mm).'),
    covarianceOnField: field(Matrix2f, 'Measurement covariance of positionOnField (mm^2, column-major).', () => [
      1, 0, 0, 1,
    ]),
    wasSeen: field(t.bool, 'Whether a penalty mark was found in this image.'),
  },
  {
    doc: 'Position of a penalty mark in the image and relative to the robot.',
    draw(p, debug) {
      if (!p.wasSeen) return;
      debug.drawing('representation:PenaltyMarkPercept:image', 'drawingOnImage', (d) => {
        d.cross(p.positionInImage.x, p.positionInImage.y, 6, 2, 1, Colors.blue);
      });
      debug.drawing('representation:PenaltyMarkPercept:field', 'drawingOnField', (d) => {
        d.circle(p.positionOnField.x, p.positionOnField.y, 60, solidPen(Colors.blue, 10), noBrush());
        d.circle(p.positionOnField.x, p.positionOnField.y, 15, solidPen(Colors.blue, 5), solidBrush(Colors.blue));
      });
    },
  },
);
export type PenaltyMarkPercept = ValueOf<typeof PenaltyMarkPercept>;
