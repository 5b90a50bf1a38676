import { describe, expect, it } from 'vitest';
import { commandForKey } from './playerKeys';

describe('log player keys', () => {
  it('map to the log commands of facts §4.2', () => {
    expect(commandForKey(' ', false)).toBe('log start');
    expect(commandForKey(' ', true)).toBe('log pause');
    expect(['Home', 'End', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown'].map((k) => commandForKey(k, false))).toEqual([
      'log stop',
      'log repeat',
      'log backward',
      'log forward',
      'log backward image',
      'log forward image',
      'log backward fast',
      'log forward fast',
    ]);
    expect(commandForKey('a', false)).toBeUndefined();
  });
});
