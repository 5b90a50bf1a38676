import { describe, expect, it } from 'vitest';
import { BehaviorRole } from '@robot-runtime/representations/BehaviorControl/BehaviorStatus';
import { assignRoles } from './roles';

describe('assignRoles', () => {
  it('ranks by time to the ball, the current striker with its bonus', () => {
    const roles = assignRoles(
      [
        { number: 2, time: 4000, striker: true, y: 0 },
        { number: 3, time: 3000, striker: false, y: 0 },
        { number: 4, time: 9000, striker: false, y: 0 },
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
        { number: 6, time: 1000, striker: false, y: 0 },
        { number: 7, time: 2000, striker: false, y: 0 },
        { number: 2, time: 8000, striker: false, y: 1500 },
        { number: 3, time: 8000, striker: false, y: -1400 },
        { number: 5, time: 8000, striker: false, y: 100 },
      ],
      1500,
    );
    expect([3, 5, 2].map((n) => roles.get(n)!.defenderIndex)).toEqual([0, 1, 2]);
    expect(roles.get(2)!.defenders).toBe(3);
  });
});
