import { defineClass, defineEnum, field, t, Vector2f, type ValueOf } from '../../core/streamable';
import { defineRepresentation } from '../../core/representation';
import { Colors } from '../../math/colors';
import { rotate } from '../../math/vec2';
import { solidBrush, solidPen } from '../pens';

/**
 * Kinds of field features that mark a known spot. Which instance was seen (own or opponent penalty mark, which
 * goal post) is not known to the perceptor; the self-locator resolves it.
 */
export const LandmarkType = defineEnum('LandmarkPercept::Type', ['centerCircle', 'penaltyMark', 'goalPost'] as const);

/** One field feature seen in the image. */
export const SeenLandmark = defineClass('LandmarkPercept::Landmark', {
  type: field(LandmarkType, 'What kind of feature was seen.'),
  position: field(Vector2f, 'Where the feature is, relative to the robot on the ground (mm).'),
  hasOrientation: field(t.bool, 'True when `orientation` was measured (the centre line through the centre circle).'),
  orientation: field(
    t.angle,
    'Direction of the centre line relative to the robot (rad, ambiguous by pi); valid when hasOrientation.',
  ),
});
export type SeenLandmark = ValueOf<typeof SeenLandmark>;

/** Field features with known positions seen in the current image, for self-localization. */
export const LandmarkPercept = defineRepresentation(
  'LandmarkPercept',
  {
    landmarks: field(t.vector(SeenLandmark), 'The features seen in this image, in no particular order.'),
  },
  {
    doc: 'Point-like field features (centre circle, penalty marks, goal posts) seen in the current image.',
    draw(p, debug) {
      debug.drawing('representation:LandmarkPercept', 'drawingOnField', (d) => {
        for (const l of p.landmarks) {
          const color =
            l.type === LandmarkType.centerCircle
              ? Colors.blue
              : l.type === LandmarkType.penaltyMark
                ? Colors.magenta
                : Colors.yellow;
          d.circle(l.position.x, l.position.y, 60, solidPen(Colors.black, 5), solidBrush(color));
          if (l.hasOrientation) {
            const v = rotate({ x: 750, y: 0 }, l.orientation);
            d.line(l.position.x - v.x, l.position.y - v.y, l.position.x + v.x, l.position.y + v.y, 10, 1, color);
          }
        }
      });
    },
  },
);
export type LandmarkPercept = ValueOf<typeof LandmarkPercept>;
