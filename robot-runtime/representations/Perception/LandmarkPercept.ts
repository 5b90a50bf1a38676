import { defineClass, defineEnum, field, t, Vector2f, type ValueOf } from '../../core/streamable';
import { defineRepresentation } from '../../core/representation';
import { Colors } from '../../math/colors';
import { rotate } from '../../math/vec2';
import { solidBrush, solidPen } from '../pens';

/**
 * Kinds of field features that mark a known spot. Which instance was seen (own or opponent penalty mark, which
 * goal post, which corner) is not known to the perceptor; the self-locator resolves it. The corners are the
 * intersections of field lines, as B-Human names them: L (two lines end, at the field's and the areas' corners),
 * T (a line ends on another: the areas' sides on the goal line, the centre line on the sidelines) and X (the
 * centre line crossing the centre circle).
 */
export const LandmarkType = defineEnum('LandmarkPercept::Type', [
  'centerCircle',
  'penaltyMark',
  'goalPost',
  'lCorner',
  'tCorner',
  'xCorner',
] as const);

/** One field feature seen in the image. */
export const SeenLandmark = defineClass('LandmarkPercept::Landmark', {
  type: field(LandmarkType, 'What kind of feature was seen.'),
  position: field(Vector2f, 'Where the feature is, relative to the robot on the ground (mm).'),
  hasOrientation: field(
    t.bool,
    'True when `orientation` was measured (the centre line through the centre circle, the lines of a corner).',
  ),
  orientation: field(
    t.angle,
    'Relative to the robot (rad), valid when hasOrientation: the centre line through the centre circle (ambiguous ' +
      "by pi); where an L corner's two lines open (their bisector); where a T's stem runs; an X's lines (ambiguous by pi/2).",
  ),
});
export type SeenLandmark = ValueOf<typeof SeenLandmark>;

/**
 * After which turn (rad) a feature of this LandmarkType looks the same: pi for the centre line through the centre
 * circle, pi/2 for an X, 2 pi for L and T corners; 0 for types without an orientation.
 */
export function orientationPeriod(type: number): number {
  if (type === LandmarkType.centerCircle) return Math.PI;
  if (type === LandmarkType.xCorner) return Math.PI / 2;
  if (type === LandmarkType.lCorner || type === LandmarkType.tCorner) return 2 * Math.PI;
  return 0;
}

/** `angle` wrapped into (−period/2, period/2]: the smallest difference of two orientations of that period. */
export function wrapToPeriod(angle: number, period: number): number {
  let a = angle - period * Math.round(angle / period);
  if (a <= -period / 2) a += period;
  return a;
}

/** `angle`, a difference of two orientations of a feature of LandmarkType `type`, wrapped into its period. */
export function orientationDifference(type: number, angle: number): number {
  return wrapToPeriod(angle, orientationPeriod(type));
}

/** Drawing colours per LandmarkType. */
const LANDMARK_COLORS = [Colors.blue, Colors.magenta, Colors.yellow, Colors.orange, Colors.cyan, Colors.green];

/** Field features with known positions seen in the current image, for self-localization. */
export const LandmarkPercept = defineRepresentation(
  'LandmarkPercept',
  {
    landmarks: field(t.vector(SeenLandmark), 'The features seen in this image, in no particular order.'),
  },
  {
    doc: 'Point-like field features (centre circle, penalty marks, goal posts, line corners) seen in the current image.',
    draw(p, debug) {
      debug.drawing('representation:LandmarkPercept', 'drawingOnField', (d) => {
        for (const l of p.landmarks) {
          const color = LANDMARK_COLORS[l.type] ?? Colors.white;
          d.circle(l.position.x, l.position.y, 60, solidPen(Colors.black, 5), solidBrush(color));
          if (l.hasOrientation && l.type !== LandmarkType.centerCircle) {
            const v = rotate({ x: 300, y: 0 }, l.orientation);
            d.arrow(l.position.x, l.position.y, l.position.x + v.x, l.position.y + v.y, 10, 1, color);
          } else if (l.hasOrientation) {
            const v = rotate({ x: 750, y: 0 }, l.orientation);
            d.line(l.position.x - v.x, l.position.y - v.y, l.position.x + v.x, l.position.y + v.y, 10, 1, color);
          }
        }
      });
    },
  },
);
export type LandmarkPercept = ValueOf<typeof LandmarkPercept>;
