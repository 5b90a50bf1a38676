import { describe, expect, it } from 'vitest';
import { actionForKey } from './playerKeys';

describe('log player keys', () => {
  it('map to the playback actions of the log commands of formats §4.2', () => {
    expect(actionForKey(' ', false)).toEqual({ kind: 'play' });
    expect(actionForKey(' ', true)).toEqual({ kind: 'pause' });
    expect(
      ['Home', 'End', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown'].map((k) =>
        actionForKey(k, false),
      ),
    ).toEqual([
      { kind: 'stop' },
      { kind: 'repeat' },
      { kind: 'step', frames: -1 },
      { kind: 'step', frames: 1 },
      { kind: 'stepImage', direction: -1 },
      { kind: 'stepImage', direction: 1 },
      { kind: 'step', frames: -100 },
      { kind: 'step', frames: 100 },
    ]);
    expect(actionForKey('a', false)).toBeUndefined();
  });
});
