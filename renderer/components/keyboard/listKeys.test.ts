import { describe, expect, it } from 'vitest';
import { listMove } from './listKeys';

describe('listMove', () => {
  it('moves with the arrows of its orientation and stops at the ends', () => {
    expect(listMove('ArrowDown', 0, 3)).toBe(1);
    expect(listMove('ArrowDown', 2, 3)).toBe(2);
    expect(listMove('ArrowUp', 0, 3)).toBe(0);
    expect(listMove('ArrowRight', 0, 3)).toBeUndefined();
    expect(listMove('ArrowRight', 0, 3, { orientation: 'horizontal' })).toBe(1);
    expect(listMove('ArrowDown', 0, 3, { orientation: 'horizontal' })).toBeUndefined();
    expect(listMove('ArrowLeft', 1, 3, { orientation: 'both' })).toBe(0);
  });
  it('wraps when asked, jumps with Home, End and pages', () => {
    expect(listMove('ArrowDown', 2, 3, { wrap: true })).toBe(0);
    expect(listMove('ArrowUp', 0, 3, { wrap: true })).toBe(2);
    expect(listMove('Home', 2, 3)).toBe(0);
    expect(listMove('End', 0, 3)).toBe(2);
    expect(listMove('PageDown', 1, 30, { page: 10 })).toBe(11);
    expect(listMove('PageUp', 5, 30, { page: 10 })).toBe(0);
    expect(listMove('PageDown', 1, 30)).toBeUndefined();
  });
  it('starts at the first or last item without a current one, and ignores empty lists', () => {
    expect(listMove('ArrowDown', -1, 3)).toBe(0);
    expect(listMove('ArrowUp', -1, 3)).toBe(2);
    expect(listMove('ArrowDown', -1, 0)).toBeUndefined();
    expect(listMove('a', 0, 3)).toBeUndefined();
  });
});
