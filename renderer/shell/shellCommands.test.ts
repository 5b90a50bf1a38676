// The palette's shell commands come from the menus: each argument-free menu item once, titled `Menu: Item`.
import { describe, expect, it } from 'vitest';
import { Commands } from '../services/CommandBus';
import { menus } from './menu/menus';
import { SHELL_COMMANDS } from './shellCommands';

describe('SHELL_COMMANDS', () => {
  it('lists every menu command that takes no arguments, titled by its menu, and the menu bar focus', () => {
    const titles = new Map(SHELL_COMMANDS.map((c) => [c.id, c.title]));
    expect(titles.size).toBe(SHELL_COMMANDS.length);
    expect(titles.get(Commands.open)).toBe('File: Open .con script…');
    expect(titles.get(Commands.step)).toBe('Simulation: Step');
    expect(titles.get(Commands.closePanel)).toBe('View: Close panel');
    expect(titles.get(Commands.focusMenuBar)).toBe('View: Focus menu bar');
    const menuCommands = menus()
      .flatMap((m) => m.items)
      .filter((i) => i.args === undefined)
      .map((i) => i.command);
    expect(menuCommands.length).toBe(13);
    for (const id of menuCommands) expect(titles.has(id)).toBe(id !== Commands.showPalette);
  });
});
