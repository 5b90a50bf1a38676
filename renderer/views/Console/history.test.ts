import { describe, expect, it } from 'vitest';
import { CommandHistory } from './history';

describe('CommandHistory', () => {
  it('walks back and forth and restores the draft', () => {
    const h = new CommandHistory();
    h.add('one');
    h.add('two');
    h.add('two');
    expect(h.older('draft')).toBe('two');
    expect(h.older('two')).toBe('one');
    expect(h.older('one')).toBeUndefined();
    expect(h.newer()).toBe('two');
    expect(h.newer()).toBe('draft');
    expect(h.newer()).toBeUndefined();
    expect(h.all).toEqual(['one', 'two']);
  });

  it('ignores blank lines', () => {
    const h = new CommandHistory();
    h.add('  ');
    expect(h.all).toEqual([]);
  });
});
