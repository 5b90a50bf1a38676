import { defineRepresentation } from '../../core/representation';
import { field, t, type ValueOf } from '../../core/streamable';
import type { Vec2 } from '../../math/types';
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
    centerCircleRadius: field(t.float, 'Radius of the centre circle, measured to the middle of the line (mm).', 750),
    fieldLinesWidth: field(t.float, 'Width of the field lines (mm).', 50),
    ballRadius: field(t.float, 'Radius of the ball (mm).', 50),
  },
  { doc: 'Measures of the field, in the team frame.' },
);
export type FieldDimensions = ValueOf<typeof FieldDimensions>;

/** The features the self-locator knows: where each instance of a LandmarkPercept type lies on the field. */
export interface FieldLandmark {
  /** A LandmarkType value. */
  type: number;
  /** Position on the field (mm). */
  position: Vec2;
}

/** All landmark instances of a field. */
export function fieldLandmarks(f: Readonly<FieldDimensions>): readonly FieldLandmark[] {
  const goalX = f.xPosOpponentGroundLine;
  const postY = f.yPosLeftGoal;
  const last = landmarksOf.get(f);
  if (last && last.goalX === goalX && last.postY === postY && last.penaltyX === f.xPosOpponentPenaltyMark)
    return last.landmarks;
  const landmarks = [
    { type: LandmarkType.centerCircle, position: { x: 0, y: 0 } },
    { type: LandmarkType.penaltyMark, position: { x: f.xPosOpponentPenaltyMark, y: 0 } },
    { type: LandmarkType.penaltyMark, position: { x: -f.xPosOpponentPenaltyMark, y: 0 } },
    { type: LandmarkType.goalPost, position: { x: goalX, y: postY } },
    { type: LandmarkType.goalPost, position: { x: goalX, y: -postY } },
    { type: LandmarkType.goalPost, position: { x: -goalX, y: postY } },
    { type: LandmarkType.goalPost, position: { x: -goalX, y: -postY } },
  ];
  landmarksOf.set(f, { goalX, postY, penaltyX: f.xPosOpponentPenaltyMark, landmarks });
  return landmarks;
}

/**
 * The landmarks last derived per FieldDimensions object, with the dimensions they came from: perception and
 * self-localization ask every frame of every robot, and the field never changes during a game.
 */
const landmarksOf = new WeakMap<
  Readonly<FieldDimensions>,
  { goalX: number; postY: number; penaltyX: number; landmarks: readonly FieldLandmark[] }
>();
