/**
 * @file Commands by id (VS Code's model): menus, shortcuts, the command palette and later console commands all
 * run commands through the bus, so the same action has one implementation whatever triggered it. A view
 * registers handlers while it is open; the most recent registration wins and the previous one returns when it
 * is disposed. Commands that a user may run directly are also described (a title), which is what the command
 * palette lists.
 */

/** A command handler; `args` are command specific. */
export type CommandHandler = (...args: unknown[]) => void | Promise<void>;

/** Ids of the commands the shell knows about (views may add more). */
export const Commands = {
  runPause: 'simulation.runPause',
  step: 'simulation.step',
  reset: 'simulation.reset',
  open: 'file.open',
  openLog: 'file.openLog',
  openScene: 'file.openScene',
  exportLayout: 'layout.export',
  importLayout: 'layout.import',
  /** Argument: the sentence the status bar shows (a result or an error of a command). */
  showMessage: 'status.show',
  /** Arguments: view id, optional view parameters, optional {@link OpenViewOptions}. */
  openView: 'view.open',
  resetLayout: 'layout.reset',
  /** Opens a panel for every field, plot and image view the robot consoles have (`vf`, `vp`, `vi` …). */
  openConsoleViews: 'view.openConsoleViews',
  showPalette: 'palette.show',
  focusNextPanel: 'panel.focusNext',
  focusPreviousPanel: 'panel.focusPrevious',
  closePanel: 'panel.close',
  focusMenuBar: 'menu.focus',
} as const;

/**
 * The third argument of `view.open`. Views opened by a person (palette, menu, scene tree) take the keyboard
 * focus; views that console commands open (`vf`, `vp`) must not take it from the command line.
 */
export interface OpenViewOptions {
  readonly focus?: boolean;
  /** Open it behind the view in front of its group (a start script's view), and leave an open one where it is. */
  readonly background?: boolean;
}

/** What the command palette shows for a command that takes no arguments. */
export interface CommandDescription {
  readonly id: string;
  /** `Category: Action`, as VS Code titles its commands. */
  readonly title: string;
}

/** Dispatches commands to their handlers. */
export class CommandBus {
  private readonly handlers = new Map<string, CommandHandler[]>();
  private readonly unhandledListeners = new Set<(id: string) => void>();
  private readonly described = new Map<string, CommandDescription>();
  private readonly registeredListeners = new Set<(id: string) => void>();

  /** Registers a handler; returns the function that removes it. */
  register(id: string, handler: CommandHandler): () => void {
    const stack = this.handlers.get(id) ?? [];
    stack.push(handler);
    this.handlers.set(id, stack);
    for (const listener of this.registeredListeners) listener(id);
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

  /** Listens to new registrations (a fallback handler hands over to the view that registers after it). */
  onRegistered(listener: (id: string) => void): () => void {
    this.registeredListeners.add(listener);
    return () => this.registeredListeners.delete(listener);
  }

  /** Lists a command in the palette (whether or not a handler exists yet); returns the function that unlists it. */
  describe(description: CommandDescription): () => void {
    this.described.set(description.id, description);
    return () => {
      if (this.described.get(description.id) === description) this.described.delete(description.id);
    };
  }

  /** The described commands, in the order they were described. */
  descriptions(): readonly CommandDescription[] {
    return [...this.described.values()];
  }
}
