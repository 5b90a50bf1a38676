/**
 * @file One thread's blackboard: exactly one instance per representation, created from the representation's
 * default and then updated in place by its provider (or by the exchange from another thread). Keeping the
 * instance stable lets modules, MODIFY overrides and decoders hold references across frames.
 */
import type { TypeRef } from '../../protocol/types';

interface Entry {
  readonly type: TypeRef<unknown>;
  value: unknown;
}

/** Representation instances of one thread by name. */
export class Blackboard {
  private readonly entries = new Map<string, Entry>();

  /** Creates the instance from the type's default unless it already exists (existing data is kept). */
  ensure(name: string, type: TypeRef<unknown>): void {
    const existing = this.entries.get(name);
    if (!existing || existing.type !== type) this.entries.set(name, { type, value: type.defaultValue() });
  }

  /** Drops every instance not named in `keep` (after a reconfiguration). */
  retain(keep: ReadonlySet<string>): void {
    for (const name of [...this.entries.keys()]) if (!keep.has(name)) this.entries.delete(name);
  }

  /** The current instance, or undefined when the representation is not on this blackboard. */
  get(name: string): unknown {
    return this.entries.get(name)?.value;
  }

  /** The declared type of `name`. */
  typeOf(name: string): TypeRef<unknown> | undefined {
    return this.entries.get(name)?.type;
  }

  /**
   * Replaces the instance. Only for values that cannot be updated in place (a decoder that had to build a new
   * value); providers always update in place.
   */
  set(name: string, value: unknown): void {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`${name} is not on this blackboard`);
    entry.value = value;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Names in creation order. */
  names(): string[] {
    return [...this.entries.keys()];
  }
}
