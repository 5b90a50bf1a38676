/**
 * What lies on the ground at a field point: a white line, the green carpet or the floor beyond it. Lines are
 * tested in field coordinates with their real width (rulebook: 50 mm), so that their projected width is right
 * at every distance.
 */
import type { FieldDimensions } from '../scene/SceneModel';

/** Ground classes. */
export const GROUND_FLOOR = 0;
/** The carpet. */
export const GROUND_CARPET = 1;
/** A field line or mark. */
export const GROUND_LINE = 2;

/** A classifier for one field, with its numbers precomputed. */
export function makeGroundClassifier(f: FieldDimensions): (x: number, y: number) => number {
  const h = f.lineWidth / 2;
  const hl = f.length / 2,
    hw = f.width / 2;
  const carpetX = hl + f.borderStripWidth,
    carpetY = hw + f.borderStripWidth;
  const r = f.centerCircleDiameter / 2;
  const rIn2 = (r - h) ** 2,
    rOut2 = (r + h) ** 2;
  const paX = hl - f.penaltyAreaLength,
    paY = f.penaltyAreaWidth / 2;
  const gaX = hl - f.goalAreaLength,
    gaY = f.goalAreaWidth / 2;
  const markX = hl - f.penaltyMarkDistance,
    markH = f.penaltyMarkSize / 2;
  // A rectangle's outline from the goal line inwards to `frontX`, spanning ±halfY.
  const areaLine = (ax: number, ay: number, frontX: number, halfY: number): boolean =>
    (Math.abs(ax - frontX) <= h && ay <= halfY + h) || (Math.abs(ay - halfY) <= h && ax >= frontX && ax <= hl);
  return (x, y) => {
    const ax = x < 0 ? -x : x,
      ay = y < 0 ? -y : y;
    if (ax > carpetX || ay > carpetY) return GROUND_FLOOR;
    if (ax > hl + h || ay > hw + h) return GROUND_CARPET;
    if (Math.abs(ay - hw) <= h || Math.abs(ax - hl) <= h || ax <= h) return GROUND_LINE;
    if (ax < paX - h) {
      const d2 = x * x + y * y;
      if (d2 >= rIn2 && d2 <= rOut2) return GROUND_LINE;
      if (ax <= markH && ay <= h) return GROUND_LINE;
      return GROUND_CARPET;
    }
    if (areaLine(ax, ay, paX, paY) || areaLine(ax, ay, gaX, gaY)) return GROUND_LINE;
    const mx = Math.abs(ax - markX);
    if ((mx <= markH && ay <= h) || (mx <= h && ay <= markH)) return GROUND_LINE;
    return GROUND_CARPET;
  };
}
