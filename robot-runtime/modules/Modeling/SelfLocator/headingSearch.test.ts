import { describe, expect, it } from 'vitest';
import type { Pose2 } from '@robot-runtime/math/types';
import { deg, normalizeAngle, poseToLocal } from '@robot-runtime/math/vec2';
import { FieldDimensions, fieldLandmarks } from '@robot-runtime/representations/Configuration/FieldDimensions';
import {
  LandmarkType,
  orientationPeriod,
  wrapToPeriod,
  type SeenLandmark,
} from '@robot-runtime/representations/Perception/LandmarkPercept';
import { HeadingSearch } from './headingSearch';

const field = FieldDimensions.defaultValue();
const known = fieldLandmarks(field);
const tolerance = (d: number): number => 300 + 0.15 * d;
const angleTolerance = deg(30);

/** What a robot at `truth` sees of the landmarks of `type` that pass `where`, in its own frame; corners with their lines. */
function seen(truth: Pose2, type: number, where: (x: number, y: number) => boolean, lines = false): SeenLandmark[] {
  return known
    .filter((l) => l.type === type && where(l.position.x, l.position.y))
    .map((l) => ({
      type,
      position: poseToLocal(truth, l.position),
      hasOrientation: lines,
      orientation: lines ? wrapToPeriod(l.direction - truth.rotation, orientationPeriod(type)) : 0,
    }));
}

describe('heading search after a fall', () => {
  it('finds how far the robot turned from a penalty mark seen for a while', () => {
    const truth = { rotation: deg(180), translation: { x: -2300, y: 300 } };
    // The estimate kept the heading from before the fall: 100 deg off, and 150 mm off in position.
    const estimate = { rotation: deg(80), translation: { x: -2400, y: 400 } };
    const search = new HeadingSearch();
    const mark = seen(truth, LandmarkType.penaltyMark, (x) => x < 0);
    for (let i = 0; i < 30; i++) search.vote(estimate, mark, known, tolerance, angleTolerance);
    const offset = search.best(20, 1.5)!;
    expect(Math.abs(normalizeAngle(estimate.rotation + offset - truth.rotation))).toBeLessThan(deg(10));
  });

  it('does not decide from one goal post, which fits either post of the goal, but does from both', () => {
    const truth = { rotation: deg(170), translation: { x: -1800, y: 0 } };
    const search = new HeadingSearch();
    const onePost = seen(truth, LandmarkType.goalPost, (x, y) => x < 0 && y > 0);
    for (let i = 0; i < 30; i++) search.vote(truth, onePost, known, tolerance, angleTolerance);
    expect(search.best(20, 1.5)).toBeUndefined();
    const otherPost = seen(truth, LandmarkType.goalPost, (x, y) => x < 0 && y < 0);
    for (let i = 0; i < 30; i++) search.vote(truth, otherPost, known, tolerance, angleTolerance);
    expect(Math.abs(search.best(20, 1.5)!)).toBeLessThan(deg(10));
  });

  it('tries only headings within its range: the one turned by 180° on the symmetric field does not compete', () => {
    // At the centre, a penalty mark ahead fits the opposite mark behind as well.
    const truth = { rotation: deg(5), translation: { x: 0, y: 0 } };
    const estimate = { rotation: deg(25), translation: { x: 0, y: 0 } };
    const mark = seen(truth, LandmarkType.penaltyMark, (x) => x > 0);
    const everywhere = new HeadingSearch();
    const near = new HeadingSearch();
    near.reset(deg(60));
    for (let i = 0; i < 30; i++) {
      everywhere.vote(estimate, mark, known, tolerance, angleTolerance);
      near.vote(estimate, mark, known, tolerance, angleTolerance);
    }
    expect(everywhere.best(20, 1.5)).toBeUndefined();
    const offset = near.best(20, 1.5)!;
    expect(Math.abs(normalizeAngle(estimate.rotation + offset - truth.rotation))).toBeLessThan(deg(10));
  });

  it('does not decide from too few votes', () => {
    const truth = { rotation: 0, translation: { x: -2300, y: 300 } };
    const search = new HeadingSearch();
    search.vote(
      truth,
      seen(truth, LandmarkType.penaltyMark, (x) => x < 0),
      known,
      tolerance,
      angleTolerance,
    );
    expect(search.best(20, 1.5)).toBeUndefined();
  });

  it("tells the heading from one corner's lines where its position alone fits several headings", () => {
    // In front of the own goal area, turned by 120 deg in the fall, seeing the goal area's left L corner: by its
    // position alone, it could as well be the right one, seen under another heading.
    const truth = { rotation: deg(-30), translation: { x: -3500, y: 0 } };
    const estimate = { rotation: deg(90), translation: { x: -3450, y: 50 } };
    const near = (x: number, y: number): boolean => x === -field.xPosOpponentGoalArea && y > 0;
    const withLines = new HeadingSearch();
    const corner = seen(truth, LandmarkType.lCorner, near, true);
    expect(corner).toHaveLength(1);
    for (let i = 0; i < 30; i++) withLines.vote(estimate, corner, known, tolerance, angleTolerance);
    const offset = withLines.best(20, 1.5)!;
    expect(Math.abs(normalizeAngle(estimate.rotation + offset - truth.rotation))).toBeLessThan(deg(10));
    const positionOnly = new HeadingSearch();
    const noLines = corner.map((l) => ({ ...l, hasOrientation: false }));
    for (let i = 0; i < 30; i++) positionOnly.vote(estimate, noLines, known, tolerance, angleTolerance);
    expect(positionOnly.best(20, 1.5)).toBeUndefined();
  });
});
