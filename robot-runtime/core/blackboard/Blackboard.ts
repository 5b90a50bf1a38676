/**
 * @file One thread's blackboard: exactly one instance per representation, created from the representation's
 * default and then updated in place by its provider (or by the exchange from another thread). Keeping the
 * instance stable lets modules, MODIFY overrides and decoders hold references across frames.
 */
import type { TypeRef } from '../../protocol/types';

/**
 * The place of one representation on a blackboard. A slot object lives as long as its blackboard, whatever
 * reconfigurations drop and re-create the representation, so the code that runs every frame (input getters of
 * modules, the thread runner, the exchange) resolves the name once and then reads `value` without a lookup by
 * name: with 14 simulated robots those lookups ran about a million times per simulated second.
 */
export interface BlackboardSlot {
  readonly name: string;
  /** The current instance; undefined while the representation is not on the blackboard. */
  readonly value: unknown;
}

interface Slot extends BlackboardSlot {
  /** Declared type; undefined while the representation is not on the blackboard. */
  type: TypeRef<unknown> | undefined;
  value: unknown;
}

/** Representation instances of one thread by name. */
export class Blackboard {
  /** Representations on the blackboard, in creation order. */
  private readonly entries = new Map<string, Slot>();
  /** Every slot handed out or created so far, including those of representations dropped since. */
  private readonly slots = new Map<string, Slot>();

  /** Creates the instance from the type's default unless it already exists (existing data is kept). */
  ensure(name: string, type: TypeRef<unknown>): void {
    const existing = this.entries.get(name);
    if (existing && existing.type === type) return;
    const slot = this.slotOf(name);
    slot.type = type;
    slot.value = type.defaultValue();
    // A re-typed representation keeps its place in the creation order, a new one goes to the end.
    if (!existing) this.entries.set(name, slot);
  }

  /** Drops every instance not named in `keep` (after a reconfiguration). */
  retain(keep: ReadonlySet<string>): void {
    for (const [name, slot] of [...this.entries]) {
      if (keep.has(name)) continue;
      this.entries.delete(name);
      slot.type = undefined;
      slot.value = undefined;
    }
  }

  /** The current instance, or undefined when the representation is not on this blackboard. */
  get(name: string): unknown {
    return this.entries.get(name)?.value;
  }

  /**
   * The slot of `name` (see BlackboardSlot), also for a representation not (yet) on the blackboard: its value is
   * undefined until ensure() creates it.
   */
  slot(name: string): BlackboardSlot {
    return this.slotOf(name);
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

  /** set() through a slot of this blackboard (no lookup by name). */
  setSlot(slot: BlackboardSlot, value: unknown): void {
    const own = this.slots.get(slot.name);
    if (own !== slot || own.type === undefined) throw new Error(`${slot.name} is not on this blackboard`);
    own.value = value;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Names in creation order. */
  names(): string[] {
    return [...this.entries.keys()];
  }

  private slotOf(name: string): Slot {
    let slot = this.slots.get(name);
    if (!slot) this.slots.set(name, (slot = { name, type: undefined, value: undefined }));
    return slot;
  }
}
