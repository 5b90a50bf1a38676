import { describe, expect, it } from 'vitest';
import { SnapshotStore } from './SnapshotStore';

const snapshot = (bytes = 100) => ({ bytes });

describe('SnapshotStore', () => {
  it('wants a snapshot every interval and finds the nearest before a frame', () => {
    const store = new SnapshotStore({ budgetBytes: 10_000, intervalFrames: 10 });
    for (let f = 0; f < 100; f++) if (store.wants(f)) store.add(f, snapshot());
    expect(store.frames).toEqual([9, 19, 29, 39, 49, 59, 69, 79, 89, 99]);
    expect(store.nearest(35)?.frame).toBe(29);
    expect(store.nearest(29)?.frame).toBe(29);
    expect(store.nearest(8)).toBeUndefined();
    expect(store.wants(45)).toBe(false);
  });

  it('stays within its budget, evicting so that the rest covers the frames evenly', () => {
    const store = new SnapshotStore({ budgetBytes: 1000, intervalFrames: 10 });
    for (let f = 0; f < 1000; f++) if (store.wants(f)) store.add(f, snapshot());
    expect(store.size).toBe(10);
    expect(store.bytes).toBe(1000);
    expect(store.peakBytes).toBeLessThanOrEqual(1000);
    expect(store.evictions).toBe(90);
    const frames = [-1, ...store.frames];
    const gaps = frames.slice(1).map((f, i) => f - frames[i]!);
    // Ten snapshots over 1000 frames: no gap much larger than twice the even spacing.
    expect(Math.max(...gaps)).toBeLessThanOrEqual(200);
    expect(store.frames.at(-1)).toBeGreaterThanOrEqual(900);
  });

  it('keeps no snapshot larger than the budget and forgets everything on clear', () => {
    const store = new SnapshotStore({ budgetBytes: 1000, intervalFrames: 1 });
    store.add(5, snapshot(2000));
    expect(store.size).toBe(0);
    store.add(5, snapshot());
    store.add(5, snapshot(200));
    expect(store.bytes).toBe(200);
    store.clear();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });
});
