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

/**
 * The field's numbers both tests use (mm): half a line's width widened by `margin`, half the field's length and
 * width, the carpet's half extents, the centre circle's radius, the penalty and goal areas' front lines and
 * half widths, the penalty mark's distance from the centre.
 */
function fieldNumbers(f: FieldDimensions, margin: number) {
  const hl = f.length / 2,
    hw = f.width / 2;
  return {
    h: f.lineWidth / 2 + margin,
    hl,
    hw,
    carpetX: hl + f.borderStripWidth,
    carpetY: hw + f.borderStripWidth,
    r: f.centerCircleDiameter / 2,
    paX: hl - f.penaltyAreaLength,
    paY: f.penaltyAreaWidth / 2,
    gaX: hl - f.goalAreaLength,
    gaY: f.goalAreaWidth / 2,
    markX: hl - f.penaltyMarkDistance,
  };
}

/** A classifier for one field, with its numbers precomputed. */
export function makeGroundClassifier(f: FieldDimensions): (x: number, y: number) => number {
  const { h, hl, hw, carpetX, carpetY, r, paX, paY, gaX, gaY, markX } = fieldNumbers(f, 0);
  const rIn2 = (r - h) ** 2,
    rOut2 = (r + h) ** 2;
  const markH = f.penaltyMarkSize / 2;
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

/**
 * A test for one field whether a whole axis-aligned box of field points has one ground class, which lets the
 * renderer fill runs of pixels without classifying each: GROUND_CARPET when no line, mark, circle or carpet edge
 * comes within `margin` (mm) of the box, GROUND_FLOOR when the box lies that far beyond the carpet's edge, so
 * that every point the classifier would be asked about inside it gets that class; otherwise -1 (conservative:
 * the box may still be uniform).
 */
export function makeUniformBoxTest(
  f: FieldDimensions,
  margin = 1,
): (x0: number, x1: number, y0: number, y1: number) => number {
  const { h, hl, hw, carpetX, carpetY, r, paX, paY, gaX, gaY, markX } = fieldNumbers(f, margin);
  const rIn2 = Math.max(0, r - h) ** 2,
    rOut2 = (r + h) ** 2;
  const mark = Math.max(f.penaltyMarkSize / 2 + margin, h);
  // Where the classifier can answer something else than carpet, folded into the quadrant x, y ≥ 0 (it folds
  // too), as boxes [x0, x1, y0, y1] that contain every line and mark, margin included.
  const boxes: number[][] = [
    [0, hl + h, hw - h, hw + h], // touch line
    [hl - h, hl + h, 0, hw + h], // goal line
    [0, h, 0, hw + h], // halfway line (the centre mark lies on it)
    [0, mark, 0, h], // centre mark
    [paX - h, paX + h, 0, paY + h], // penalty area front
    [paX - h, hl, paY - h, paY + h], // penalty area side
    [gaX - h, gaX + h, 0, gaY + h], // goal area front
    [gaX - h, hl, gaY - h, gaY + h], // goal area side
    [markX - mark, markX + mark, 0, mark], // penalty mark (both bars)
  ];
  return (x0, x1, y0, y1) => {
    // The box folded into the quadrant: its nearest and farthest corner from the axes.
    const ax0 = x0 > 0 ? x0 : x1 < 0 ? -x1 : 0,
      ax1 = Math.max(-x0, x1);
    const ay0 = y0 > 0 ? y0 : y1 < 0 ? -y1 : 0,
      ay1 = Math.max(-y0, y1);
    if (ax0 > carpetX + margin || ay0 > carpetY + margin) return GROUND_FLOOR;
    if (ax1 >= carpetX - margin || ay1 >= carpetY - margin) return -1;
    // Everything beyond the lines (the border strip) is carpet.
    if (ax0 > hl + h || ay0 > hw + h) return GROUND_CARPET;
    if (ax1 * ax1 + ay1 * ay1 >= rIn2 && ax0 * ax0 + ay0 * ay0 <= rOut2) return -1;
    for (const [bx0, bx1, by0, by1] of boxes) if (ax1 >= bx0! && ax0 <= bx1! && ay1 >= by0! && ay0 <= by1!) return -1;
    return GROUND_CARPET;
  };
}
