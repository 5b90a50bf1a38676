/**
 * @file Command history for Ctrl+Up/Ctrl+Down (formats §1.1): older and newer entries, with the line being typed
 * kept so that walking back down restores it. Consecutive duplicates are stored once.
 */

/** Entries kept. */
const MAX_ENTRIES = 500;

/** The history of executed lines. */
export class CommandHistory {
  private readonly entries: string[];
  /** Position while browsing: entries.length means "the line being typed". */
  private index: number;
  private draft = '';

  constructor(initial: readonly string[] = []) {
    this.entries = initial.slice(-MAX_ENTRIES);
    this.index = this.entries.length;
  }

  /** Records an executed line and stops browsing. */
  add(line: string): void {
    if (line.trim() !== '' && this.entries[this.entries.length - 1] !== line) {
      this.entries.push(line);
      if (this.entries.length > MAX_ENTRIES) this.entries.shift();
    }
    this.index = this.entries.length;
    this.draft = '';
  }

  /** The previous (older) entry, given the current text; undefined at the oldest. */
  older(current: string): string | undefined {
    if (this.index === 0) return undefined;
    if (this.index === this.entries.length) this.draft = current;
    return this.entries[--this.index];
  }

  /** The next (newer) entry, or the saved draft past the newest; undefined when not browsing. */
  newer(): string | undefined {
    if (this.index >= this.entries.length) return undefined;
    this.index++;
    return this.index === this.entries.length ? this.draft : this.entries[this.index];
  }

  /** All entries, oldest first (for saving). */
  get all(): readonly string[] {
    return this.entries;
  }
}
