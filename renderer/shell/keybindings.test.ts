import { describe, expect, it } from 'vitest';
import { Commands } from '../services/CommandBus';
import { bindingFor, shortcutLabel } from './keybindings';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; shiftKey: boolean; altKey: boolean; metaKey: boolean; code: string }> = {},
) => ({
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
  it('open the command palette with Ctrl+Shift+P and F1', () => {
    expect(bindingFor(key('P', { ctrlKey: true, shiftKey: true }))?.command).toBe(Commands.showPalette);
    expect(bindingFor(key('F1'))?.command).toBe(Commands.showPalette);
    expect(shortcutLabel(Commands.showPalette)).toBe('Ctrl+Shift+P / F1');
  });
  it('move between panels with F6 and Shift+F6, close one with Alt+W, reach the menu bar with F10', () => {
    expect(bindingFor(key('F6'))?.command).toBe(Commands.focusNextPanel);
    expect(bindingFor(key('F6', { shiftKey: true }))?.command).toBe(Commands.focusPreviousPanel);
    expect(bindingFor(key('w', { altKey: true }))?.command).toBe(Commands.closePanel);
    // macOS: Option+W types "∑"; the physical key still counts.
    expect(bindingFor(key('∑', { altKey: true, code: 'KeyW' }))?.command).toBe(Commands.closePanel);
    expect(bindingFor(key('F10'))?.command).toBe(Commands.focusMenuBar);
  });
  it('leave other keys alone', () => {
    expect(bindingFor(key('o'))).toBeUndefined();
    expect(bindingFor(key('F5', { ctrlKey: true }))).toBeUndefined();
    expect(bindingFor(key('w', { ctrlKey: true }))).toBeUndefined();
    expect(bindingFor(key('p', { ctrlKey: true }))).toBeUndefined();
    expect(bindingFor(key('x', { code: 'KeyW' }))).toBeUndefined();
  });
});
