/**
 * @file The shell's commands as the command palette lists them, and the fallbacks for commands that belong to
 * a view that may not be open: Open .con script opens the console first and hands the request to it.
 */
import { Commands, type CommandBus, type CommandDescription } from '../services/CommandBus';
import { menus } from './menu/menus';

/** What the palette lists that no menu has: moving the focus to the menu bar from the keyboard. */
const PALETTE_ONLY: readonly CommandDescription[] = [{ id: Commands.focusMenuBar, title: 'View: Focus menu bar' }];

/**
 * The commands the palette lists besides "View: Open …": every menu item that takes no arguments, titled
 * `Menu: Item` as VS Code titles its commands (the palette does not list itself), so a menu item and its palette
 * entry cannot drift apart.
 */
export const SHELL_COMMANDS: readonly CommandDescription[] = [
  ...menus().flatMap((menu) =>
    menu.items
      .filter((item) => item.args === undefined && item.command !== Commands.showPalette)
      .map((item) => ({ id: item.command, title: `${menu.title}: ${item.label}` })),
  ),
  ...PALETTE_ONLY,
];

/** How long the fallback waits for the console to register its handler (a cold lazy load on a busy machine). */
const HANDOVER_MS = 10_000;

/**
 * Describes the shell's commands and registers the fallback of `file.open`: with no console open, it opens
 * one and runs the console's own handler once that is registered. Returns the function that undoes both.
 */
export function registerShellCommands(commands: CommandBus): () => void {
  const undo = SHELL_COMMANDS.map((d) => commands.describe(d));
  const openFallback = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const stop = (): void => {
        off();
        clearTimeout(timer);
        resolve();
      };
      const off = commands.onRegistered((id) => {
        if (id !== Commands.open) return;
        stop();
        void commands.execute(Commands.open);
      });
      const timer = setTimeout(stop, HANDOVER_MS);
      void commands.execute(Commands.openView, 'console', undefined, { focus: true });
    });
  undo.push(commands.register(Commands.open, openFallback));
  return () => undo.forEach((d) => d());
}
