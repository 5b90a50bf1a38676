import { describe, expect, it } from 'vitest';
import type { Pose2 } from '@robot-runtime/math/types';
import { deg, poseToLocal } from '@robot-runtime/math/vec2';
import { FieldDimensions, fieldLandmarks } from '@robot-runtime/representations/Configuration/FieldDimensions';
import {
  LandmarkType,
  orientationPeriod,
  wrapToPeriod,
  type SeenLandmark,
} from '@robot-runtime/representations/Perception/LandmarkPercept';
import { SidelineChoice, returnFromPenaltyPoses } from './sidelineChoice';

const field = FieldDimensions.defaultValue();
const known = fieldLandmarks(field);
const tolerance = (d: number): number => 300 + 0.15 * d;

/** Every feature within 3 m in front of a robot at `truth`, in its own frame, with the lines of corners. */
function inView(truth: Pose2): SeenLandmark[] {
  return known
    .map((l) => ({ l, at: poseToLocal(truth, l.position) }))
    .filter(({ at }) => at.x > 0 && Math.hypot(at.x, at.y) < 3000 && Math.abs(Math.atan2(at.y, at.x)) < deg(60))
    .map(({ l, at }) => ({
      type: l.type,
      position: at,
      hasOrientation: true,
      orientation: wrapToPeriod(l.direction - truth.rotation, orientationPeriod(l.type)),
    }));
}

describe('the sideline a robot returns to after a penalty', () => {
  const poses = returnFromPenaltyPoses(field);

  it('lies at the own penalty mark on either sideline, facing the field', () => {
    expect(poses.map((p) => [p.translation.x, p.translation.y, p.rotation])).toEqual([
      [-3200, 3000, -Math.PI / 2],
      [-3200, -3000, Math.PI / 2],
    ]);
  });

  for (const [name, index] of [
    ['left', 0],
    ['right', 1],
  ] as const) {
    it(`is found on the ${name} sideline from what the robot sees while it walks in`, () => {
      const choice = new SidelineChoice(poses);
      let truth = poses[index]!;
      let decided: Pose2 | undefined;
      // Walking 10 mm per frame into the field, seeing what lies ahead.
      for (let frame = 0; frame < 100 && !decided; frame++) {
        const step = { rotation: 0, translation: { x: 10, y: 0 } };
        truth = {
          rotation: truth.rotation,
          translation: {
            x: truth.translation.x + 10 * Math.cos(truth.rotation),
            y: truth.translation.y + 10 * Math.sin(truth.rotation),
          },
        };
        choice.move(step);
        choice.vote(inView(truth), known, tolerance, deg(30));
        decided = choice.decided(6, 3);
      }
      expect(decided).toBeDefined();
      expect(
        Math.hypot(decided!.translation.x - truth.translation.x, decided!.translation.y - truth.translation.y),
      ).toBeLessThan(1);
      expect(decided!.rotation).toBeCloseTo(truth.rotation);
    });
  }

  it('does not decide while what is seen fits both sidelines', () => {
    const choice = new SidelineChoice(poses);
    // The own penalty mark alone, straight ahead of either pose (the line between the two poses runs through it).
    const mark = { type: LandmarkType.penaltyMark, position: { x: 3000, y: 0 }, hasOrientation: false, orientation: 0 };
    for (let i = 0; i < 50; i++) choice.vote([mark], known, tolerance, deg(30));
    expect(choice.decided(6, 3)).toBeUndefined();
  });
});
