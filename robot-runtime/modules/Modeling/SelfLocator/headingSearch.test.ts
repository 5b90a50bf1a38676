import { describe, expect, it } from 'vitest';
import type { Pose2 } from '@robot-runtime/math/types';
import { deg, normalizeAngle, poseToLocal } from '@robot-runtime/math/vec2';
import { FieldDimensions, fieldLandmarks } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { LandmarkType, type SeenLandmark } from '@robot-runtime/representations/Perception/LandmarkPercept';
import { HeadingSearch } from './headingSearch';

const field = FieldDimensions.defaultValue();
const known = fieldLandmarks(field);
const tolerance = (d: number): number => 300 + 0.15 * d;

/** What a robot at `truth` sees of the landmarks of `type` that pass `where`, in its own frame. */
function seen(truth: Pose2, type: number, where: (x: number, y: number) => boolean): SeenLandmark[] {
  return known
    .filter((l) => l.type === type && where(l.position.x, l.position.y))
    .map((l) => ({ type, position: poseToLocal(truth, l.position), hasOrientation: false, orientation: 0 }));
}

describe('heading search after a fall', () => {
  it('finds how far the robot turned from a penalty mark seen for a while', () => {
    const truth = { rotation: deg(180), translation: { x: -2300, y: 300 } };
    // The estimate kept the heading from before the fall: 100 deg off, and 150 mm off in position.
    const estimate = { rotation: deg(80), translation: { x: -2400, y: 400 } };
    const search = new HeadingSearch();
    const mark = seen(truth, LandmarkType.penaltyMark, (x) => x < 0);
    for (let i = 0; i < 30; i++) search.vote(estimate, mark, known, tolerance);
    const offset = search.best(20, 1.5)!;
    expect(Math.abs(normalizeAngle(estimate.rotation + offset - truth.rotation))).toBeLessThan(deg(10));
  });

  it('does not decide from one goal post, which fits either post of the goal, but does from both', () => {
    const truth = { rotation: deg(170), translation: { x: -1800, y: 0 } };
    const search = new HeadingSearch();
    const onePost = seen(truth, LandmarkType.goalPost, (x, y) => x < 0 && y > 0);
    for (let i = 0; i < 30; i++) search.vote(truth, onePost, known, tolerance);
    expect(search.best(20, 1.5)).toBeUndefined();
    const otherPost = seen(truth, LandmarkType.goalPost, (x, y) => x < 0 && y < 0);
    for (let i = 0; i < 30; i++) search.vote(truth, otherPost, known, tolerance);
    expect(Math.abs(search.best(20, 1.5)!)).toBeLessThan(deg(10));
  });

  it('does not decide from too few votes', () => {
    const truth = { rotation: 0, translation: { x: -2300, y: 300 } };
    const search = new HeadingSearch();
    search.vote(
      truth,
      seen(truth, LandmarkType.penaltyMark, (x) => x < 0),
      known,
      tolerance,
    );
    expect(search.best(20, 1.5)).toBeUndefined();
  });
});
