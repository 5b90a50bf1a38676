import { describe, expect, it } from 'vitest';
import { Commands } from '../services/CommandBus';
import { bindingFor } from './keybindings';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; shiftKey: boolean; altKey: boolean; metaKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});

describe('global shortcuts', () => {
  it('map F5, Shift+F5, F8 and Ctrl+O to commands', () => {
    expect(bindingFor(key('F5'))?.command).toBe(Commands.runPause);
    expect(bindingFor(key('F5', { shiftKey: true }))?.command).toBe(Commands.reset);
    expect(bindingFor(key('F8'))?.command).toBe(Commands.step);
    expect(bindingFor(key('o', { ctrlKey: true }))?.command).toBe(Commands.open);
    expect(bindingFor(key('O', { metaKey: true }))?.command).toBe(Commands.open);
  });
  it('leave other keys alone', () => {
    expect(bindingFor(key('o'))).toBeUndefined();
    expect(bindingFor(key('F5', { ctrlKey: true }))).toBeUndefined();
  });
});
