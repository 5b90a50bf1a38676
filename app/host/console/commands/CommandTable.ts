/**
 * @file The one dispatch table of the console: every command of every area (robot, global, simulation, log, team
 * monitor, remote robots), looked up by its word. The controller dispatches global commands from it and routes
 * robot commands to the selected robots' consoles, which look them up here too; `help` and Tab completion list
 * it. An area registers its descriptors from one place (its `*Commands.ts` file).
 */
import type { CommandDescriptor, GlobalCommand } from './types';

/** Commands by word. */
export class CommandTable {
  private readonly byWord = new Map<string, CommandDescriptor>();
  private readonly descriptors = new Map<string, CommandDescriptor>();

  constructor(...areas: (readonly CommandDescriptor[])[]) {
    for (const area of areas) this.register(area);
  }

  /** Adds commands; a command of the same name (an area registered again, e.g. after a reset) is replaced. */
  register(commands: readonly CommandDescriptor[]): this {
    for (const command of commands) {
      this.descriptors.set(command.name, command);
      for (const word of [command.name, ...(command.aliases ?? [])]) this.byWord.set(word, command);
    }
    return this;
  }

  /** The command a word names (its name or an alias). */
  get(word: string): CommandDescriptor | undefined {
    return this.byWord.get(word);
  }

  /** The global command a word names. */
  global(word: string): GlobalCommand | undefined {
    const command = this.byWord.get(word);
    return command?.scope === 'global' ? command : undefined;
  }

  /** Every command, sorted by name. */
  all(): CommandDescriptor[] {
    return [...this.descriptors.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Every command word (names and aliases), sorted. */
  words(): string[] {
    return [...this.byWord.keys()].sort((a, b) => a.localeCompare(b));
  }
}
