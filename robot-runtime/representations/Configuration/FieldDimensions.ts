import { defineRepresentation } from '../../core/representation';
import { field, t, type ValueOf } from '../../core/streamable';
import type { Drawing2D } from '../../core/debug/DebugContext';
import { Colors } from '../../math/colors';
import type { Vec2 } from '../../math/types';
import { PenStyle, noBrush, solidPen } from '../pens';
import { LandmarkType } from '../Perception/LandmarkPercept';

/**
 * The field's measures in the team frame (origin at the centre spot, x towards the opponent goal). Defaults are
 * the SPL field of the 2020+ rules: 9 m x 6 m inside the lines, penalty mark 1.3 m from the goal line, goal
 * 1.5 m wide between the posts.
 */
export const FieldDimensions = defineRepresentation(
  'FieldDimensions',
  {
    xPosOpponentGroundLine: field(t.float, 'x of the opponent goal line (mm); the own one is at minus this.', 4500),
    yPosLeftSideline: field(t.float, 'y of the left sideline (mm); the right one is at minus this.', 3000),
    xPosOpponentFieldBorder: field(t.float, 'x of the border of the carpet behind the opponent goal (mm).', 5200),
    yPosLeftFieldBorder: field(t.float, 'y of the border of the carpet beyond the left sideline (mm).', 3700),
    xPosOpponentPenaltyMark: field(t.float, 'x of the centre of the opponent penalty mark (mm).', 3200),
    xPosOpponentPenaltyArea: field(t.float, 'x of the front line of the opponent penalty area (mm).', 2850),
    yPosLeftPenaltyArea: field(t.float, 'y of the left side of the penalty areas (mm).', 2000),
    xPosOpponentGoalArea: field(t.float, 'x of the front line of the opponent goal area (mm).', 3900),
    yPosLeftGoalArea: field(t.float, 'y of the left side of the goal areas (mm).', 1100),
    yPosLeftGoal: field(t.float, 'y of the centre of the left goal post (mm).', 800),
    goalPostRadius: field(t.float, 'Radius of a goal post (mm).', 50),
    xPosOpponentGoal: field(t.float, "x of the back of the opponent goal, its net's (mm).", 5000),
    centerCircleRadius: field(t.float, 'Radius of the centre circle, measured to the middle of the line (mm).', 750),
    fieldLinesWidth: field(t.float, 'Width of the field lines (mm).', 50),
    ballRadius: field(t.float, 'Radius of the ball (mm).', 50),
  },
  {
    doc: 'Measures of the field, in the team frame.',
    draw(f, debug) {
      // B-Human's "field lines" drawing (the console's fieldLines), which scripts add to the world state view.
      debug.drawing('field lines', 'drawingOnField', (d) => drawFieldLines(f, d));
    },
  },
);
export type FieldDimensions = ValueOf<typeof FieldDimensions>;

/** The features the self-locator knows: where each instance of a LandmarkPercept type lies on the field. */
export interface FieldLandmark {
  /** A LandmarkType value. */
  type: number;
  /** Position on the field (mm). */
  position: Vec2;
  /**
   * The field direction (rad) its orientation measures (LandmarkPercept's `orientation`, in the field frame): the
   * centre line's (pi/2, ambiguous by pi) for the centre circle, where an L corner's two lines open for an L, where
   * a T's stem runs for a T, a line's (0, ambiguous by pi/2) for an X; 0 for features without one.
   */
  direction: number;
}

/** All landmark instances of a field. */
export function fieldLandmarks(f: Readonly<FieldDimensions>): readonly FieldLandmark[] {
  const key = [
    f.xPosOpponentGroundLine,
    f.yPosLeftGoal,
    f.xPosOpponentPenaltyMark,
    f.yPosLeftSideline,
    f.xPosOpponentPenaltyArea,
    f.yPosLeftPenaltyArea,
    f.xPosOpponentGoalArea,
    f.yPosLeftGoalArea,
    f.centerCircleRadius,
  ].join();
  const last = landmarksOf.get(f);
  if (last && last.key === key) return last.landmarks;
  const goalX = f.xPosOpponentGroundLine;
  const postY = f.yPosLeftGoal;
  const landmarks: FieldLandmark[] = [
    { type: LandmarkType.centerCircle, position: { x: 0, y: 0 }, direction: Math.PI / 2 },
    { type: LandmarkType.penaltyMark, position: { x: f.xPosOpponentPenaltyMark, y: 0 }, direction: 0 },
    { type: LandmarkType.penaltyMark, position: { x: -f.xPosOpponentPenaltyMark, y: 0 }, direction: 0 },
    { type: LandmarkType.goalPost, position: { x: goalX, y: postY }, direction: 0 },
    { type: LandmarkType.goalPost, position: { x: goalX, y: -postY }, direction: 0 },
    { type: LandmarkType.goalPost, position: { x: -goalX, y: postY }, direction: 0 },
    { type: LandmarkType.goalPost, position: { x: -goalX, y: -postY }, direction: 0 },
  ];
  const corner = (type: number, x: number, y: number, direction: number): void => {
    landmarks.push({ type, position: { x, y }, direction });
  };
  for (const side of [1, -1]) {
    // Seen from the goal line (x = side·goalX), the field lies towards −side.
    const inward = side > 0 ? Math.PI : 0;
    for (const left of [1, -1]) {
      corner(LandmarkType.lCorner, side * goalX, left * f.yPosLeftSideline, Math.atan2(-left, -side));
      for (const [frontX, sideY] of [
        [f.xPosOpponentPenaltyArea, f.yPosLeftPenaltyArea],
        [f.xPosOpponentGoalArea, f.yPosLeftGoalArea],
      ] as const) {
        corner(LandmarkType.tCorner, side * goalX, left * sideY, inward);
        corner(LandmarkType.lCorner, side * frontX, left * sideY, Math.atan2(-left, side));
      }
    }
  }
  for (const left of [1, -1]) {
    corner(LandmarkType.tCorner, 0, left * f.yPosLeftSideline, (-left * Math.PI) / 2);
    corner(LandmarkType.xCorner, 0, left * f.centerCircleRadius, 0);
  }
  landmarksOf.set(f, { key, landmarks });
  return landmarks;
}

/** Draws the field's lines, centre circle, penalty and goal areas, penalty marks and goal posts. */
function drawFieldLines(f: Readonly<FieldDimensions>, d: Drawing2D): void {
  const color = Colors.white;
  const width = f.fieldLinesWidth;
  const line = (x1: number, y1: number, x2: number, y2: number): void =>
    d.line(x1, y1, x2, y2, width, PenStyle.solidPen, color);
  const goalX = f.xPosOpponentGroundLine;
  const sideY = f.yPosLeftSideline;
  d.rectangleOutline(-goalX, -sideY, goalX, sideY, width, PenStyle.solidPen, color);
  line(0, -sideY, 0, sideY);
  d.circle(0, 0, f.centerCircleRadius, solidPen(color, width), noBrush());
  const markSize = width;
  for (const side of [1, -1]) {
    d.rectangleOutline(
      side * goalX,
      -f.yPosLeftPenaltyArea,
      side * f.xPosOpponentPenaltyArea,
      f.yPosLeftPenaltyArea,
      width,
      PenStyle.solidPen,
      color,
    );
    d.rectangleOutline(
      side * goalX,
      -f.yPosLeftGoalArea,
      side * f.xPosOpponentGoalArea,
      f.yPosLeftGoalArea,
      width,
      PenStyle.solidPen,
      color,
    );
    const markX = side * f.xPosOpponentPenaltyMark;
    line(markX - markSize, 0, markX + markSize, 0);
    line(markX, -markSize, markX, markSize);
    for (const postY of [f.yPosLeftGoal, -f.yPosLeftGoal])
      d.circle(side * goalX, postY, f.goalPostRadius, solidPen(color, width / 2), noBrush());
  }
  // The centre mark, as the penalty marks.
  line(-markSize, 0, markSize, 0);
}

/**
 * The landmarks last derived per FieldDimensions object, with the dimensions they came from: perception and
 * self-localization ask every frame of every robot, and the field never changes during a game.
 */
const landmarksOf = new WeakMap<Readonly<FieldDimensions>, { key: string; landmarks: readonly FieldLandmark[] }>();
