/**
 * @file The SPL field as the field view's background (formats §4.2: the canvas spans twice the field border in x
 * and y, y axis up): carpet, lines, centre circle, penalty and goal areas, penalty marks and goals, from the
 * FieldDimensions defaults (9 m × 6 m). Drawn locally because the robot has no `fieldLines` drawing.
 */
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import type { WorldBounds } from '../../lib/viewTransform';

/** The field's measures. */
export const FIELD = FieldDimensions.defaultValue();

/** What the view shows at zoom 1: the carpet including its border. */
export const FIELD_BOUNDS: WorldBounds = {
  minX: -FIELD.xPosOpponentFieldBorder,
  minY: -FIELD.yPosLeftFieldBorder,
  maxX: FIELD.xPosOpponentFieldBorder,
  maxY: FIELD.yPosLeftFieldBorder,
};

const CARPET = '#2f7d32';
const LINE = 'rgba(255,255,255,0.9)';

/** Paints the field in world coordinates (mm, y up) with `pixel` mm per screen pixel. */
export function paintField(ctx: CanvasRenderingContext2D, pixel: number): void {
  const f = FIELD;
  ctx.fillStyle = CARPET;
  ctx.fillRect(
    FIELD_BOUNDS.minX,
    FIELD_BOUNDS.minY,
    FIELD_BOUNDS.maxX - FIELD_BOUNDS.minX,
    FIELD_BOUNDS.maxY - FIELD_BOUNDS.minY,
  );
  ctx.strokeStyle = LINE;
  ctx.lineWidth = Math.max(f.fieldLinesWidth, pixel);
  ctx.setLineDash([]);
  const gx = f.xPosOpponentGroundLine;
  const sy = f.yPosLeftSideline;
  ctx.beginPath();
  ctx.rect(-gx, -sy, 2 * gx, 2 * sy);
  ctx.moveTo(0, -sy);
  ctx.lineTo(0, sy);
  ctx.moveTo(f.centerCircleRadius, 0);
  ctx.arc(0, 0, f.centerCircleRadius, 0, 2 * Math.PI);
  for (const side of [-1, 1]) {
    const pa = f.xPosOpponentPenaltyArea;
    const ga = f.xPosOpponentGoalArea;
    ctx.moveTo(side * gx, f.yPosLeftPenaltyArea);
    ctx.lineTo(side * pa, f.yPosLeftPenaltyArea);
    ctx.lineTo(side * pa, -f.yPosLeftPenaltyArea);
    ctx.lineTo(side * gx, -f.yPosLeftPenaltyArea);
    ctx.moveTo(side * gx, f.yPosLeftGoalArea);
    ctx.lineTo(side * ga, f.yPosLeftGoalArea);
    ctx.lineTo(side * ga, -f.yPosLeftGoalArea);
    ctx.lineTo(side * gx, -f.yPosLeftGoalArea);
    // Penalty mark: a small cross.
    const m = side * f.xPosOpponentPenaltyMark;
    ctx.moveTo(m - 50, 0);
    ctx.lineTo(m + 50, 0);
    ctx.moveTo(m, -50);
    ctx.lineTo(m, 50);
  }
  ctx.moveTo(-50, 0);
  ctx.lineTo(50, 0);
  ctx.stroke();
  // Goals: the own goal (−x) blue-ish grey, the opponent goal yellow-ish, as posts joined by the net's back.
  for (const side of [-1, 1]) {
    const x = side * gx;
    const depth = side * (f.xPosOpponentGoal - gx);
    ctx.strokeStyle = 'rgba(230,230,230,0.95)';
    ctx.lineWidth = Math.max(2 * f.goalPostRadius, pixel);
    ctx.beginPath();
    ctx.moveTo(x, f.yPosLeftGoal);
    ctx.lineTo(x + depth, f.yPosLeftGoal);
    ctx.lineTo(x + depth, -f.yPosLeftGoal);
    ctx.lineTo(x, -f.yPosLeftGoal);
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    for (const y of [f.yPosLeftGoal, -f.yPosLeftGoal]) {
      ctx.beginPath();
      ctx.arc(x, y, f.goalPostRadius * 1.5, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
}
