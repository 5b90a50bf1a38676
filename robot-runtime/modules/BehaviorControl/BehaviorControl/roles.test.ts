import { describe, expect, it } from 'vitest';
import { BehaviorRole } from '@robot-runtime/representations/BehaviorControl/BehaviorStatus';
import { assignRoles } from './roles';

describe('assignRoles', () => {
  it('ranks by time to the ball, the current striker with its bonus', () => {
    const roles = assignRoles(
      [
        { number: 2, time: 4000, striker: true, x: 0, y: 0 },
        { number: 3, time: 3000, striker: false, x: 0, y: 0 },
        { number: 4, time: 9000, striker: false, x: 0, y: 0 },
      ],
      1500,
    );
    expect(roles.get(2)!.role).toBe(BehaviorRole.striker);
    expect(roles.get(3)!.role).toBe(BehaviorRole.supporter);
    expect(roles.get(4)!.role).toBe(BehaviorRole.defender);
  });

  it('gives the defenders their slots in the order they stand across the field, not by number', () => {
    // Slots run from right (-y) to left: the defender standing furthest right takes the first, so none crosses another.
    const roles = assignRoles(
      [
        { number: 6, time: 1000, striker: false, x: 0, y: 0 },
        { number: 7, time: 2000, striker: false, x: 0, y: 0 },
        { number: 2, time: 8000, striker: false, x: 0, y: 1500 },
        { number: 3, time: 8000, striker: false, x: 0, y: -1400 },
        { number: 5, time: 8000, striker: false, x: 0, y: 100 },
      ],
      1500,
    );
    expect([3, 5, 2].map((n) => roles.get(n)!.slot)).toEqual([0, 1, 2]);
    expect(roles.get(2)!.slots).toBe(3);
  });

  it('makes the robots furthest up the field forwards, at most half of the rest', () => {
    const candidates = [
      { number: 2, time: 1000, striker: false, x: 0, y: 0 },
      { number: 3, time: 2000, striker: false, x: 0, y: 500 },
      { number: 4, time: 8000, striker: false, x: 1500, y: 1500 },
      { number: 5, time: 8000, striker: false, x: -3000, y: -1000 },
      { number: 6, time: 8000, striker: false, x: 1200, y: -1500 },
      { number: 7, time: 8000, striker: false, x: -3000, y: 1000 },
    ];
    const roles = assignRoles(candidates, 1500, 2);
    expect([4, 6].map((n) => roles.get(n)!.role)).toEqual([BehaviorRole.forward, BehaviorRole.forward]);
    expect([6, 4].map((n) => roles.get(n)!.slot)).toEqual([0, 1]);
    expect([5, 7].map((n) => roles.get(n)!.role)).toEqual([BehaviorRole.defender, BehaviorRole.defender]);
    // Three players besides striker and supporter leave one forward; without maxForwards all defend.
    const three = assignRoles(candidates.slice(0, 5), 1500, 2);
    expect(candidates.slice(2, 5).map((c) => three.get(c.number)!.role)).toEqual([
      BehaviorRole.forward,
      BehaviorRole.defender,
      BehaviorRole.defender,
    ]);
    expect(assignRoles(candidates, 1500).get(4)!.role).toBe(BehaviorRole.defender);
  });
});
