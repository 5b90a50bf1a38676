import { describe, expect, it } from 'vitest';
import { AnnotationTracker, MAX_ANNOTATIONS } from './AnnotationTracker';

describe('AnnotationTracker', () => {
  it('keeps annotations per thread, bounded, and empties a thread on CLEAR', () => {
    const tracker = new AnnotationTracker();
    tracker.add('Cognition', 0, 'GameState', 'kickoff');
    tracker.add('Motion', 0, 'Fall', 'front');
    expect(tracker.threadNames.sort()).toEqual(['Cognition', 'Motion']);
    expect(tracker.data('Cognition')).toEqual({
      kind: 'annotations',
      thread: 'Cognition',
      entries: [{ number: 0, frame: 0, name: 'GameState', description: 'kickoff' }],
    });
    const before = tracker.version('Cognition');
    for (let i = 1; i <= MAX_ANNOTATIONS + 5; i++) tracker.add('Cognition', i, 'Tick', String(i));
    expect(tracker.version('Cognition')).toBeGreaterThan(before);
    const entries = tracker.data('Cognition').entries;
    expect(entries).toHaveLength(MAX_ANNOTATIONS);
    expect(entries[0]!.number).toBe(6);
    tracker.add('Cognition', 9999, 'CLEAR', '');
    expect(tracker.data('Cognition').entries).toEqual([]);
    expect(tracker.data('Motion').entries).toHaveLength(1);
  });
});
