/**
 * @file The shell's commands as the command palette lists them, and the fallbacks for commands that belong to
 * a view that may not be open: Open .con script opens the console first and hands the request to it.
 */
import { Commands, type CommandBus, type CommandDescription } from '../services/CommandBus';

/** The commands the palette lists besides "View: Open …" (the palette does not list itself). */
export const SHELL_COMMANDS: readonly CommandDescription[] = [
  { id: Commands.open, title: 'File: Open .con Script…' },
  { id: Commands.openLog, title: 'File: Open Log…' },
  { id: Commands.openScene, title: 'File: Open Scene…' },
  { id: Commands.exportLayout, title: 'File: Export Layout…' },
  { id: Commands.importLayout, title: 'File: Import Layout…' },
  { id: Commands.runPause, title: 'Simulation: Run / Pause' },
  { id: Commands.step, title: 'Simulation: Step' },
  { id: Commands.reset, title: 'Simulation: Reset' },
  { id: Commands.focusNextPanel, title: 'View: Focus Next Panel' },
  { id: Commands.focusPreviousPanel, title: 'View: Focus Previous Panel' },
  { id: Commands.closePanel, title: 'View: Close Panel' },
  { id: Commands.focusMenuBar, title: 'View: Focus Menu Bar' },
  { id: Commands.resetLayout, title: 'View: Reset Layout' },
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
