import { describe, expect, it } from 'vitest';
import { watchAltTap } from './altTap';

/** A keyboard event as far as the watcher reads it. */
function key(
  type: 'keydown' | 'keyup',
  k: string,
  mods: Partial<{ ctrlKey: boolean; shiftKey: boolean; repeat: boolean }> = {},
): Event {
  return Object.assign(new Event(type, { cancelable: true }), {
    key: k,
    ctrlKey: false,
    shiftKey: false,
    metaKey: false,
    repeat: false,
    ...mods,
  });
}

function watch(): { target: EventTarget; taps: () => number } {
  const target = new EventTarget();
  let taps = 0;
  watchAltTap(target as unknown as Window, () => taps++);
  return { target, taps: () => taps };
}

describe('watchAltTap', () => {
  it('reports Alt pressed and released alone, even when held', () => {
    const { target, taps } = watch();
    target.dispatchEvent(key('keydown', 'Alt'));
    target.dispatchEvent(key('keydown', 'Alt', { repeat: true }));
    target.dispatchEvent(key('keyup', 'Alt'));
    expect(taps()).toBe(1);
  });
  it('ignores Alt used with another key, a click or another modifier', () => {
    const { target, taps } = watch();
    target.dispatchEvent(key('keydown', 'Alt'));
    target.dispatchEvent(key('keydown', 'w'));
    target.dispatchEvent(key('keyup', 'Alt'));
    target.dispatchEvent(key('keydown', 'Alt'));
    target.dispatchEvent(new Event('pointerdown'));
    target.dispatchEvent(key('keyup', 'Alt'));
    target.dispatchEvent(key('keydown', 'Alt', { ctrlKey: true }));
    target.dispatchEvent(key('keyup', 'Alt'));
    expect(taps()).toBe(0);
  });
});
