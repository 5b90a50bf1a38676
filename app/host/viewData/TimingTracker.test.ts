import { describe, expect, it } from 'vitest';
import { TimingTracker } from './TimingTracker';

describe('TimingTracker', () => {
  it('computes min/max/avg over the window, frequency and frame deltas, and hides nothing itself', () => {
    let now = 0;
    const tracker = new TimingTracker(() => now);
    for (let i = 0; i < 120; i++) {
      now = i * 10;
      tracker.add('Motion', {
        names: i === 0 ? [{ watchId: 1, name: 'JointRequest' }, { watchId: 2, name: 'AllModules' }] : [],
        times: [
          { watchId: 1, micros: 1000 + (i % 4) * 500 },
          { watchId: 2, micros: 3000 },
        ],
        threadStartTime: i * 12,
        frameNumber: i,
      });
    }
    now = 2000;
    const table = tracker.table('Motion');
    expect(table.frequency).toBeCloseTo(1000 / 12, 5);
    expect(table.minDelta).toBe(12);
    expect(table.maxDelta).toBe(12);
    expect(table.rows.map((r) => r.name)).toEqual(['AllModules', 'JointRequest']);
    expect(table.rows[1]).toMatchObject({ min: 1, max: 2.5, avg: 1.75, age: 2000 - 1190 });
    expect(tracker.history('Motion', 'AllModules')).toHaveLength(120);
    expect(tracker.table('Nowhere').rows).toEqual([]);
  });
});
