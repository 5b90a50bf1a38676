/**
 * @file Commands by id (VS Code's model): menus, shortcuts and later console commands all run commands through
 * the bus, so the same action has one implementation whatever triggered it. A view registers handlers while it
 * is open; the most recent registration wins and the previous one returns when it is disposed.
 */

/** A command handler; `args` are command specific. */
export type CommandHandler = (...args: unknown[]) => void | Promise<void>;

/** Ids of the commands the shell knows about (views may add more). */
export const Commands = {
  runPause: 'simulation.runPause',
  step: 'simulation.step',
  reset: 'simulation.reset',
  open: 'file.open',
  openView: 'view.open',
  resetLayout: 'layout.reset',
} as const;

/** Dispatches commands to their handlers. */
export class CommandBus {
  private readonly handlers = new Map<string, CommandHandler[]>();
  private readonly unhandledListeners = new Set<(id: string) => void>();

  /** Registers a handler; returns the function that removes it. */
  register(id: string, handler: CommandHandler): () => void {
    const stack = this.handlers.get(id) ?? [];
    stack.push(handler);
    this.handlers.set(id, stack);
    return () => {
      const current = this.handlers.get(id) ?? [];
      const index = current.lastIndexOf(handler);
      if (index >= 0) current.splice(index, 1);
    };
  }

  /** Whether some handler is registered for `id`. */
  has(id: string): boolean {
    return (this.handlers.get(id)?.length ?? 0) > 0;
  }

  /** Runs the newest handler of `id`; reports to `onUnhandled` listeners when there is none. */
  async execute(id: string, ...args: unknown[]): Promise<void> {
    const stack = this.handlers.get(id);
    const handler = stack?.[stack.length - 1];
    if (!handler) {
      for (const listener of this.unhandledListeners) listener(id);
      return;
    }
    await handler(...args);
  }

  /** Listens to commands nobody handles (the shell shows them in the status bar). */
  onUnhandled(listener: (id: string) => void): () => void {
    this.unhandledListeners.add(listener);
    return () => this.unhandledListeners.delete(listener);
  }
}
