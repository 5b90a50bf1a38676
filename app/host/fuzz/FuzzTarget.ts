/**
 * @file The shape of one fuzz target: what `targets.ts` lists and `runFuzz.ts` drives. It stands apart so that a
 * target defined in a file of its own (the MCAP replay target) and the list of all targets import each other in
 * one direction only.
 */
/** One decoder under fuzzing. */
export interface FuzzTarget {
  /** Name used in reports and to reproduce a failure. */
  readonly name: string;
  /** What is fed: the entry points that run per input. */
  readonly drives: string;
  /** Valid inputs that mutations start from. */
  seeds(): Uint8Array[];
  /** Hostile inputs made on purpose (bombs, the findings' inputs); run before the mutated ones. */
  crafted(): Uint8Array[];
  /** Decodes one input; returns what was built (kept alive while the heap is measured). */
  run(input: Uint8Array): unknown;
  /** Error types the decoder may throw for bad input (the documented ones); others are failures. */
  readonly expected: readonly (new (...args: never[]) => Error)[];
  /**
   * Loads what the runs need and cannot load synchronously (the physics engine, seeds that need it);
   * prepareFuzzTargets awaits it before any run.
   */
  prepare?(): Promise<unknown>;
}
